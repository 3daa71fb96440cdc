/// The live change feed takes its credentials from the session: the signed-in user, a current access token, and a
/// single-flight renewal when the server refuses one.
extension SessionManager: FeedCredentials {
    public func userChanges() -> AsyncStream<String?> {
        let states = authState
        return AsyncStream { continuation in
            let watch = Task {
                var last: String??
                for await state in states {
                    let user: String?
                    switch state {
                    case .unknown: continue
                    case .signedOut: user = nil
                    case .signedIn(let session, _): user = session.userID
                    }
                    guard last != .some(user) else { continue }
                    last = user
                    continuation.yield(user)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in watch.cancel() }
        }
    }
}
