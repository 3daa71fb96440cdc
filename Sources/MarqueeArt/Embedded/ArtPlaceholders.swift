package import MarqueeCore

/// URLs of the generated placeholder the server draws for a work whose image cannot be had (offline):
/// `{base}/images/placeholder/artwork/{object number}/poster`, as the catalog's placeholders are spelled.
package struct ArtPlaceholders: Sendable {
    private let baseURL: PublicBaseURL

    /// Creates URLs under `baseURL`, the server's public URL.
    package init(baseURL: PublicBaseURL) {
        self.baseURL = baseURL
    }

    /// The placeholder of the work numbered `objectNumber`, in both sizes (they differ only in the width hint).
    package func images(objectNumber: String) -> ArtworkImages {
        let path = "\(baseURL.value)/images/placeholder/artwork/\(objectNumber)/poster"
        return ArtworkImages(thumbnail: "\(path)?w=400", large: path)
    }
}
