/// Whether someone is signed in, as a `SessionManager` tells it.
public enum AuthState: Sendable, Equatable {
    /// The stored session has not been read yet (or could not be read: see `MarqueeError.storageUnavailable`).
    case unknown
    /// No one is signed in: show sign-in.
    case signedOut
    /// Someone is signed in. `expired` says whether the access token had expired when this state was told; the
    /// session is still good (the next call renews it), and an app offline at launch can show what it has.
    case signedIn(StoredSession, expired: Bool)
}
