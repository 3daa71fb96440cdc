import MarqueeCore
package import MarqueeWire
import Synchronization

/// Works of art from the embedded sample: its facts, our descriptions, and each work's image from `images` (the
/// museum's IIIF service, found once and kept), or a generated placeholder when it cannot be had.
package struct EmbeddedArt: ArtProvider {
    private let sample: EmbeddedSample
    private let images: (any ArtImageResolver)?
    private let placeholders: ArtPlaceholders

    /// Image lookups at once for one page.
    static let parallelLookups = 6

    /// Serves `sample`, with images from `images` (nil: placeholders only).
    package init(sample: EmbeddedSample, images: (any ArtImageResolver)?, placeholders: ArtPlaceholders) {
        self.sample = sample
        self.images = images
        self.placeholders = placeholders
    }

    package func search(query: String, page: Int) async throws -> ArtPage {
        let page = max(1, page)
        let found = sample.search(query)
        let works = Array(found.dropFirst((page - 1) * ArtPage.size).prefix(ArtPage.size))
        let pictures = await pictures(of: works)
        let results = zip(works, pictures).map { work, images in
            ArtworkSummary(
                id: work.id, title: work.title, maker: work.maker, date: work.date, thumbnailURL: images.thumbnail,
                imageURL: images.large)
        }
        return ArtPage(
            page: page, results: results, totalPages: max(1, (found.count + ArtPage.size - 1) / ArtPage.size),
            totalResults: found.count, source: ArtSource.embedded.rawValue)
    }

    package func artwork(id: String) async throws -> ArtworkDetails {
        let number = try ObjectNumber(id)
        guard let work = sample.work(objectNumber: number.value) else {
            throw DomainError(.artworkNotFound, "Marquee's sample of the Rijksmuseum has no work numbered \(number).")
        }
        let images = await pictures(of: [work])[0]
        return ArtworkDetails(
            id: work.id, title: work.title, maker: work.maker, date: work.date, thumbnailURL: images.thumbnail,
            imageURL: images.large, makers: work.makers,
            dating: .init(text: work.date, beginYear: work.beginYear, endYear: work.endYear), place: work.place,
            objectType: work.objectType, materials: work.materials, dimensions: work.dimensions ?? [],
            description: work.description, webURL: ObjectNumber.webURL(work.id), creditLine: nil,
            source: ArtSource.embedded.rawValue)
    }

    /// Whether the sample has the work numbered `objectNumber` (for the placeholder route).
    package func work(objectNumber: String) -> EmbeddedWork? {
        sample.work(objectNumber: objectNumber)
    }

    /// How long a page waits for its works' images before placeholders stand in for those not found yet (their
    /// lookups finish, and are kept, in the background).
    static let imageDeadline: Duration = .milliseconds(1_500)

    /// The images of `works`, in order: the museum's where found in time, else placeholders.
    private func pictures(of works: [EmbeddedWork]) async -> [ArtworkImages] {
        guard let images else { return works.map { placeholders.images(objectNumber: $0.id) } }
        let found = Mutex<[String: ArtworkImages]>([:])
        _ = await Deadline.first(within: Self.imageDeadline) { () -> Bool? in
            _ = await boundedMap(works, limit: Self.parallelLookups) { work in
                if let image = await images.images(objectNumber: work.id) { found.withLock { $0[work.id] = image } }
            }
            return true
        }
        let known = found.withLock { $0 }
        return works.map { known[$0.id] ?? placeholders.images(objectNumber: $0.id) }
    }
}
