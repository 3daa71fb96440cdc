import ArgumentParser

/// `marquee`: the Marquee server and its operator commands.
@main
struct Marquee: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marquee",
        abstract: "Self-hosted movies, TV and people with favourites that follow you to every device.",
        subcommands: [Serve.self, CatalogCommand.self, UserCommand.self, MailCommand.self, DatabaseCommand.self],
        defaultSubcommand: Serve.self
    )
}
