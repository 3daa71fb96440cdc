import Foundation
import HTTPTypes

/// Which methods each API path answers, read from the OpenAPI document (which a test holds to the router), so that
/// a request with the wrong method gets 405 and an `Allow` header rather than a 404 for a path that exists.
struct AllowedMethods: Sendable {
    private struct Template: Sendable {
        /// Path segments; nil stands for a `{parameter}`.
        let segments: [String?]
        let methods: Set<String>
    }

    private let templates: [Template]

    /// Reads the `paths` of an OpenAPI document; an unreadable one gives a table that allows nothing.
    init(openAPI document: Data) {
        let paths = ((try? JSONSerialization.jsonObject(with: document)) as? [String: Any])?["paths"] as? [String: Any]
        templates = (paths ?? [:]).map { path, operations in
            var methods = Set(((operations as? [String: Any]) ?? [:]).keys.map { $0.uppercased() })
                .intersection(["GET", "POST", "PUT", "PATCH", "DELETE"])
            if methods.contains("GET") { methods.insert("HEAD") }  // the router answers HEAD wherever GET is
            let segments = path.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
            return Template(segments: segments, methods: methods)
        }
    }

    /// The methods `path` answers to, or nothing when no API path looks like it. Where a
    /// literal segment and a parameter both fit (`items/states`, `items/{list}`), the router takes the literal one
    /// only, and so does this.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        var best: (literals: Int, methods: Set<String>) = (-1, [])
        for template in templates where template.segments.count == segments.count {
            let matches = zip(template.segments, segments).allSatisfy { expected, actual in
                expected.map { $0 == actual } ?? !actual.isEmpty
            }
            guard matches else { continue }
            let literals = template.segments.count { $0 != nil }
            if literals > best.literals { best = (literals, template.methods) } else if literals == best.literals {
                best.methods.formUnion(template.methods)
            }
        }
        return best.methods.sorted()
    }
}
