import ArgumentParser
import Foundation
import MarqueeAccounts
import MarqueeServer

/// `marquee mail …`: the development outbox (mail written to files when no SMTP server is configured).
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail", abstract: "Read the development outbox (used when MARQUEE_SMTP_URL is unset).",
        subcommands: [List.self, Show.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the outbox's mail, newest last, with their links.")
        @OptionGroup var common: CommonOptions

        func run() async throws {
            let messages = try await outbox(common)
            if messages.isEmpty { print("The outbox is empty.") }
            for (number, message) in messages.enumerated() {
                print("\(number + 1). \(message.header("Date") ?? "")  to \(message.header("To") ?? "?")")
                print("   \(message.header("Subject") ?? "(no subject)")")
                for link in message.links { print("   \(link)") }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one mail in full (1 is the oldest; default the newest).")
        @OptionGroup var common: CommonOptions
        @Argument(help: "The mail's number from `marquee mail list`.") var number: Int?

        func run() async throws {
            let messages = try await outbox(common)
            let index = (number ?? messages.count) - 1
            guard messages.indices.contains(index) else {
                throw ValidationError("There is no mail number \(index + 1).")
            }
            print(messages[index].text.replacingOccurrences(of: "\r\n", with: "\n"))
        }
    }

    static func outbox(_ common: CommonOptions) async throws -> [OutboxEntry] {
        let settings = try await common.serverSettings()
        return try OutboxMailer.messages(
            in: URL(fileURLWithPath: settings.dataDirectory).appendingPathComponent("outbox"))
    }
}
