import ArgumentParser
import Foundation
import Logging
import MarqueeCatalog
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL

/// `marquee catalog …`: manage the local catalog.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog", abstract: "Manage the local catalog.", subcommands: [Import.self])

    /// `marquee catalog import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import titles and people from a JSON Lines file (see docs/catalog-format.md).",
            discussion:
                "Valid lines are imported and invalid ones reported with their line numbers. Restart a running server to serve the new titles."
        )

        @OptionGroup var common: CommonOptions

        @Argument(help: "The JSON Lines file to import.")
        var file: String

        @Flag(help: "Remove everything imported before.")
        var replace = false

        @Flag(help: "Import nothing if any line is invalid.")
        var strict = false

        func run() async throws {
            let settings = try await common.serverSettings()
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("Cannot read '\(file)' as UTF-8 text.")
            }
            var checking = ProgressBar(label: "Checking")
            var saving = ProgressBar(label: "Importing")
            let report = try await withDatabase(settings, label: "marquee.import") { database in
                try await CatalogImporter(store: SQLCatalogLineStore(database: database))
                    .importText(text, replace: replace, strict: strict) { phase, done, total in
                        if phase == .checking {
                            checking.update(done, of: total)
                        } else {
                            saving.update(done, of: total)
                        }
                    }
            }
            for error in report.errors.prefix(20) { FileHandle.standardError.write(Data("  \(error)\n".utf8)) }
            if report.errors.count > 20 {
                FileHandle.standardError.write(Data("  … and \(report.errors.count - 20) more\n".utf8))
            }
            guard report.imported else {
                throw ValidationError("\(report.errors.count) invalid lines; nothing imported (--strict).")
            }
            print(
                "Imported \(report.movies) movies, \(report.shows) shows and \(report.people) people; \(report.errors.count) lines rejected."
            )
        }
    }
}
