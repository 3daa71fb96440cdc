import Foundation
import MarqueeWire

/// The works the Rijksmuseum provider has resolved, kept in memory in front of the upstream cache, so that a page
/// whose works are all known costs no cache reads beyond the search itself: Linked Art id → the work (for at most
/// `maxAge`), and object number → Linked Art id.
final class ArtworkMemo: Sendable {
    private struct Entry: Sendable {
        let details: ArtworkDetails
        let resolvedAt: Date
    }

    private let works: BoundedMemo<Entry>
    private let linkedIDs: BoundedMemo<String>
    private let maxAge: TimeInterval

    /// A memo of at most `capacity` works, each trusted for `maxAge` seconds.
    init(capacity: Int, maxAge: TimeInterval) {
        works = BoundedMemo(capacity: capacity)
        linkedIDs = BoundedMemo(capacity: capacity)
        self.maxAge = maxAge
    }

    /// The work with Linked Art id `linkedID`, if resolved less than `maxAge` before `date`.
    func work(linkedID: String, at date: Date) -> ArtworkDetails? {
        guard let entry = works.value(for: linkedID), date.timeIntervalSince(entry.resolvedAt) < maxAge else {
            return nil
        }
        return entry.details
    }

    /// The Linked Art id of the work with object number `objectNumber`, if known.
    func linkedID(objectNumber: String) -> String? {
        linkedIDs.value(for: objectNumber)
    }

    /// Remembers a resolved work under its Linked Art id and its object number.
    func store(_ details: ArtworkDetails, linkedID: String, at date: Date) {
        works.store(Entry(details: details, resolvedAt: date), for: linkedID)
        linkedIDs.store(linkedID, for: details.id)
    }

    /// Remembers that `objectNumber`, as asked for, is the work with Linked Art id `linkedID`.
    func remember(objectNumber: String, linkedID: String) {
        linkedIDs.store(linkedID, for: objectNumber)
    }
}
