import ArgumentParser
import Foundation
import Logging
import MarqueeCatalog
import MarqueeCore
import MarqueeServer
import MarqueeStore

/// `marquee catalog …`: manage the local catalog.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog", abstract: "Manage the local catalog.", subcommands: [Import.self])

    /// `marquee catalog import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import titles and people from a JSON Lines file (see docs/catalog-format.md).",
            discussion: "Valid lines are imported and invalid ones reported with their line numbers. Restart a running server to serve the new titles.")

        @OptionGroup var common: CommonOptions

        @Argument(help: "The JSON Lines file to import.")
        var file: String

        @Flag(help: "Remove everything imported before.")
        var replace = false

        @Flag(help: "Import nothing if any line is invalid.")
        var strict = false

        func run() async throws {
            let reader = try await common.settingsReader()
            let dataDirectory = reader.string("dataDir") ?? "./marquee-data"
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("Cannot read '\(file)' as UTF-8 text.")
            }
            var logger = Logger(label: "marquee.import")
            logger.logLevel = .warning
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            let database = try await SQLiteDatabase.open(
                path: (dataDirectory as NSString).appendingPathComponent("marquee.sqlite"), logger: logger)
            do {
                try await importLines(text, into: database, logger: logger)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }

        private func importLines(_ text: String, into database: SQLiteDatabase, logger: Logger) async throws {
            try await Migrator(database: database).migrate(logger: logger)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let parser = CatalogLineParser()
            var progress = ProgressBar(total: lines.count, label: "Checking")
            var valid: [String] = []
            var errors: [CatalogLineError] = []
            var counts = (movies: 0, shows: 0, people: 0)
            for (index, line) in lines.enumerated() {
                switch parser.parse(line: line) {
                case .success(.title(let title)?):
                    valid.append(String(line))
                    if title.kind == .movie { counts.movies += 1 } else { counts.shows += 1 }
                case .success(.person?):
                    valid.append(String(line))
                    counts.people += 1
                case .success(nil): break
                case .failure(let message): errors.append(CatalogLineError(line: index + 1, message: message.text))
                }
                progress.update(index + 1)
            }
            progress.finish()
            for error in errors.prefix(20) { FileHandle.standardError.write(Data("  \(error)\n".utf8)) }
            if errors.count > 20 { FileHandle.standardError.write(Data("  … and \(errors.count - 20) more\n".utf8)) }
            if strict, !errors.isEmpty {
                throw ValidationError("\(errors.count) invalid lines; nothing imported (--strict).")
            }
            let store = CatalogLineStore(database: database)
            if replace { try await store.removeAll() }
            var saving = ProgressBar(total: valid.count, label: "Importing")
            for start in stride(from: 0, to: valid.count, by: 2_000) {
                let end = min(start + 2_000, valid.count)
                try await store.append(Array(valid[start..<end]))
                saving.update(end)
            }
            saving.finish()
            print("Imported \(counts.movies) movies, \(counts.shows) shows and \(counts.people) people; \(errors.count) lines rejected.")
        }
    }
}
