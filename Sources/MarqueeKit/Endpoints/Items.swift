public import Foundation
public import MarqueeWire

/// `/api/v1/me/items`, `/api/v1/me/changes`, export and import: the signed-in person's favourites and watchlist.
/// An item is named by its list, its kind and its source's id (`603`, `SK-C-5`).
extension MarqueeClient {
    /// Every saved item `query` asks for, a page at a time, the next page fetched while this one is read.
    public func items(_ query: ItemQuery = ItemQuery()) -> PagedSequence<SavedItem> {
        .cursored { cursor in
            let page = try await self.itemPage(query, cursor: cursor)
            return (page.results, page.nextCursor)
        }
    }

    /// One page of saved items: the first, or the one after the page whose `nextCursor` is `cursor` (of the same
    /// query). A page holding cities carries the weather now at each.
    public func itemPage(_ query: ItemQuery = ItemQuery(), cursor: String? = nil) async throws -> ItemPage {
        try await value(
            APIRequest("GET", ["me", "items"], query: query.parameters(cursor: cursor), authentication: .required))
    }

    /// One saved item; `items.not_found` when it is not on that list.
    public func item(list: SavedList, kind: SavedKind, id: String) async throws -> SavedItem {
        try await value(APIRequest("GET", Self.itemPath(list, kind, id), authentication: .required))
    }

    /// Saves an item, or changes it where it is saved already: the fields `edit` sets are set, the others stay.
    /// Repeating a save changes nothing more, so it is retried like a read.
    public func save(list: SavedList, kind: SavedKind, id: String, _ edit: SavedItemEdit) async throws -> ItemChange {
        try await value(APIRequest("PUT", Self.itemPath(list, kind, id), json: edit, authentication: .required))
    }

    /// Changes an item that is saved (`items.not_found` when it is not); `edit` must change something.
    public func edit(list: SavedList, kind: SavedKind, id: String, _ edit: SavedItemEdit) async throws -> ItemChange {
        try await value(APIRequest("PATCH", Self.itemPath(list, kind, id), json: edit, authentication: .required))
    }

    /// Removes an item from a list. (If a first try went through but its answer was lost, the retry finds nothing
    /// there and fails with `items.not_found`.)
    public func remove(list: SavedList, kind: SavedKind, id: String) async throws -> ItemChange {
        try await value(APIRequest("DELETE", Self.itemPath(list, kind, id), authentication: .required))
    }

    /// Empties a list: all of it, only `kind`, or only `experience`'s kinds. Nil when there was nothing to clear.
    public func clear(list: SavedList, kind: SavedKind? = nil, experience: Experience? = nil) async throws
        -> ItemChange?
    {
        let reply = try await send(
            APIRequest(
                "DELETE", ["me", "items", list.rawValue],
                query: [("kind", kind?.rawValue), ("experience", experience?.rawValue)], authentication: .required))
        guard reply.status != 204 else { return nil }
        return try reply.decode(ItemChange.self)
    }

    /// Which of these items (up to 100) are on each list, in the order asked.
    public func states(of items: [ItemStatesRequest.Item]) async throws -> [ItemState] {
        var request = try APIRequest(
            "POST", ["me", "items", "states"], json: ItemStatesRequest(items: items), authentication: .required)
        // A question, though sent as a POST (it can be long): asking twice changes nothing.
        request.retryable = true
        let answer: ItemStates = try await value(request)
        return answer.results
    }

    /// Every saved item, as a JSON export that `importFile` reads back.
    public func export() async throws -> ItemExport {
        try await value(APIRequest("GET", ["me", "export"], query: [("format", "json")], authentication: .required))
    }

    /// Every saved item as CSV, for spreadsheets (`importFile` reads it back too).
    public func exportCSV() async throws -> Data {
        try await send(
            APIRequest("GET", ["me", "export"], query: [("format", "csv")], authentication: .required)
        ).data
    }

    /// Adds the items of a file to the lists: a Marquee export (JSON or CSV), a Letterboxd export or an IMDb list
    /// (`format` worked out from the content when nil); CSV rows go into `list` (the watchlist when nil). Items
    /// saved already are left as they are, so importing a file twice changes nothing.
    public func importFile(_ contents: Data, format: ImportFormat? = nil, list: SavedList? = nil) async throws
        -> ImportReport
    {
        var request = APIRequest(
            "POST", ["me", "import"], query: [("format", format?.rawValue), ("list", list?.rawValue)],
            authentication: .required)
        request.body = contents
        let isJSON =
            format.map { $0 == .json } ?? (contents.first { ![9, 10, 13, 32].contains($0) } == UInt8(ascii: "{"))
        request.contentType = isJSON ? "application/json" : "text/csv"
        return try await value(request)
    }

    /// The changes to the lists after `since` (`"0"`, or a previous answer's `nextSince`), oldest first, at most
    /// `limit` (500 when nil); or, when the server cannot replay from there, a snapshot of every item.
    public func changes(since: String = "0", limit: Int? = nil) async throws -> ItemChanges {
        try await value(
            APIRequest(
                "GET", ["me", "changes"], query: [("since", since), ("limit", limit.map(String.init))],
                authentication: .required))
    }

    private static func itemPath(_ list: SavedList, _ kind: SavedKind, _ id: String) -> [String] {
        ["me", "items", list.rawValue, kind.rawValue, id]
    }
}

/// What kind of file `MarqueeClient.importFile` is given.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// A Marquee JSON export.
    case json
    /// A Marquee CSV export.
    case csv
    /// A Letterboxd export.
    case letterboxd
    /// An IMDb list or ratings export.
    case imdb
}
