/// FNV-1a, a small stable 64-bit hash: the same text gives the same number in every process and version, unlike
/// Swift's `Hasher`, which is seeded per process.
package enum FNV1a {
    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    package static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
