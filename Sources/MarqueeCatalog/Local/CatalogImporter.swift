import MarqueeCore
package import MarqueeStore
import MarqueeWire

/// Imports catalog lines (docs/catalog-format.md) into the database, where the server picks them up at start.
package struct CatalogImporter: Sendable {
    /// What an import did.
    package struct Report: Sendable, Equatable {
        /// Titles and people imported.
        package var movies = 0, shows = 0, people = 0
        /// Lines rejected, with their numbers and reasons.
        package var errors: [CatalogLineError] = []
        /// Whether anything was written.
        package var imported = false
    }

    /// The phases progress is reported for.
    package enum Phase: Sendable {
        case checking, saving
    }

    private let store: any CatalogLineStore

    /// Creates an importer writing to `store`.
    package init(store: any CatalogLineStore) {
        self.store = store
    }

    /// Checks every line, then stores the valid ones (all or nothing when `strict`), replacing earlier imports
    /// when `replace`. `progress(phase, done, total)` is called as work advances.
    package func importText(
        _ text: String, replace: Bool, strict: Bool,
        progress: (Phase, Int, Int) -> Void = { _, _, _ in }
    ) async throws -> Report {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let parser = CatalogLineParser()
        var report = Report()
        var valid: [String] = []
        for (index, line) in lines.enumerated() {
            switch parser.parse(line: line) {
            case .success(.title(let title)?):
                valid.append(String(line))
                if title.kind == .movie { report.movies += 1 } else { report.shows += 1 }
            case .success(.person?):
                valid.append(String(line))
                report.people += 1
            case .success(nil):
                break
            case .failure(let message):
                report.errors.append(CatalogLineError(line: index + 1, message: message.text))
            }
            if index % 1_000 == 0 || index == lines.count - 1 { progress(.checking, index + 1, lines.count) }
        }
        if strict, !report.errors.isEmpty { return report }
        progress(.saving, 0, valid.count)
        try await store.store(valid, replace: replace)
        progress(.saving, valid.count, valid.count)
        report.imported = true
        return report
    }
}
