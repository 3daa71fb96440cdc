import MarqueeWire

/// One item's name: its list, its kind and its source's id; ordered by list, then kind, then id.
struct ItemKey: Hashable, Sendable, Comparable {
    var list: SavedList
    var kind: SavedKind
    var id: String

    init(_ list: SavedList, _ kind: SavedKind, _ id: String) {
        self.list = list
        self.kind = kind
        self.id = id
    }

    init(_ item: SavedItem) {
        self.init(item.list, item.kind, item.id)
    }

    /// `favorites/movie/603`.
    var text: String { "\(list.rawValue)/\(kind.rawValue)/\(id)" }

    static func < (left: ItemKey, right: ItemKey) -> Bool {
        (left.list.rawValue, left.kind.rawValue, left.id) < (right.list.rawValue, right.kind.rawValue, right.id)
    }
}
