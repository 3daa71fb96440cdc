/// What an import did, row by row where something went wrong.
public struct ImportReport: Codable, Sendable, Equatable {
    /// A row that was not imported, and why.
    public struct Skipped: Codable, Sendable, Equatable {
        /// The line in the CSV file, or the 1-based position in a JSON export's `items`.
        public var row: Int
        /// The title the row names, if any.
        public var title: String?
        public var reason: String

        public init(row: Int, title: String?, reason: String) {
            self.row = row
            self.title = title
            self.reason = reason
        }
    }

    /// `json`, `letterboxd` or `imdb`.
    public var format: String
    /// The list CSV rows went into (JSON exports keep each item's own list).
    public var list: String?
    /// Rows (or items) read.
    public var rows: Int
    /// Items saved by this import.
    public var imported: Int
    /// Items that were saved already and left as they were (so importing twice changes nothing).
    public var alreadySaved: Int
    /// Rows whose title the catalog does not have.
    public var notMatched: [Skipped]
    /// Rows that could not be read (no title, a bad id, a note too long, …).
    public var invalid: [Skipped]
    /// Whether the import stopped because the account reached its item limit.
    public var stoppedAtLimit: Bool

    public init(
        format: String, list: String?, rows: Int, imported: Int, alreadySaved: Int, notMatched: [Skipped],
        invalid: [Skipped], stoppedAtLimit: Bool
    ) {
        self.format = format
        self.list = list
        self.rows = rows
        self.imported = imported
        self.alreadySaved = alreadySaved
        self.notMatched = notMatched
        self.invalid = invalid
        self.stoppedAtLimit = stoppedAtLimit
    }
}
