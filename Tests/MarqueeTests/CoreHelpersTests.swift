import Foundation
import MarqueeCore
import Testing

/// The small helpers other parts rely on for stable text: hashes stored and shared between instances, hex,
/// base64url, percent-encoding, and the constant-time comparison.
@Suite("Core: hashes, encodings, comparisons")
struct CoreHelpersTests {
    @Test("FNV-1a gives the published values (lock numbers and local ids depend on them across versions)")
    func fnv1a() {
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("Hex reads what it writes, in either case, and refuses odd lengths and other characters")
    func hex() {
        #expect(Hex.string([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.bytes("000fA5Ff") == [0x00, 0x0f, 0xa5, 0xff])
        #expect(Hex.bytes("abc") == nil && Hex.bytes("zz") == nil && Hex.bytes("") == [])
        #expect(Hex.randomBytes(32).count == 32 && Hex.randomBytes(16) != Hex.randomBytes(16))
    }

    @Test("base64url has no padding and the URL-safe alphabet, and reads with or without padding")
    func base64URL() {
        let bytes = Data([0xfb, 0xff, 0xfe, 0x01])
        #expect(bytes.base64URLEncoded() == "-__-AQ")
        #expect(Data(base64URLEncoded: "-__-AQ") == bytes && Data(base64URLEncoded: "-__-AQ==") == bytes)
        #expect(Data(base64URLEncoded: "not base64!") == nil)
    }

    @Test("Query values escape every reserved and non-ASCII character")
    func percentEncoding() {
        #expect("Amélie & co/2=1#x".queryValueEncoded == "Am%C3%A9lie%20%26%20co%2F2%3D1%23x")
        #expect("a-b_c.d~e".queryValueEncoded == "a-b_c.d~e")
        #expect("".nonEmpty == nil && "x".nonEmpty == "x")
    }

    @Test("Constant-time comparison is plain equality in its answers")
    func constantTime() {
        #expect(ConstantTime.equal("abc", "abc"))
        #expect(!ConstantTime.equal("abc", "abd") && !ConstantTime.equal("abc", "abcd") && !ConstantTime.equal("", "a"))
    }

    @Test("Throttles count an IPv6 client by its /64, and an IPv4 client by its address")
    func clientNetwork() {
        #expect(ClientNetwork.key(for: "192.0.2.7") == "192.0.2.7")
        #expect(ClientNetwork.key(for: "2001:db8:1:2:aa::1") == "2001:db8:1:2::/64")
        #expect(ClientNetwork.key(for: "2001:db8::") == "2001:db8:0:0::/64")
        #expect(ClientNetwork.key(for: "::1") == "0:0:0:0::/64")
        #expect(ClientNetwork.key(for: "64:ff9b::192.0.2.1") == "64:ff9b:0:0::/64")
        #expect(ClientNetwork.key(for: "1:2:3:4:5:6:7:8") == "1:2:3:4::/64")
        // Not IPv6: kept as it is.
        #expect(ClientNetwork.key(for: "1::2::3") == "1::2::3" && ClientNetwork.key(for: "unknown") == "unknown")
    }
}
