import ArgumentParser
import Configuration
import SystemPackage
import Foundation
import MarqueeServer

/// Options every command shares; each also has a `MARQUEE_…` environment variable and a config-file key.
struct CommonOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "A JSON config file (also MARQUEE_CONFIG_FILE).")
    var configFile: String?

    @Option(name: .customLong("data-dir"), help: "Folder holding the SQLite file (MARQUEE_DATA_DIR, default ./marquee-data).")
    var dataDir: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (MARQUEE_LOG_LEVEL).")
    var logLevel: String?

    /// Flags first, then the environment, then the config file, then defaults.
    func settingsReader(extraFlags: [String: String] = [:]) async throws -> SettingsReader {
        var flags = extraFlags
        if let dataDir { flags["dataDir"] = dataDir }
        if let logLevel { flags["logLevel"] = logLevel }
        let flagValues = Dictionary(uniqueKeysWithValues: flags.map { key, value in
            (AbsoluteConfigKey(key.split(separator: ".").map(String.init)), ConfigValue(stringLiteral: value))
        })
        let environment = EnvironmentVariablesProvider(
            secretsSpecifier: .specific(["MARQUEE_TMDB_API_KEY", "MARQUEE_TMDB_READ_TOKEN"]))
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: flagValues), environment.prefixKeys(with: "marquee"),
        ]
        let environmentFile = ProcessInfo.processInfo.environment["MARQUEE_CONFIG_FILE"]
        if let path = configFile ?? environmentFile {
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: .init(path)))
            } catch {
                throw SettingsError(key: "configFile", problem: "cannot read '\(path)' as a JSON config file.")
            }
        }
        return SettingsReader(config: ConfigReader(providers: providers))
    }
}
