/// Hashes and checks passwords. Implementations must be slow on purpose (bcrypt cost ≥ 12 in production) and
/// must not block the threads that serve requests.
package protocol PasswordHasher: Sendable {
    /// A salted hash of `password`, self-describing (algorithm and cost included).
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`.
    func verify(_ password: String, against hash: String) async throws -> Bool
}
