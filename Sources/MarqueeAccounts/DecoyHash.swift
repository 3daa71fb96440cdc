/// A hash of a random password nobody knows, made once, to check against when there is no account.
actor DecoyHash {
    private var value: String?

    func hash(using hasher: any PasswordHasher) async throws -> String {
        if let value { return value }
        let made = try await hasher.hash(TokenIssuer.randomToken())
        value = made
        return made
    }
}
