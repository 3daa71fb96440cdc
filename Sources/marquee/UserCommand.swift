import ArgumentParser
import Foundation
import Logging
import MarqueeCore
import MarqueeServer
import MarqueeStore
import MarqueeWire

/// `marquee user …`: the operator's view of accounts.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "List, show, disable, enable or delete accounts.",
        subcommands: [List.self, Show.self, Disable.self, Enable.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts, oldest first.")
        @OptionGroup var common: CommonOptions
        @Option(help: "How many to skip.") var offset = 0
        @Option(help: "How many to show.") var limit = 100

        func run() async throws {
            try await withAdmin(common) { admin in
                let (users, total) = try await admin.list(offset: offset, limit: limit)
                print("ID                                    TYPE    VERIFIED  CREATED               EMAIL")
                for user in users { print(UserCommand.line(user)) }
                print("\(users.count) of \(total) accounts shown.")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one account.")
        @OptionGroup var target: AccountArgument

        func run() async throws {
            try await target.withAccount { _, user in
                print(
                    """
                    id:             \(user.id)
                    short id:       \(user.id.short)
                    signs in with:  \(user.signInMethod)
                    email verified: \(user.emailVerified ? "yes" : "no")
                    created:        \(UserCommand.date(user.createdAt))
                    last active:    \(UserCommand.date(user.lastActiveAt))
                    disabled:       \(user.disabledAt.map(UserCommand.date) ?? "no")
                    display name:   \(user.profile.displayName ?? "-")
                    region:         \(user.profile.region ?? "-")
                    language:       \(user.profile.language ?? "-")
                    """)
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop an account from signing in and end its sessions.")
        @OptionGroup var target: AccountArgument

        func run() async throws {
            try await target.withAccount { admin, user in
                try await admin.disable(user)
                print("Disabled \(user.id) and ended its sessions.")
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a disabled account sign in again.")
        @OptionGroup var target: AccountArgument

        func run() async throws {
            try await target.withAccount { admin, user in
                try await admin.enable(user)
                print("Enabled \(user.id).")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an account and all its data.")
        @OptionGroup var target: AccountArgument
        @Flag(help: "Do not ask for confirmation.") var yes = false

        func run() async throws {
            try await target.withAccount { admin, user in
                if !yes {
                    print(
                        "Delete \(user.id) (\(user.signInMethod)) and all its data? Type 'delete' to confirm: ",
                        terminator: "")
                    guard readLine()?.trimmingCharacters(in: .whitespaces) == "delete" else {
                        throw ValidationError("Not deleted.")
                    }
                }
                try await admin.delete(user)
                print("Deleted \(user.id) and all its data.")
            }
        }
    }

    /// The options of commands about one account.
    struct AccountArgument: ParsableArguments {
        @OptionGroup var common: CommonOptions
        @Argument(help: "The account's id or email address.") var account: String

        func withAccount(_ body: (AccountAdmin, UserRecord) async throws -> Void) async throws {
            try await withAdmin(common) { admin in
                guard let user = try await admin.find(account) else {
                    throw ValidationError("No account has the id or email address '\(account)'.")
                }
                try await body(admin, user)
            }
        }
    }

    static func line(_ user: UserRecord) -> String {
        let type = user.googleSubject != nil ? "google" : user.email != nil ? "email" : "guest"
        let flags = user.disabledAt != nil ? " (disabled)" : ""
        return "\(user.id)  \(type.padding(toLength: 6, withPad: " ", startingAt: 0))  "
            + "\((user.emailVerified ? "yes" : "no").padding(toLength: 8, withPad: " ", startingAt: 0))  "
            + "\(date(user.createdAt))  \(user.email ?? "-")\(flags)"
    }

    static func date(_ date: Date) -> String { date.formatted(Date.ISO8601FormatStyle()) }
}

/// Opens the database for an operator command and closes it afterwards.
func withAdmin(_ common: CommonOptions, _ body: (AccountAdmin) async throws -> Void) async throws {
    try await withDatabase(try await common.serverSettings(), label: "marquee.admin") { database in
        try await body(AccountAdmin(database: database))
    }
}
