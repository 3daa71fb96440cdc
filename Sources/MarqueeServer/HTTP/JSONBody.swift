import Foundation
import Hummingbird
import MarqueeCore
import MarqueeWire

/// Reads a JSON request body strictly: `application/json`, valid UTF-8, one object, only the fields the route
/// knows, each of the right type. Every failure is a `DomainError` naming the problem.
enum JSONBody {
    /// Decodes the body as `T` (snake_case keys). The fields `T` reads are the ones allowed, in the body and in
    /// the objects inside it (see `BodyFields`). Only the fields in `nullable` may be `null` (which means "clear
    /// it"); elsewhere `null` is not taken for "absent". `allowEmpty` lets a route take no body at all (decoded from
    /// `{}`).
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: some MarqueeContext, nullable: Set<String> = [],
        allowEmpty: Bool = false
    ) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        var data = Data(buffer.readableBytesView)
        if data.isEmpty, allowEmpty {
            data = Data("{}".utf8)
        } else {
            let contentType = request.headers[.contentType]?.lowercased() ?? ""
            guard contentType.hasPrefix("application/json") else {
                throw DomainError(.unsupportedMediaType, "Send the body as JSON with Content-Type: application/json.")
            }
        }
        guard String(validating: data, as: UTF8.self) != nil else {
            throw DomainError(.invalidBody, "The body is not valid UTF-8 text.")
        }
        let outline: StrictJSON.Outline
        do {
            outline = try StrictJSON.check(Array(data))
        } catch let problem as StrictJSON.Problem {
            throw DomainError(.invalidBody, "The body is not valid JSON: \(problem.reason).")
        }
        guard let keys = outline.keys else { throw DomainError(.invalidBody, "The body must be a JSON object.") }
        let fields = BodyFields.of(T.self)
        try checkFields(keys, allowed: fields.top, path: "")
        if let field = outline.nulls.subtracting(nullable).sorted().first {
            throw DomainError(.invalidBody, "\(field) may not be null; leave it out instead.")
        }
        for (name, allowed) in fields.nested {
            for inner in outline.inner[name] ?? [] { try checkFields(inner, allowed: allowed, path: name + ".") }
        }
        do {
            return try WireJSON.makeDecoder().decode(T.self, from: data)
        } catch let error as DomainError {
            throw error
        } catch DecodingError.keyNotFound(let key, _) {
            throw DomainError(.invalidBody, "\(BodyFields.snakeCase(key.stringValue)) is required.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.first.map { BodyFields.snakeCase($0.stringValue) } ?? "The body"
            throw DomainError(.invalidBody, "\(field) has the wrong type.")
        } catch {
            throw DomainError(.invalidBody, "The body could not be read.")
        }
    }

    private static func checkFields(_ keys: [String], allowed: Set<String>, path: String) throws {
        guard let unknown = keys.sorted().first(where: { !allowed.contains($0) }) else { return }
        throw DomainError(
            .unknownField,
            "'\(path)\(unknown.prefix(40))' is not a field here. Fields: \(allowed.sorted().map { path + $0 }.joined(separator: ", "))."
        )
    }
}
