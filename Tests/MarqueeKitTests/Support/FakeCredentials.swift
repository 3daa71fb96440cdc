@testable import MarqueeKit

/// `FeedCredentials` with a fixed user and a list of tokens: each rejected token gives way to the next, or, when
/// `renews` is false, ends the session.
actor FakeCredentials: FeedCredentials {
    private var user: String?
    private let renews: Bool
    private var tokens: [String]
    /// The tokens reported as rejected, in order.
    private(set) var rejected: [String] = []

    init(user: String? = "user-1", tokens: [String] = ["t1", "t2", "t3"], renews: Bool = true) {
        self.user = user
        self.tokens = tokens
        self.renews = renews
    }

    func userID() -> String? {
        user
    }

    /// Someone else signs in, without a word to the feed (credentials that never tell of changes).
    func switchUser(to user: String?) {
        self.user = user
    }

    func accessToken() throws -> String {
        guard let token = tokens.first else { throw MarqueeError.signedOut }
        return token
    }

    func tokenRejected(_ token: String) throws {
        rejected.append(token)
        guard renews else { throw MarqueeError.signedOut }
        if tokens.first == token { tokens.removeFirst() }
    }
}
