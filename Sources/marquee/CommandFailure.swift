import ArgumentParser
import Foundation
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import NIOCore

/// A failure that is not about the command line (a setting, the database, a busy port): printed as one line,
/// `Error: …`, without the usage text that would suggest the arguments were wrong, and ending the process with a
/// status from sysexits.h that a service manager can tell apart.
struct CommandFailure: Error {
    let message: String
    let status: Int32

    /// EX_CONFIG: a setting is invalid.
    static let badConfiguration: Int32 = 78
    /// EX_UNAVAILABLE: something the command needs is not there (the database, a free port).
    static let unavailable: Int32 = 69

    /// What `error` means to the person who ran the command; nil for errors the argument parser reports itself.
    static func from(_ error: any Error) -> CommandFailure? {
        switch error {
        case let error as CommandFailure:
            return error
        case let error as SettingsError:
            return CommandFailure(message: error.description, status: badConfiguration)
        case let error as PostgreSQLUnreachable:
            return CommandFailure(message: "\(error.description).", status: unavailable)
        case let error as DatabaseCopy.Failure:
            return CommandFailure(message: error.description, status: EXIT_FAILURE)
        default:
            guard let reason = PostgreSQLDatabase.reason(error) else { return nil }
            return CommandFailure(message: "PostgreSQL refused: \(reason)", status: EXIT_FAILURE)
        }
    }

    /// Serving on `host:port` failed because another program listens there; nil for other errors.
    static func portInUse(_ error: any Error, host: String, port: Int) -> CommandFailure? {
        guard let error = error as? IOError, error.errnoCode == EADDRINUSE else { return nil }
        return CommandFailure(
            message:
                "\(host):\(port) is already in use by another program. Stop it, or choose another port with --port "
                + "or MARQUEE_PORT.",
            status: unavailable)
    }
}
