/// A setting that is missing or invalid; names the setting and its environment variable.
package struct SettingsError: Error, CustomStringConvertible, Sendable {
    /// The setting's key, e.g. `tmdb.baseURL`.
    package let key: String
    /// What is wrong and what is expected.
    package let problem: String

    /// Creates an error for the setting `key`.
    package init(key: String, problem: String) {
        self.key = key
        self.problem = problem
    }

    /// The environment variable that sets `key`, e.g. `MARQUEE_TMDB_BASE_URL`.
    package var variable: String { SettingsReader.environmentName(of: key) }

    package var description: String {
        "Invalid setting \(key) (environment variable \(variable)): \(problem)"
    }
}
