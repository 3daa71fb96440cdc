public import Foundation
public import MarqueeWire

/// The trailer a title's page plays: a YouTube trailer in the person's language, else one in English.
public struct Trailer: Sendable, Equatable {
    /// The video's name, as its site gives it.
    public var name: String
    /// The YouTube video id.
    public var youTubeKey: String
    /// ISO 639-1 language of the video, when known.
    public var language: String?
    /// Where the trailer plays on YouTube.
    public var watchURL: URL

    /// The first YouTube trailer of `videos` in `language` (a BCP 47 tag such as `fr-CA`; only `fr` is compared),
    /// else the first in English; nil when there is neither.
    public static func pick(from videos: [Video], language: String?) -> Trailer? {
        let trailers = videos.compactMap(Trailer.init)
        let wanted = language.flatMap(Self.primaryLanguage)
        if let wanted, let trailer = trailers.first(where: { $0.language.flatMap(Self.primaryLanguage) == wanted }) {
            return trailer
        }
        return trailers.first { $0.language.flatMap(Self.primaryLanguage) == "en" }
    }

    /// `video` as a trailer, when it is a YouTube trailer with a key that can go in a link as it is.
    init?(_ video: Video) {
        guard video.site.caseInsensitiveCompare("YouTube") == .orderedSame,
            video.type.caseInsensitiveCompare("Trailer") == .orderedSame, !video.key.isEmpty,
            video.key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            let url = URL(string: "https://www.youtube.com/watch?v=\(video.key)")
        else { return nil }
        name = video.name
        youTubeKey = video.key
        language = video.language
        watchURL = url
    }

    private static func primaryLanguage(_ tag: String) -> String? {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        return primary?.isEmpty == false ? primary : nil
    }
}
