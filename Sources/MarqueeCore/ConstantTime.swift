/// Comparisons whose time does not depend on where two secrets first differ, so an attacker timing answers learns
/// nothing about a token.
package enum ConstantTime {
    /// Whether `a` and `b` are the same bytes (only their lengths may leak).
    package static func equal(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
