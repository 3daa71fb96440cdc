import Foundation
import Hummingbird
import MarqueeCore
import MarqueeWire

/// Validated access to path and query parameters; every failure is a `DomainError` with a stable code.
struct RequestParsing {
    let request: Request
    /// The request's query, read once.
    let queryString: QueryString
    /// The route's path parameters.
    let parameters: Parameters
    /// Query values that replace the request's own (a page translating its form fields to the API's names).
    var overrides: [String: String] = [:]
    /// Where a cacheable route's parsing notes what it read (see `ParameterRecord`).
    var record: ParameterRecord?

    /// Reads `request`'s parameters, with the path parameters its route matched (in `context`). Throws
    /// `request.invalid_parameter` for a query string that cannot be read (see `QueryString`).
    init(request: Request, context: some MarqueeContext) throws {
        self.request = request
        queryString = try QueryString(request.uri)
        parameters = context.parameters
    }

    /// The value of query parameter `name`, as sent (or as a page's override spells it).
    func query(_ name: String) -> String? {
        record?.read(name)
        return overrides[name] ?? queryString[name]
    }

    /// The query as `Q`, refusing parameters `Q` does not read: where a request removes or writes data, a misspelt
    /// filter (`media_type=movie` for `kind=movie`) must not be ignored and the request done on everything. (`Q`'s
    /// values are strings, checked by the route, so each gets its own error code.)
    func query<Q: Decodable>(_ type: Q.Type) throws -> Q {
        let names = BodyFields.of(Q.self).top
        if let name = queryString.names.sorted().first(where: { !names.contains($0) }) {
            throw ParameterRecord.unknown(name, known: names)
        }
        do {
            return try URLEncodedFormDecoder().decode(Q.self, from: request.uri.query ?? "")
        } catch {
            throw DomainError(.invalidParameter, "The query string could not be read.")
        }
    }

    /// The same request with some query values replaced.
    func overriding(_ values: [String: String]) -> RequestParsing {
        var copy = self
        copy.overrides.merge(values) { $1 }
        return copy
    }

    /// A path parameter with its percent-escapes decoded, as the API's routes read theirs: clients that escape every
    /// segment (`encodeURIComponent("SK:C:5")` is `SK%3AC%3A5`) send them so. An escape that is not UTF-8 leaves it
    /// as sent, for the parameter's own check to refuse.
    static func pathParameter(_ name: String, in context: some MarqueeContext) -> String {
        pathParameter(name, in: context.parameters)
    }

    private static func pathParameter(_ name: String, in parameters: Parameters) -> String {
        let raw = parameters.get(name) ?? ""
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
        return raw.removingPercentEncoding ?? raw
    }

    /// `page`: absent → 1; otherwise a whole number from 1 to 500.
    func page() throws -> Int {
        guard let text = query("page") else { return 1 }
        guard let page = WholeNumber.parse(text), (1...Page<MediaSummary>.maxPage).contains(page) else {
            throw DomainError(.badPage, "page must be a whole number from 1 to \(Page<MediaSummary>.maxPage).")
        }
        record?.parsed("page", page == 1 ? nil : String(page))
        return page
    }

    /// The `{id}` path parameter: a positive whole number. Where lists share the path (`/movies/{id}` and
    /// `/movies/popular`), a word that is not a list is reported as an unknown list.
    func id(orListOf lists: [String] = []) throws -> Int {
        let text = Self.pathParameter("id", in: parameters)
        if !lists.isEmpty, !text.isEmpty, text.allSatisfy({ $0.isLetter || $0 == "_" }) {
            throw DomainError(
                .unknownList, "There is no list called '\(text.prefix(40))'. Lists: \(lists.joined(separator: ", ")).")
        }
        guard let id = WholeNumber.parse(text), id > 0 else {
            throw DomainError(.badID, "'\(text.prefix(40))' is not a valid id; ids are positive whole numbers.")
        }
        record?.parsedPath("id", String(id))
        return id
    }

    func optionalInt(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text = query(name) else { return nil }
        guard let value = WholeNumber.parse(text), range.contains(value) else {
            throw DomainError(
                .invalidParameter, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        record?.parsed(name, String(value))
        return value
    }

    /// `true` or `false` (nil when absent); anything else fails with `request.invalid_parameter`.
    func flag(_ name: String) throws -> Bool? {
        guard let text = query(name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw DomainError(.invalidParameter, "\(name) must be true or false.")
        }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws -> T
    where T.RawValue == String {
        guard let text = query(name) else { return defaultValue }
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw DomainError(.invalidParameter, "\(name) must be one of: \(allowed).")
        }
        record?.parsed(name, value.rawValue == defaultValue.rawValue ? nil : value.rawValue)
        return value
    }

    /// `language=` and `region=`, falling back to the server's defaults.
    func locale(defaults: LocaleOptions) throws -> LocaleOptions {
        var locale = defaults
        if let text = query("language") {
            guard let language = LocaleParsing.language(text) else {
                throw DomainError(.invalidParameter, "language must look like en or en-US.")
            }
            locale.language = language
            record?.parsed("language", language == defaults.language ? nil : language)
        }
        if let text = query("region") {
            guard let region = LocaleParsing.region(text) else {
                throw DomainError(.invalidParameter, "region must be a two-letter country code like US.")
            }
            locale.region = region
            record?.parsed("region", region == defaults.region ? nil : region)
        }
        return locale
    }
}
