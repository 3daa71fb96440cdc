/// `GET /api/v1/me/items`: a page of saved items, and the cursor of the next (nil on the last).
public struct ItemPage: Codable, Sendable, Equatable {
    public var nextCursor: String?
    public var results: [SavedItem]
    /// How many items match, over every page.
    public var totalResults: Int
    /// The weather now at the page's cities, when it has any and the server has a weather provider.
    public var weather: CitiesWeather?

    public init(nextCursor: String?, results: [SavedItem], totalResults: Int, weather: CitiesWeather? = nil) {
        self.nextCursor = nextCursor
        self.results = results
        self.totalResults = totalResults
        self.weather = weather
    }
}

/// `GET /api/v1/me/changes`: the changes after `since`, or, when the log cannot replay from there, a snapshot of
/// every item to replace the client's lists with.
public struct ItemChanges: Codable, Sendable, Equatable {
    /// Everything a person saved, and why it was sent instead of changes.
    public struct Snapshot: Codable, Sendable, Equatable {
        public var items: [SavedItem]
        /// `start`, `compacted` or `reset`.
        public var reason: String
        /// The change the items reflect.
        public var seq: Int64

        public init(items: [SavedItem], reason: String, seq: Int64) {
            self.items = items
            self.reason = reason
            self.seq = seq
        }
    }

    /// Whether more changes follow: ask again from `nextSince`.
    public var hasMore: Bool
    public var latestSeq: Int64
    /// What to pass as `since` next time.
    public var nextSince: String
    public var results: [ItemChange]
    public var snapshot: Snapshot?

    public init(hasMore: Bool, latestSeq: Int64, nextSince: String, results: [ItemChange], snapshot: Snapshot? = nil) {
        self.hasMore = hasMore
        self.latestSeq = latestSeq
        self.nextSince = nextSince
        self.results = results
        self.snapshot = snapshot
    }
}

/// `GET /api/v1/me/export?format=json`: every saved item, in a file `POST /api/v1/me/import` reads back.
public struct ItemExport: Codable, Sendable, Equatable {
    /// When the export was made (RFC 3339).
    public var exportedAt: String
    /// Always `marquee`.
    public var format: String
    public var items: [SavedItem]
    /// The change the items reflect.
    public var seq: Int64
    public var version: Int

    public init(exportedAt: String, format: String, items: [SavedItem], seq: Int64, version: Int) {
        self.exportedAt = exportedAt
        self.format = format
        self.items = items
        self.seq = seq
        self.version = version
    }
}

/// The data of a live stream's `snapshot` event: every item, in parts; only the last part (`more: false`) carries
/// the stream's id.
public struct StreamSnapshot: Codable, Sendable, Equatable {
    public var items: [SavedItem]
    /// Whether more parts follow.
    public var more: Bool
    /// `start`, `compacted` or `reset`.
    public var reason: String
    /// The change the items reflect.
    public var seq: Int64

    public init(items: [SavedItem], more: Bool, reason: String, seq: Int64) {
        self.items = items
        self.more = more
        self.reason = reason
        self.seq = seq
    }
}
