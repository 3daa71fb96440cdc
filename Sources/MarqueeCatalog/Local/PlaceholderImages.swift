package import MarqueeCore
package import MarqueeWire

/// URLs of the generated placeholder images the local catalog uses instead of real artwork.
package struct PlaceholderImages: Sendable {
    /// The variants a placeholder comes in.
    package enum Variant: String, CaseIterable, Sendable {
        case poster, backdrop, profile
    }

    private let baseURL: PublicBaseURL

    /// Creates URLs under `baseURL`, the server's public URL.
    package init(baseURL: PublicBaseURL) {
        self.baseURL = baseURL
    }

    /// Creates URLs under a fixed base URL.
    package init(baseURL: String) {
        self.init(baseURL: PublicBaseURL(baseURL))
    }

    /// The image set of one placeholder; sizes differ only in the width hint.
    package func imageSet(kind: MediaKind, id: Int, variant: Variant) -> ImageSet {
        let path = "\(baseURL.value)/images/placeholder/\(kind.rawValue)/\(id)/\(variant.rawValue)"
        let widths = variant == .backdrop ? (300, 780, 1280) : (185, 342, 780)
        return ImageSet(
            small: "\(path)?w=\(widths.0)", medium: "\(path)?w=\(widths.1)", large: "\(path)?w=\(widths.2)",
            original: path)
    }
}
