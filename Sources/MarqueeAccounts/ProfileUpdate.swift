import Foundation
import MarqueeCore
import MarqueeStore
import MarqueeWire

/// A `PATCH /api/v1/me` body: each field present is set, `null` clears it, absent leaves it. Unknown fields and
/// invalid values are refused with a code naming the field.
package struct ProfileUpdate: Decodable, Sendable {
    /// A field's change.
    enum Change<Value: Sendable>: Sendable {
        case keep
        case clear
        case set(Value)
    }

    var displayName: Change<String> = .keep
    var region: Change<String> = .keep
    var language: Change<String> = .keep
    var temperatureUnit: Change<String> = .keep
    var preferredExperience: Change<String> = .keep

    /// The fields a profile change may name (each may be `null`, to clear it).
    package static let fields: Set<String> = [
        "display_name", "region", "language", "temperature_unit", "preferred_experience",
    ]

    /// The values `temperature_unit` accepts.
    package static let temperatureUnits = ["celsius", "fahrenheit"]
    /// The values `preferred_experience` accepts.
    package static let experiences = ["movies", "weather", "events", "art"]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let known = Self.fields.sorted()
        // The decoder may or may not convert snake_case keys; compare without underscores or case.
        func flat(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "").lowercased() }
        if let unknown = container.allKeys.first(where: { key in !known.contains { flat($0) == flat(key.stringValue) } }
        ) {
            throw DomainError(
                .unknownField,
                "'\(unknown.stringValue.prefix(40))' is not a profile field. Fields: \(known.joined(separator: ", ")).")
        }
        func change(_ name: String, check: (String) -> String?) throws -> Change<String> {
            guard let key = container.allKeys.first(where: { flat($0.stringValue) == flat(name) }) else { return .keep }
            if try container.decodeNil(forKey: key) { return .clear }
            guard let text = try? container.decode(String.self, forKey: key) else {
                throw DomainError(.invalidBody, "\(name) must be a string or null.")
            }
            guard let value = check(text) else { throw DomainError(.invalidBody, Self.rule(for: name)) }
            return .set(value)
        }
        displayName = try change("display_name", check: Self.displayName)
        region = try change("region", check: LocaleParsing.region)
        language = try change("language", check: LocaleParsing.language)
        temperatureUnit = try change("temperature_unit") { Self.temperatureUnits.contains($0) ? $0 : nil }
        preferredExperience = try change("preferred_experience") { Self.experiences.contains($0) ? $0 : nil }
    }

    /// A display name, trimmed, when it is 1 to 50 code points (as every length in the API counts: a letter with
    /// 5,000 accents is not one character) without control characters; else nil.
    static func displayName(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        let scalars = trimmed.unicodeScalars
        guard (1...50).contains(scalars.count), !scalars.contains(where: \.isControl)
        else { return nil }
        return trimmed
    }

    /// The name a sign-in provider gives, as a display name: cut to 50 code points, and none if it then breaks the
    /// rule (the provider is not ours to trust).
    static func providedDisplayName(_ text: String) -> String? {
        displayName(text.trimmingWhitespace().prefix(codePoints: 50))
    }

    private static func rule(for field: String) -> String {
        switch field {
        case "display_name": "display_name must be 1 to 50 characters without control characters."
        case "region": "region must be a two-letter country code like US."
        case "language": "language must look like en or en-US."
        case "temperature_unit": "temperature_unit must be one of: \(temperatureUnits.joined(separator: ", "))."
        default: "preferred_experience must be one of: \(experiences.joined(separator: ", "))."
        }
    }

    func apply(to profile: inout UserProfile) {
        func apply(_ change: Change<String>, _ field: inout String?) {
            switch change {
            case .keep: break
            case .clear: field = nil
            case .set(let value): field = value
            }
        }
        apply(displayName, &profile.displayName)
        apply(region, &profile.region)
        apply(language, &profile.language)
        apply(temperatureUnit, &profile.temperatureUnit)
        apply(preferredExperience, &profile.preferredExperience)
    }
}
