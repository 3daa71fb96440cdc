import MarqueeWire

/// One item's name: its list, its kind and its source's id.
struct ItemKey: Hashable, Sendable {
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
}
