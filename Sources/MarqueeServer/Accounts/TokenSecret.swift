import Foundation
import MarqueeCore
import MarqueeStore

/// The secret that signs access tokens: the configured one, or one generated on first start and kept, so sessions
/// survive restarts without any setup. A SQLite deployment keeps it in the data directory (readable by the owner
/// only); instances sharing a PostgreSQL database keep it there, so a token from one is good on all.
enum TokenSecret {
    static func load(settings: ServerSettings, database: any Database) async throws -> [UInt8] {
        if let configured = settings.tokenSecret { return Array(configured.utf8) }
        if database.isShared {
            let stored = try await SQLServerSecrets(database: database).secret(named: "token-secret") {
                Self.hex(randomBytes())
            }
            guard let bytes = hexBytes(stored), bytes.count >= 32 else {
                throw SettingsError(key: "tokenSecret", problem: "the database holds a token secret this version cannot read.")
            }
            return bytes
        }
        let path = (settings.dataDirectory as NSString).appendingPathComponent("token-secret")
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
            let bytes = hexBytes(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 32
        {
            return bytes
        }
        let bytes = randomBytes()
        guard FileManager.default.createFile(atPath: path, contents: Data((hex(bytes) + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw SettingsError(key: "tokenSecret", problem: "cannot write a generated secret to '\(path)'.")
        }
        return bytes
    }

    private static func randomBytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
