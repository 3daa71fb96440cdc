import MarqueeCore
import MarqueeWire

/// Builds image URLs from TMDB's `/configuration`, picking the sizes closest to what Marquee's `ImageSet` wants.
struct TMDBImages: Sendable {
    private let baseURL: String
    private let poster: [String]
    private let backdrop: [String]
    private let profile: [String]
    private let logo: [String]

    init(configuration: TMDBConfiguration, baseURLOverride: String?) {
        let base = baseURLOverride ?? configuration.images.secureBaseUrl
        baseURL = base.hasSuffix("/") ? base : base + "/"
        poster = Self.pick(configuration.images.posterSizes, wanted: ["w185", "w342", "w780"])
        backdrop = Self.pick(configuration.images.backdropSizes, wanted: ["w300", "w780", "w1280"])
        profile = Self.pick(configuration.images.profileSizes, wanted: ["w185", "h632", "h632"])
        logo = Self.pick(configuration.images.logoSizes, wanted: ["w92", "w154", "w300"])
    }

    func poster(_ path: String?) -> ImageSet? { set(path, poster) }
    func backdrop(_ path: String?) -> ImageSet? { set(path, backdrop) }
    func profile(_ path: String?) -> ImageSet? { set(path, profile) }
    func logo(_ path: String?) -> ImageSet? { set(path, logo) }

    private func set(_ path: String?, _ sizes: [String]) -> ImageSet? {
        guard let path, path.hasPrefix("/") else { return nil }
        return ImageSet(
            small: baseURL + sizes[0] + path, medium: baseURL + sizes[1] + path, large: baseURL + sizes[2] + path,
            original: baseURL + "original" + path)
    }

    /// The wanted sizes where TMDB offers them; otherwise the nearest offered one (or `original`).
    private static func pick(_ offered: [String], wanted: [String]) -> [String] {
        wanted.map { size in
            if offered.contains(size) { return size }
            let number = Int(size.dropFirst()) ?? 0
            let sameAxis = offered.filter { $0.first == size.first }
            return sameAxis.min { abs((Int($0.dropFirst()) ?? 0) - number) < abs((Int($1.dropFirst()) ?? 0) - number) }
                ?? "original"
        }
    }
}
