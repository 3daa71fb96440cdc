/// Where the catalog lines imported with `marquee catalog import` are kept, verbatim, to be indexed into the local
/// catalog at start.
package protocol CatalogLineStore: Sendable {
    /// Every stored line, in import order.
    func allLines() async throws -> [String]
    /// How many lines are stored.
    func count() async throws -> Int
    /// Stores lines in one transaction, after those already stored or, with `replace`, instead of them: an
    /// interrupted import changes nothing.
    func store(_ lines: [String], replace: Bool) async throws
}
