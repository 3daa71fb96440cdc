/// Who a `ChangeFeed` connects as, and the token it connects with. The session manager conforms.
public protocol FeedCredentials: Sendable {
    /// The signed-in user's id, or nil when no one is signed in. Resume points are kept per user.
    func userID() async -> String?
    /// A current access token. Throws `MarqueeError.signedOut` when there is no session.
    func accessToken() async throws -> String
    /// The server refused `token` (401). Returns once a fresh token is available (refreshing at most once however
    /// many callers report the same token), or throws `MarqueeError.signedOut` when the session cannot be renewed.
    func tokenRejected(_ token: String) async throws
    /// The signed-in user's id (nil: no one) each time it changes. A feed whose connection was made for someone
    /// else then ends its consumers' streams, as at a sign-out. The default never tells of a change: the feed
    /// notices when it next connects.
    func userChanges() async -> AsyncStream<String?>
}

extension FeedCredentials {
    public func userChanges() async -> AsyncStream<String?> {
        AsyncStream { $0.finish() }
    }
}
