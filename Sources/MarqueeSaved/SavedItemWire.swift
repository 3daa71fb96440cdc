import Foundation
public import MarqueeCore

/// A saved item as clients send it back (JSON exports being imported); `ItemJSON` writes the same shape.
public struct SavedItemWire: Codable, Sendable, Equatable {
    /// The snapshot on the wire.
    public struct Snapshot: Codable, Sendable, Equatable {
        public var title: String
        public var imageUrl: String?
        public var subtitle: String?
        public var extra: [String: String]?

        /// The wire form of `snapshot`.
        public init(_ snapshot: ItemSnapshot) {
            title = snapshot.title
            imageUrl = snapshot.imageURL
            subtitle = snapshot.subtitle
            extra = snapshot.extra
        }

        /// The snapshot it carries (unchecked).
        public var model: ItemSnapshot {
            ItemSnapshot(title: title, imageURL: imageUrl, subtitle: subtitle, extra: extra)
        }
    }

    public var list: SavedList
    /// The item's kind (`movie`, `tv`, `person`, …), named as the catalog names it.
    public var mediaType: SavedKind
    public var id: String
    public var snapshot: Snapshot
    public var note: String?
    public var watchedAt: String?
    public var rating: Int?
    public var createdAt: String
    public var updatedAt: String

    /// The wire form of `item`.
    public init(_ item: SavedItem) {
        list = item.list
        mediaType = item.kind
        id = item.id
        snapshot = Snapshot(item.snapshot)
        note = item.note
        watchedAt = item.watchedAt.map(RFC3339.milliseconds)
        rating = item.rating
        createdAt = RFC3339.milliseconds(item.createdAt)
        updatedAt = RFC3339.milliseconds(item.updatedAt)
    }
}
