/// The live change feed takes its credentials from the session: the signed-in user, a current access token, and a
/// single-flight renewal when the server refuses one.
extension SessionManager: FeedCredentials {}
