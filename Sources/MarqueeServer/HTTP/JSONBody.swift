import Foundation
import Hummingbird
import MarqueeCore
import MarqueeWire

/// Reads a JSON request body strictly: `application/json`, valid UTF-8, one object, only the fields the route
/// knows, each of the right type. Every failure is a `DomainError` naming the problem.
enum JSONBody {
    /// Decodes the body as `T` (snake_case keys). `nested` names the fields of objects inside the body (an object
    /// field, or each object of an array field), checked like the top level's. Only the fields in `nullable` may be
    /// `null` (which means "clear it"); elsewhere `null` is not taken for "absent". `allowEmpty` lets a route take no
    /// body at all (decoded from `{}`).
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: some MarqueeContext, fields: Set<String>,
        nested: [String: Set<String>] = [:], nullable: Set<String> = [], allowEmpty: Bool = false
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
        try checkFields(keys, allowed: fields, path: "")
        if let field = outline.nulls.subtracting(nullable).sorted().first {
            throw DomainError(.invalidBody, "\(field) may not be null; leave it out instead.")
        }
        for (name, allowed) in nested {
            for inner in outline.inner[name] ?? [] { try checkFields(inner, allowed: allowed, path: name + ".") }
        }
        do {
            return try WireJSON.makeDecoder().decode(T.self, from: data)
        } catch let error as DomainError {
            throw error
        } catch DecodingError.keyNotFound(let key, _) {
            throw DomainError(.invalidBody, "\(snakeCase(key.stringValue)) is required.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.first.map { snakeCase($0.stringValue) } ?? "The body"
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

    private static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }
}
