/// `POST /api/v1/me/items/states`: which of these items are in the caller's lists.
public struct ItemStatesRequest: Codable, Sendable, Equatable {
    /// One item asked about; `id` is a number or a string, as the catalog hands ids out.
    public struct Item: Codable, Sendable, Equatable {
        public var mediaType: String
        public var id: ItemIDValue

        public init(mediaType: String, id: ItemIDValue) {
            self.mediaType = mediaType
            self.id = id
        }
    }

    public var items: [Item]

    public init(items: [Item]) {
        self.items = items
    }
}

/// Whether one item is in each list.
public struct ItemState: Codable, Sendable, Equatable {
    public var mediaType: SavedKind
    public var id: String
    public var favorites: Bool
    public var watchlist: Bool

    public init(mediaType: SavedKind, id: String, favorites: Bool, watchlist: Bool) {
        self.mediaType = mediaType
        self.id = id
        self.favorites = favorites
        self.watchlist = watchlist
    }
}

/// The answer of a states query: `{"results": [...]}`, in the order asked.
public struct ItemStates: Codable, Sendable, Equatable {
    public var results: [ItemState]

    public init(results: [ItemState]) {
        self.results = results
    }
}
