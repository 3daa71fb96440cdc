import Foundation

/// The demo catalog that ships inside Marquee (`Resources/catalog/*.jsonl`).
package enum EmbeddedCatalog {
    /// Reads and parses every embedded catalog file, in file-name order.
    ///
    /// The files are part of the build, so a line that does not parse is a bug: it is reported, not skipped
    /// silently, by the returned errors (a test keeps them at zero).
    package static func load() throws -> (records: [CatalogRecord], errors: [CatalogLineError]) {
        guard let directory = Bundle.module.url(forResource: "catalog", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var records: [CatalogRecord] = []
        var errors: [CatalogLineError] = []
        let parser = CatalogLineParser()
        for file in files {
            let parsed = parser.parse(try String(contentsOf: file, encoding: .utf8))
            records += parsed.records
            errors += parsed.errors.map {
                CatalogLineError(line: $0.line, message: "\(file.lastPathComponent): \($0.message)")
            }
        }
        return (records, errors)
    }
}
