import Foundation
import Testing

/// The OpenAPI document in the repository, as the contract every API answer in the tests is checked against: the
/// status must be one the operation lists, the body must have the documented media type and fit its schema, an
/// error's code must be one the answer's description names, and a documented `X-Request-Id` must be there.
struct APIContract: Sendable {
    let document: JSONValue

    /// The document the server serves, read from the source tree so the tests need nothing built or fetched.
    static let repository: APIContract = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/MarqueeServer/Resources/openapi.json").standardized
        let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
        return APIContract(document: JSONValue.parse(bytes) ?? .null)
    }()

    /// One answer as the client saw it.
    struct Answer {
        var method: String
        var uri: String
        var status: Int
        var contentType: String?
        var requestID: String?
        var body: [UInt8]
    }

    /// Records each problem as an issue of the running test, at `sourceLocation`.
    func record(_ problems: [String], sourceLocation: SourceLocation) {
        for problem in problems {
            Issue.record(Comment(rawValue: "contract: \(problem)"), sourceLocation: sourceLocation)
        }
    }

    /// What in `answer` the document does not allow; empty when it conforms or the path is not part of the API
    /// (web pages, an unknown path).
    func problems(_ answer: Answer) -> [String] {
        guard case .object = document else { return ["the OpenAPI document could not be read"] }
        let path = String(answer.uri.prefix { $0 != "?" && $0 != "#" })
        let method = answer.method.lowercased()
        guard method != "head", let operation = operation(method: method, path: path) else { return [] }
        let label = "\(answer.method) \(operation.template) → \(answer.status)"
        guard
            let listed = operation.value["responses"]?[String(answer.status)]
                ?? operation.value["responses"]?["default"]
        else { return ["\(label): the document lists no such status"] }
        let response = resolve(listed)
        var found: [String] = []
        if response["headers"]?["X-Request-Id"] != nil, answer.requestID?.isEmpty != false {
            found.append("\(label): no X-Request-Id header")
        }
        guard let content = response["content"]?.object else {
            if !answer.body.isEmpty { found.append("\(label): a body where the document has none") }
            return found
        }
        let mediaType =
            (answer.contentType ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard let declared = content.first(where: { $0.key.split(separator: ";").first.map(String.init) == mediaType })
        else {
            return found + [
                "\(label): Content-Type \(answer.contentType ?? "none") is not one of \(content.keys.sorted())"
            ]
        }
        guard mediaType == "application/json", let schema = declared.value["schema"] else { return found }
        guard let body = JSONValue.parse(answer.body) else { return found + ["\(label): the body is not JSON"] }
        var validator = SchemaValidator(document: document)
        validator.check(body, against: schema, at: "$")
        found += validator.problems.prefix(5).map { "\(label): \($0)" }
        if answer.status >= 400, let code = body["error"]?["code"]?.string {
            let description = listed["description"]?.string ?? response["description"]?.string ?? ""
            if !description.contains("`\(code)`") {
                found.append("\(label): error code \(code) is not among the codes this answer's description names")
            }
        }
        return found
    }

    /// What in a live-stream event the document does not allow: `change` data is an `ItemChange` and `snapshot` data
    /// a `Snapshot`, each with the event id equal to its `seq`; `account` data is an `AccountNotice`, with no id; `end`
    /// says why.
    func problems(_ event: ServerEvent) -> [String] {
        let schemas = ["change": "ItemChange", "snapshot": "Snapshot", "account": "AccountNotice"]
        let label = "stream event \(event.event)"
        guard let data = JSONValue.parse(Array(event.data.utf8)) else { return ["\(label): the data is not JSON"] }
        if event.event == "end" {
            return data["reason"]?.string == nil ? ["\(label): no reason"] : []
        }
        guard let schema = schemas[event.event] else { return ["\(label): not an event the document describes"] }
        var validator = SchemaValidator(document: document)
        validator.check(data, against: .object(["$ref": .string("#/components/schemas/\(schema)")]), at: "$")
        var found = validator.problems.prefix(5).map { "\(label): \($0)" }
        // The id is the resume point of the change (or of the latest change, for a snapshot's last part): `seq:check`.
        // Every part of a snapshot before the last has none.
        if data["more"] == .bool(true) {
            if event.id != nil { found.append("\(label): a part with more to follow has an id") }
        } else if let seq = data["seq"],
            event.id?.wholeMatch(of: /[0-9]+:[0-9a-f]{8}/) == nil && seq.double != 0
                || event.seq.map(Double.init) != seq.double
        {
            found.append("\(label): id \(event.id ?? "none") is not its seq and check")
        }
        return found
    }

    /// The operation for `method` on the path template that matches `path` with the most literal segments
    /// (`/me/items/states` before `/me/items/{list}`); nil when that path has no such method (a 405).
    private func operation(method: String, path: String) -> (template: String, value: JSONValue)? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var best: (template: String, item: JSONValue, literals: Int)?
        for (template, item) in document["paths"]?.object ?? [:] {
            let parts = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard parts.count == segments.count else { continue }
            var literals = 0
            var matches = true
            for (part, segment) in zip(parts, segments) {
                if part.hasPrefix("{") {
                    matches = matches && !segment.isEmpty
                } else if part == segment {
                    literals += 1
                } else {
                    matches = false
                }
            }
            if matches, literals > best?.literals ?? -1 { best = (template, item, literals) }
        }
        guard let best, let operation = best.item[method] else { return nil }
        return (best.template, operation)
    }

    /// Follows a `$ref` to the value it names.
    private func resolve(_ value: JSONValue) -> JSONValue {
        guard let reference = value["$ref"]?.string else { return value }
        return SchemaValidator.lookup(reference, in: document).map(resolve) ?? value
    }
}

