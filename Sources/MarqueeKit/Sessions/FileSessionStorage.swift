public import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `SessionStorage` in one JSON file, readable by its owner only (0600). Each save writes a new file beside it
/// and renames it into place, so a reader sees the old session or the new one, never half of one. Put it in an app
/// group's container to share the session with an app extension; on iOS, prefer the Keychain (see
/// `SessionStorage`).
public struct FileSessionStorage: SessionStorage {
    /// The file.
    public let url: URL

    /// Creates a storage in the file at `url`; its directory must exist.
    public init(url: URL) {
        self.url = url
    }

    public func load() async throws -> StoredSession? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
            return nil
        } catch {
            // Locked by data protection, a permission, an I/O error: the session may well be there.
            throw MarqueeError.storageUnavailable
        }
        // A file that is not a session (a newer format, a damaged write) is no session; it is left where it is and
        // replaced by the next sign-in.
        return try? JSONDecoder().decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(session)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Self.writeOwnerOnly(data, to: temporary.path)
            guard rename(temporary.path, url.path) == 0 else { throw MarqueeError.storageUnavailable }
        } catch {
            unlink(temporary.path)
            throw MarqueeError.storageUnavailable
        }
    }

    public func remove() async throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw MarqueeError.storageUnavailable }
    }

    /// Writes `data` to a new file at `path` created with mode 0600, so the tokens are never readable by others, not
    /// even for a moment; flushed to disk before it is renamed into place.
    private static func writeOwnerOnly(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw MarqueeError.storageUnavailable }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw MarqueeError.storageUnavailable }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw MarqueeError.storageUnavailable }
    }
}
