import MarqueeCore
import MarqueeUpstream
import MarqueeWire

extension RijksmuseumProvider: ArtImageResolver {
    /// The image of the work numbered `objectNumber`, found once through the museum's search and Linked Art chain
    /// and then kept; nil at once for a minute after the museum could not be reached, so that a page of the
    /// embedded sample does not wait out the retries of each of its works.
    package func images(objectNumber: String) async -> ArtworkImages? {
        guard !imageOutage.isOpen(at: now()) else { return nil }
        do {
            // The embedded sample is a fixed list: looking its works up cannot be steered to made-up requests, so
            // it is not charged to an anonymous caller.
            let details = try await UpstreamCaller.$current.withValue(nil) { try await artwork(id: objectNumber) }
            guard let thumbnail = details.thumbnailURL, let large = details.imageURL else { return nil }
            return ArtworkImages(thumbnail: thumbnail, large: large)
        } catch let error as DomainError where error.code == .artworkNotFound || error.code == .badArtworkID {
            return nil
        } catch {
            imageOutage.noteFailure(at: now())
            return nil
        }
    }
}
