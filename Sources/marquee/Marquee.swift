import ArgumentParser
import Foundation

/// `marquee`: the Marquee server and its operator commands.
@main
struct Marquee: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marquee",
        abstract: "Self-hosted movies, TV and people with favourites that follow you to every device.",
        subcommands: [Serve.self, CatalogCommand.self, UserCommand.self, MailCommand.self, DatabaseCommand.self],
        defaultSubcommand: Serve.self
    )

    /// Runs the command; a failure that is not about the command line is reported without the usage text.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            guard let failure = CommandFailure.from(error) else { exit(withError: error) }
            FileHandle.standardError.write(Data("Error: \(failure.message)\n".utf8))
            exit(withError: ExitCode(failure.status))
        }
    }
}
