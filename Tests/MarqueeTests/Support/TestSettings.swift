import Configuration
import Foundation
import Logging
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL

/// Settings and folders for tests: every test gets its own data directory.
enum TestSettings {
    /// A fresh, empty data directory under the system's temporary folder.
    static func makeDataDirectory() -> String {
        let path = NSTemporaryDirectory() + "marquee-tests/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A reader over the given keys (unprefixed, as in the config file).
    static func reader(_ values: [String: String]) -> SettingsReader {
        let pairs = values.map { key, value in
            (AbsoluteConfigKey(key.split(separator: ".").map(String.init)), ConfigValue(stringLiteral: value))
        }
        return SettingsReader(
            config: ConfigReader(provider: InMemoryProvider(values: Dictionary(uniqueKeysWithValues: pairs))))
    }

    /// Server settings for a test: port 0, a fresh data directory, and `overrides`.
    static func make(_ overrides: [String: String] = [:]) throws -> ServerSettings {
        // No test reaches the internet: weather is off unless a test points it at a fake, and a test that points
        // only the forecasts at one finds geocoding refused at once (port 9, discard, has no listener here). Art
        // is the embedded sample, and events the demo programme, unless a test points them at fakes.
        var values = [
            "port": "0", "dataDir": makeDataDirectory(), "publicURL": "http://marquee.test", "weather.provider": "off",
            "openMeteo.geocodingURL": "http://127.0.0.1:9/v1", "art.provider": "embedded",
        ]
        values.merge(overrides) { $1 }
        return try ServerSettings(reading: reader(values))
    }

    /// The quiet logger, or one at the level named in `MARQUEE_TEST_LOG` (for debugging a test).
    static var debugLogger: Logger {
        var logger = Logger(label: "marquee.tests")
        logger.logLevel =
            ProcessInfo.processInfo.environment["MARQUEE_TEST_LOG"].flatMap { Logger.Level(rawValue: $0) } ?? .critical
        return logger
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "marquee.tests")
        logger.logLevel = .critical
        return logger
    }
}

/// Opens a migrated SQLite database in `dataDir` (a fresh one by default) for `body`, closing it afterwards.
func withMigratedDatabase<T>(
    dataDir: String = TestSettings.makeDataDirectory(), _ body: (any Database) async throws -> T
) async throws -> T {
    let settings = try TestSettings.make(["dataDir": dataDir])
    let database = try await openMigratedDatabase(settings: settings, logger: TestSettings.quietLogger)
    do {
        let result = try await body(database)
        await database.close()
        return result
    } catch {
        await database.close()
        throw error
    }
}
