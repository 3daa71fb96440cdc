public import Foundation
public import MarqueeWire

/// A title kept on the device to read offline: its details as they were when it was saved.
public struct Download: Codable, Sendable, Equatable, Identifiable {
    /// A movie's or a show's details.
    public enum Details: Sendable, Equatable {
        case movie(MovieDetails)
        case tv(TVDetails)
    }

    /// The title's details.
    public var details: Details
    /// When it was saved.
    public var savedAt: Date

    /// Creates a download.
    public init(_ details: Details, savedAt: Date) {
        self.details = details
        self.savedAt = savedAt
    }

    /// `movie` or `tv`.
    public var kind: MediaKind {
        switch details {
        case .movie: .movie
        case .tv: .tv
        }
    }

    /// The title's id within its kind.
    public var titleID: Int {
        switch details {
        case .movie(let movie): movie.id
        case .tv(let show): show.id
        }
    }

    /// `movie-603`: unique among downloads.
    public var id: String { "\(kind.rawValue)-\(titleID)" }

    /// The title's name.
    public var title: String {
        switch details {
        case .movie(let movie): movie.title
        case .tv(let show): show.title
        }
    }

    /// The title's poster.
    public var poster: ImageSet? {
        switch details {
        case .movie(let movie): movie.poster
        case .tv(let show): show.poster
        }
    }

    private enum CodingKeys: String, CodingKey {
        case movie, tv, savedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        savedAt = try container.decode(Date.self, forKey: .savedAt)
        if let movie = try container.decodeIfPresent(MovieDetails.self, forKey: .movie) {
            details = .movie(movie)
        } else {
            details = .tv(try container.decode(TVDetails.self, forKey: .tv))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(savedAt, forKey: .savedAt)
        switch details {
        case .movie(let movie): try container.encode(movie, forKey: .movie)
        case .tv(let show): try container.encode(show, forKey: .tv)
        }
    }
}
