/// Who a request that may need an upstream call comes from. The HTTP layer sets it for each request; the
/// `UpstreamFetcher` reads it only when the cache cannot answer, and only then asks whether the caller is signed in
/// (so cache hits cost nothing). Anonymous callers share a smaller part of the upstream budget, and each client
/// address a small part of that: one anonymous client cannot spend everyone's turns, or fill the cache with made-up
/// searches.
package struct UpstreamCaller: Sendable {
    /// The client's address (after trusted proxies).
    package var address: String
    /// Whether the request carries a valid sign-in.
    package var isSignedIn: @Sendable () async -> Bool

    /// Creates a caller.
    package init(address: String, isSignedIn: @escaping @Sendable () async -> Bool) {
        self.address = address
        self.isSignedIn = isSignedIn
    }

    /// The caller of the request this task serves; nil outside requests (background refreshes, tools), which
    /// share the whole budget.
    @TaskLocal package static var current: UpstreamCaller?
}
