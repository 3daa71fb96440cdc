import MarqueeCore
import MarqueeStore
package import MarqueeWire

/// Everything a person saved, oldest first, read from the store a batch at a time as it is iterated, so that an
/// account of ten thousand long notes is never held whole (by the server, or for a client that reads slowly).
/// `point` is the latest change the items reflect; see `SavedItemService.snapshot(for:)`.
package struct SavedItemSnapshot: AsyncSequence, Sendable {
    package typealias Element = [SavedItem]

    /// The point a client that replaces its lists with these items resumes from.
    package let point: ResumePoint
    let store: any SavedItemStore
    let user: UserID
    let batchSize: Int

    package struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let snapshot: SavedItemSnapshot
        var after: SavedItemPosition?
        var finished = false

        /// The next batch; nil once every item was read.
        package mutating func next() async throws -> [SavedItem]? {
            guard !finished else { return nil }
            let batch = try await snapshot.store.batch(for: snapshot.user, after: after, limit: snapshot.batchSize)
            finished = batch.count < snapshot.batchSize
            after = batch.last?.position(for: .created)
            return batch.isEmpty ? nil : batch
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(snapshot: self)
    }
}
