package import Foundation

extension Data {
    /// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5): how tokens, cursors and PKCE values are written.
    package func base64URLEncoded() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads URL-safe base64 with or without padding; nil when it is not base64.
    package init?(base64URLEncoded text: String) {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        self.init(base64Encoded: standard)
    }
}
