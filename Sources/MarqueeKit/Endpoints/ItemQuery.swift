public import MarqueeWire

/// Which saved items to list, and in what order (`GET /api/v1/me/items`). Nil fields are the server's defaults.
public struct ItemQuery: Sendable, Equatable {
    /// What the items are ordered by.
    public enum Sort: String, Sendable, CaseIterable {
        case created, updated, title, rating, watched
        /// Saved cities by their temperature now (with `kind: .city` only).
        case temperature
    }

    /// Which way.
    public enum Order: String, Sendable, CaseIterable {
        case ascending = "asc"
        case descending = "desc"
    }

    /// One list; both when nil.
    public var list: SavedList?
    /// One kind; every kind when nil.
    public var kind: SavedKind?
    /// Only watched items (true) or only unwatched ones (false).
    public var watched: Bool?
    /// Newest saved first when nil.
    public var sort: Sort?
    /// Descending when nil, but ascending by title.
    public var order: Order?
    /// Only items whose title or note holds this text.
    public var text: String?
    /// Items per page, 1 to 100 (20 when nil).
    public var limit: Int?
    /// The units of the weather given beside saved cities (the person's preference when nil).
    public var units: WeatherUnits?

    /// Creates a query.
    public init(
        list: SavedList? = nil, kind: SavedKind? = nil, watched: Bool? = nil, sort: Sort? = nil, order: Order? = nil,
        text: String? = nil, limit: Int? = nil, units: WeatherUnits? = nil
    ) {
        self.list = list
        self.kind = kind
        self.watched = watched
        self.sort = sort
        self.order = order
        self.text = text
        self.limit = limit
        self.units = units
    }

    /// The query's parameters, with the page's `cursor`.
    func parameters(cursor: String?) -> [(name: String, value: String?)] {
        [
            ("list", list?.rawValue), ("kind", kind?.rawValue), ("watched", watched.map { $0 ? "true" : "false" }),
            ("sort", sort?.rawValue), ("order", order?.rawValue), ("q", text), ("limit", limit.map(String.init)),
            ("units", units?.rawValue), ("cursor", cursor),
        ]
    }
}
