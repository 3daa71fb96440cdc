import Foundation
import MarqueeCore
import MarqueeStore
package import MarqueeStoreSQL

/// The secret that signs access tokens: the configured one, or one generated on first start and kept, so sessions
/// survive restarts without any setup. A SQLite deployment keeps it in the data directory (readable by the owner
/// only); instances sharing a PostgreSQL database keep it there, so a token from one is good on all.
package enum TokenSecret {
    /// The secret's name in the database and its file name in the data directory.
    static let name = "token-secret"

    static func load(settings: ServerSettings, database: any Database) async throws -> [UInt8] {
        if let configured = settings.tokenSecret { return Array(configured.utf8) }
        if database.isShared {
            let stored = try await SQLServerSecrets(database: database).secret(named: name) {
                Hex.string(Hex.randomBytes(32))
            }
            guard let bytes = decode(stored) else {
                throw SettingsError(
                    key: "tokenSecret", problem: "the database holds a token secret this version cannot read.")
            }
            return bytes
        }
        let path = file(in: settings.dataDirectory)
        if let bytes = try? fileSecret(at: path) { return bytes }
        let bytes = Hex.randomBytes(32)
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data((Hex.string(bytes) + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw SettingsError(key: "tokenSecret", problem: "cannot write a generated secret to '\(path)'.")
        }
        return bytes
    }

    /// Moves the secret a SQLite deployment generated into a shared database (`marquee db copy`), so tokens issued
    /// before the move stay valid. Nothing happens when the folder has no secret; an unreadable one is an error.
    package static func copy(fromDataDirectory directory: String, to database: any Database) async throws {
        let path = file(in: directory)
        guard FileManager.default.fileExists(atPath: path) else { return }
        let bytes = try fileSecret(at: path)
        _ = try await SQLServerSecrets(database: database).secret(named: name) { Hex.string(bytes) }
    }

    private static func file(in directory: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    private static func fileSecret(at path: String) throws -> [UInt8] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let bytes = decode(text) else {
            throw SettingsError(key: "tokenSecret", problem: "'\(path)' does not hold a token secret (64 hex digits).")
        }
        return bytes
    }

    /// The secret's bytes, when `text` is at least 32 of them in hex.
    private static func decode(_ text: String) -> [UInt8]? {
        guard let bytes = Hex.bytes(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 32 else {
            return nil
        }
        return bytes
    }
}
