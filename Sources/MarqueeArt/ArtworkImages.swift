/// The two sizes of a work's image that Marquee shows.
package struct ArtworkImages: Sendable, Equatable {
    /// About 400 pixels wide, for tiles.
    package var thumbnail: String
    /// About 1,600 pixels wide, for the work's page.
    package var large: String

    /// Creates the pair.
    package init(thumbnail: String, large: String) {
        self.thumbnail = thumbnail
        self.large = large
    }

    /// The images behind an IIIF access point: an image request (`{base}/full/max/0/default.jpg`) or an image
    /// service (`{base}/info.json`) gives both sizes from the service; any other URL is used as it is for both.
    package init(accessPoint: String) {
        guard let base = Self.iiifBase(accessPoint) else {
            self.init(thumbnail: accessPoint, large: accessPoint)
            return
        }
        self.init(thumbnail: "\(base)/full/400,/0/default.jpg", large: "\(base)/full/1600,/0/default.jpg")
    }

    /// The image service's base URL, when `url` is an IIIF Image API request or information document:
    /// `{base}/{region}/{size}/{rotation}/{quality}.{format}` or `{base}/info.json`.
    static func iiifBase(_ url: String) -> String? {
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), !url.contains("?"), !url.contains("#") else {
            return nil
        }
        let segments = url.split(separator: "/", omittingEmptySubsequences: false)
        // "https:", "", host, then the path: a base needs a host and at least one path segment.
        if segments.last == "info.json", segments.count >= 5 {
            return segments.dropLast().joined(separator: "/")
        }
        guard segments.count >= 8, let last = segments.last else { return nil }
        let file = last.split(separator: ".")
        guard file.count == 2, Self.qualities.contains(String(file[0])), Self.formats.contains(String(file[1])),
            Int(segments[segments.count - 2]) != nil || segments[segments.count - 2].hasPrefix("!")
        else { return nil }
        return segments.dropLast(4).joined(separator: "/")
    }

    private static let qualities: Set<String> = ["default", "color", "gray", "grey", "bitonal", "native"]
    private static let formats: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "tif", "tiff"]
}
