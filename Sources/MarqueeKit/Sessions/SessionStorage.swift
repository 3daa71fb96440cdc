/// Where a `SessionManager` keeps the session between launches.
///
/// On iOS, keep it in the Keychain: a `SessionStorage` whose `load` reads a generic-password item (for example
/// with `kSecAttrAccessibleAfterFirstUnlock`, and a shared access group when an app extension signs in too) and
/// throws `MarqueeError.storageUnavailable` on `errSecInteractionNotAllowed` — the device has not been unlocked
/// since it started — rather than answering nil. `FileSessionStorage` serves Linux, macOS tools and tests.
public protocol SessionStorage: Sendable {
    /// The stored session; nil when there is none (signed out). Throws `MarqueeError.storageUnavailable` when it
    /// cannot be read now. A failed read never deletes anything.
    func load() async throws -> StoredSession?

    /// Stores `session` in place of any other, all at once.
    func save(_ session: StoredSession) async throws

    /// Forgets the stored session; nothing stored is not an error.
    func remove() async throws
}

/// A `SessionStorage` that keeps the session in memory only: it is gone when the process ends. For previews, tests,
/// and apps that ask for a sign-in every launch.
public actor MemorySessionStorage: SessionStorage {
    private var session: StoredSession?

    /// Creates a storage holding `session`, if any.
    public init(_ session: StoredSession? = nil) {
        self.session = session
    }

    public func load() -> StoredSession? { session }

    public func save(_ session: StoredSession) { self.session = session }

    public func remove() { session = nil }
}