/// Checks a value against the part of JSON Schema (2020-12) the document uses, collecting what does not fit with
/// where it was found (`$.results[0].title`).
struct SchemaValidator {
    let document: JSONValue
    private(set) var problems: [String] = []

    init(document: JSONValue) { self.document = document }

    static func lookup(_ reference: String, in document: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var value: JSONValue? = document
        for key in reference.dropFirst(2).split(separator: "/") { value = value?[String(key)] }
        return value
    }

    mutating func check(_ value: JSONValue, against schema: JSONValue, at place: String) {
        guard case .object(let rules) = schema else { return }
        if let reference = rules["$ref"]?.string {
            guard let target = Self.lookup(reference, in: document) else {
                problems.append("\(place): unresolvable \(reference)")
                return
            }
            check(value, against: target, at: place)
        }
        if let types = rules["type"], !Self.fits(value, types) {
            let names = types.array?.compactMap(\.string) ?? [types.string ?? ""]
            problems.append(
                "\(place): \(Self.describe(value)) where the document says \(names.joined(separator: " or "))")
            return
        }
        if let allowed = rules["enum"]?.array, !allowed.contains(value) {
            problems.append("\(place): \(Self.describe(value)) is not one of the documented values")
        }
        if let constant = rules["const"], constant != value {
            problems.append("\(place): \(Self.describe(value)) where the document says \(Self.describe(constant))")
        }
        checkCombinations(value, rules, at: place)
        switch value {
        case .object(let members): checkObject(members, rules, at: place)
        case .array(let elements): checkArray(elements, rules, at: place)
        case .string(let text): checkString(text, rules, at: place)
        case .integer, .number: checkNumber(value.double ?? 0, rules, at: place)
        case .null, .bool: break
        }
    }

    private mutating func checkCombinations(_ value: JSONValue, _ rules: [String: JSONValue], at place: String) {
        for schema in rules["allOf"]?.array ?? [] { check(value, against: schema, at: place) }
        for keyword in ["anyOf", "oneOf"] {
            guard let options = rules[keyword]?.array else { continue }
            let fitting = options.filter { option in
                var trial = SchemaValidator(document: document)
                trial.check(value, against: option, at: place)
                return trial.problems.isEmpty
            }
            if fitting.isEmpty || (keyword == "oneOf" && fitting.count > 1) {
                problems.append("\(place): \(Self.describe(value)) fits \(fitting.count) of the \(keyword) options")
            }
        }
    }

    private mutating func checkObject(_ members: [String: JSONValue], _ rules: [String: JSONValue], at place: String) {
        let properties = rules["properties"]?.object ?? [:]
        for case .string(let key) in rules["required"]?.array ?? [] where members[key] == nil {
            problems.append("\(place): required \"\(key)\" is missing")
        }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if let property = properties[key] {
                check(member, against: property, at: "\(place).\(key)")
            } else if rules["additionalProperties"] == .bool(false) {
                problems.append("\(place): \"\(key)\" is not a documented field")
            } else if let extra = rules["additionalProperties"], case .object = extra {
                check(member, against: extra, at: "\(place).\(key)")
            }
        }
    }

    private mutating func checkArray(_ elements: [JSONValue], _ rules: [String: JSONValue], at place: String) {
        if let least = rules["minItems"]?.double, Double(elements.count) < least {
            problems.append("\(place): \(elements.count) items, fewer than \(Int(least))")
        }
        if let most = rules["maxItems"]?.double, Double(elements.count) > most {
            problems.append("\(place): \(elements.count) items, more than \(Int(most))")
        }
        guard let items = rules["items"] else { return }
        for (index, element) in elements.enumerated() { check(element, against: items, at: "\(place)[\(index)]") }
    }

    private mutating func checkString(_ text: String, _ rules: [String: JSONValue], at place: String) {
        let length = Double(text.unicodeScalars.count)
        if let least = rules["minLength"]?.double, length < least {
            problems.append("\(place): \"\(text)\" is shorter than \(Int(least))")
        }
        if let most = rules["maxLength"]?.double, length > most {
            problems.append("\(place): a string of \(Int(length)) characters, longer than \(Int(most))")
        }
        if let pattern = rules["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
            problems.append("\(place): \"\(text)\" does not match \(pattern)")
        }
        if let format = rules["format"]?.string, let shape = Self.formats[format],
            text.range(of: shape, options: .regularExpression) == nil
        {
            problems.append("\(place): \"\(text)\" is not a \(format)")
        }
    }

    private mutating func checkNumber(_ number: Double, _ rules: [String: JSONValue], at place: String) {
        if let least = rules["minimum"]?.double, number < least {
            problems.append("\(place): \(number) is below the minimum \(least)")
        }
        if let most = rules["maximum"]?.double, number > most {
            problems.append("\(place): \(number) is above the maximum \(most)")
        }
    }

    /// The formats checked, as regular expressions; others (`int64`, `double`) say nothing a type does not.
    private static let formats = [
        "date-time": #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#,
        "date": #"^\d{4}-\d{2}-\d{2}$"#,
        "uuid": #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#,
        "uri": #"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$"#,
    ]

    private static func fits(_ value: JSONValue, _ types: JSONValue) -> Bool {
        let names = types.array?.compactMap(\.string) ?? [types.string ?? ""]
        return names.contains { name in
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
                ("integer", .integer), ("number", .integer), ("number", .number):
                true
            case ("integer", .number(let number)): number.rounded() == number
            default: false
            }
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text.prefix(60))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
