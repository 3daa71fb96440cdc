/// The part of a client's address that the client cannot change at will, for per-address throttles and shares.
///
/// An IPv6 subscriber is usually handed a whole /64 and may use any of its 2⁶⁴ addresses, so keying a throttle by
/// the full address would give one client endless fresh allowances. IPv6 addresses are therefore reduced to their
/// /64 prefix; IPv4 addresses (and anything that is not IPv6) are kept whole.
package enum ClientNetwork {
    /// `"2001:db8:1:2:aa::1"` → `"2001:db8:1:2::/64"`; `"192.0.2.7"` → `"192.0.2.7"`.
    package static func key(for address: String) -> String {
        guard address.contains(":"), let groups = hextets(address) else { return address }
        return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address in text form; nil if it is not one. A trailing dotted IPv4 part
    /// counts as two groups.
    static func hextets(_ text: String) -> [UInt16]? {
        let halves = text.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            for piece in part.split(separator: ":", omittingEmptySubsequences: false) {
                if piece.contains(".") {
                    let octets = piece.split(separator: ".").compactMap { UInt8($0) }
                    guard octets.count == 4 else { return nil }
                    result += [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        guard halves.count == 2 else { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
