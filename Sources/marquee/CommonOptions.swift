import ArgumentParser
import MarqueeServer

/// Options every command shares; each also has a `MARQUEE_…` environment variable and a config-file key.
struct CommonOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "A JSON config file (also MARQUEE_CONFIG_FILE).")
    var configFile: String?

    @Option(
        name: .customLong("data-dir"),
        help: "Folder holding the SQLite file (MARQUEE_DATA_DIR, default ./marquee-data).")
    var dataDir: String?

    @Option(
        name: .customLong("database-url"),
        help: "PostgreSQL instead of the SQLite file: postgres://user:password@host:port/db (MARQUEE_DATABASE_URL).")
    var databaseURL: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (MARQUEE_LOG_LEVEL).")
    var logLevel: String?

    /// Every setting, from flags, then the environment, then the config file, then defaults; an invalid one
    /// stops the command with a message naming the setting and its variable.
    func serverSettings(extraFlags: [String: String] = [:]) async throws -> ServerSettings {
        var flags = extraFlags
        if let dataDir { flags["dataDir"] = dataDir }
        if let logLevel { flags["logLevel"] = logLevel }
        if let databaseURL { flags["databaseURL"] = databaseURL }
        return try ServerSettings(reading: try await .standard(flags: flags, configFile: configFile))
    }
}
