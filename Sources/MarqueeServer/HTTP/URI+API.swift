import HummingbirdCore

extension URI {
    /// Whether the path is the JSON API's. The router skips empty segments (`//api/v1/me` finds the same route as
    /// `/api/v1/me`), so this does too: rules for API requests cannot be stepped around with an extra slash. (Asked
    /// of every request, so it looks without allocating.)
    var isAPIPath: Bool {
        let rest = path.drop { $0 == "/" }
        return rest == "api" || rest.hasPrefix("api/")
    }
}
