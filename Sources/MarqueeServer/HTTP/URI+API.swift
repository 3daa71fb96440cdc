import HummingbirdCore
import MarqueeCore

extension URI {
    /// Whether the path is the JSON API's. The router skips empty segments (`//api/v1/me` finds the same route as
    /// `/api/v1/me`), so this does too: rules for API requests cannot be stepped around with an extra slash. (Asked
    /// of every request, so it looks without allocating.)
    var isAPIPath: Bool {
        let rest = path.drop { $0 == "/" }
        return rest == "api" || rest.hasPrefix("api/")
    }

    /// Throws `request.invalid_parameter` when a query parameter is given twice (`kind=movie&kind=tv`): routes read
    /// the first value, so the second would be dropped without a word.
    func refuseRepeatedParameters() throws {
        // Most requests have one parameter or none: nothing to compare.
        guard query?.utf8.contains(UInt8(ascii: "&")) == true else { return }
        var seen = Set<Substring>()
        for (key, _) in formPairs where !seen.insert(key).inserted {
            throw DomainError(.invalidParameter, "'\(key.prefix(40))' is given twice. Give each query parameter once.")
        }
    }
}
