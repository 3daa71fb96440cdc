import Hummingbird
import Synchronization

/// Which methods each route answers, so that a request with the wrong method gets 405 and an `Allow` header rather
/// than a 404 for a path that exists. The error middleware that asks is added to the router before the routes are,
/// so the table is filled once they all are (`learn`).
final class AllowedMethods: Sendable {
    private struct Template {
        /// Path segments; nil stands for a `{parameter}`.
        let segments: [String?]
        var methods: Set<String>
    }

    private let templates = Mutex<[Template]>([])

    /// Takes the router's routes (paths as templates such as `/api/v1/me/items/{list}`).
    func learn(_ routes: [Router<MarqueeRequestContext>.RouteDescription]) {
        var byPath: [String: Template] = [:]
        for route in routes {
            let path = route.path.description
            byPath[
                path,
                default: Template(
                    segments: path.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }, methods: [])
            ].methods.insert(route.method.rawValue)
        }
        for path in byPath.keys where byPath[path]?.methods.contains("GET") == true {
            byPath[path]?.methods.insert("HEAD")  // the router answers HEAD wherever GET is
        }
        templates.withLock { $0 = Array(byPath.values) }
    }

    /// The methods `path` answers to, or nothing when no route looks like it. Where a literal segment and a parameter
    /// both fit (`items/states`, `items/{list}`), the router takes the literal one only, and so does this.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        var best: (literals: Int, methods: Set<String>) = (-1, [])
        for template in templates.withLock({ $0 }) where template.segments.count == segments.count {
            let matches = zip(template.segments, segments).allSatisfy { expected, actual in
                expected.map { $0 == actual } ?? !actual.isEmpty
            }
            guard matches else { continue }
            let literals = template.segments.count { $0 != nil }
            if literals > best.literals {
                best = (literals, template.methods)
            } else if literals == best.literals {
                best.methods.formUnion(template.methods)
            }
        }
        return best.methods.sorted()
    }
}
