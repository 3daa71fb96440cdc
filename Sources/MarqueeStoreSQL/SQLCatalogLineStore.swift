import MarqueeStore
import SQLKit

/// A `CatalogLineStore` in the `catalog_lines` table.
package struct SQLCatalogLineStore: CatalogLineStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    package func allLines() async throws -> [String] {
        try await database.reader.select().column("line").from("catalog_lines").orderBy("line_number")
            .all(decodingColumn: "line", as: String.self)
    }

    package func count() async throws -> Int {
        try await database.reader.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from("catalog_lines").first(decodingColumn: "n", as: Int.self) ?? 0
    }

    package func store(_ lines: [String], replace: Bool) async throws {
        try await database.write { db in
            if replace { try await db.delete(from: "catalog_lines").run() }
            let last =
                try await db.select().column(SQLFunction("MAX", args: SQLColumn("line_number")), as: "n")
                .from("catalog_lines").first(decodingColumn: "n", as: Int?.self) ?? nil
            var next = (last ?? 0) + 1
            for chunk in stride(from: 0, to: lines.count, by: 200).map({ lines[$0..<min($0 + 200, lines.count)] }) {
                let insert = db.insert(into: "catalog_lines").columns("line_number", "line")
                for line in chunk {
                    insert.values(SQLBind(next), SQLBind(line))
                    next += 1
                }
                try await insert.run()
            }
        }
    }
}
