import Foundation
import MarqueeCore

/// What a cacheable request's parsing read: every query parameter it looked at, and the value each stands for once
/// parsed. From it comes the response cache's key, which is made of what the route understood and nothing else, so
/// that a request cannot make the cache keep an entry per spelling (`?pad=<60 KB>`, `page=01`) or per made-up
/// parameter. Filled by `RequestParsing` as a route parses; one per request, never shared.
final class ParameterRecord {
    /// Parameters read; a request carrying any other is refused.
    private var known: Set<String> = []
    /// Parsed values in canonical spelling; nil for a value equal to the default (left out of the key).
    private var values: [String: String?] = [:]
    /// Parsed path parameters (`{id}`), filled into the route's template.
    private var path: [String: String] = [:]

    /// The route read `name` (it counts as known even when the request leaves it out).
    func read(_ name: String) {
        known.insert(name)
    }

    /// `name` parsed to `value`; nil when it is the default, so the key is the same with and without it.
    func parsed(_ name: String, _ value: String?) {
        known.insert(name)
        values[name] = .some(value)
    }

    /// The path parameter `name` parsed to `value`.
    func parsedPath(_ name: String, _ value: String) {
        path[name] = value
    }

    /// The cache key: the route's `template` with its parsed path parameters, then the parsed query values, by
    /// name, percent-encoded. It is spelled as the request the route understood would be, so that the same request
    /// sent in that spelling finds the entry on the fast path (`CachedResponseHandler`). Throws
    /// `request.unknown_parameter` when `sent` has a parameter the route did not read.
    func key(template: String, sent: QueryString) throws -> String {
        var key = template
        for (name, value) in path { key = key.replacingOccurrences(of: "{\(name)}", with: value.queryValueEncoded) }
        var query: [(name: String, value: String)] = []
        for (name, sentValue) in sent.values {
            guard known.contains(name) else { throw Self.unknown(name, known: known) }
            let value: String?
            if let parsed = values[name] { value = parsed } else { value = sentValue }
            if let value { query.append((name, value)) }
        }
        guard !query.isEmpty else { return key }
        return key + "?"
            + query.sorted { $0.name < $1.name }.map { "\($0.name.queryValueEncoded)=\($0.value.queryValueEncoded)" }
            .joined(separator: "&")
    }

    static func unknown(_ name: String, known: Set<String>) -> DomainError {
        let takes = known.isEmpty ? "It takes none." : "It takes: \(known.sorted().joined(separator: ", "))."
        return DomainError(.unknownParameter, "Unknown query parameter '\(name.prefix(40))'. \(takes)")
    }
}
