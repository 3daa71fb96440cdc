package import MarqueeWire

extension MediaKind {
    /// Parses a kind from a query value, throwing `catalog.unknown_kind` with the allowed values.
    package init(parameter value: String, allowed: [MediaKind] = MediaKind.allCases) throws(DomainError) {
        guard let kind = MediaKind(rawValue: value), allowed.contains(kind) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw DomainError(.unknownKind, "Unknown kind '\(value.prefix(40))'. Use one of: \(names).")
        }
        self = kind
    }
}
