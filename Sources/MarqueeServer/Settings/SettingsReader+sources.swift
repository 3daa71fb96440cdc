import Configuration
import Foundation
import SystemPackage

extension SettingsReader {
    /// Marquee's sources of settings, highest priority first: `flags` (keys as in the config file), the
    /// `MARQUEE_…` environment variables, the JSON config file (`configFile`, else `MARQUEE_CONFIG_FILE`), defaults.
    package static func standard(
        flags: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
        configFile: String? = nil
    ) async throws -> SettingsReader {
        let flagValues = Dictionary(
            uniqueKeysWithValues: flags.map { key, value in
                (AbsoluteConfigKey(key.split(separator: ".").map(String.init)), ConfigValue(stringLiteral: value))
            })
        let variables = EnvironmentVariablesProvider(
            environmentVariables: environment,
            secretsSpecifier: .specific([
                "MARQUEE_TMDB_API_KEY", "MARQUEE_TMDB_READ_TOKEN", "MARQUEE_OPENWEATHERMAP_API_KEY",
            ]))
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: flagValues), variables.prefixKeys(with: "marquee"),
        ]
        if let path = configFile ?? environment["MARQUEE_CONFIG_FILE"] {
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
            } catch {
                throw SettingsError(key: "configFile", problem: "cannot read '\(path)' as a JSON config file.")
            }
        }
        return SettingsReader(config: ConfigReader(providers: providers))
    }
}
