import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MarqueeServer
import MarqueeWeather

/// `marquee serve`: runs the server until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Marquee server.")

    @OptionGroup var common: CommonOptions

    @Option(help: "Address to listen on (MARQUEE_HOST, default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free one (MARQUEE_PORT, default 8080).")
    var port: String?

    @Option(name: .customLong("public-url"), help: "The URL people reach this server at (MARQUEE_PUBLIC_URL).")
    var publicURL: String?

    func run() async throws {
        var flags: [String: String] = [:]
        if let host { flags["host"] = host }
        if let port { flags["port"] = port }
        if let publicURL { flags["publicURL"] = publicURL }
        let settings = try await common.serverSettings(extraFlags: flags)
        LoggingSystem.bootstrap { label in
            var handler = EscapingLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = settings.logLevel
            return handler
        }
        var dependencies = AppDependencies()
        dependencies.onServerRunning = { port in
            // Unbuffered, so the line shows up at once even when standard output is a pipe or a file.
            FileHandle.standardOutput.write(
                Data("Marquee is running at \(settings.resolvedPublicURL(boundPort: port))\n".utf8))
        }
        // The city index is read while the rest starts, so that the first search finds it ready.
        let cities = dependencies.cities
        Task { _ = try? await cities.index() }
        let app = try await buildApplication(
            settings: settings, logger: Logger(label: "marquee"), dependencies: dependencies)
        do {
            try await app.runService()
        } catch {
            throw CommandFailure.portInUse(error, host: settings.host, port: settings.port) ?? error
        }
    }
}
