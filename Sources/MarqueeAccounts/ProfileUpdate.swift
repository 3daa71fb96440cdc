import Foundation
import MarqueeCore
import MarqueeStore
package import MarqueeWire

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
    var experience: Change<String> = .keep

    /// The fields a profile change may name: each may be `null`, to clear it.
    package static let nullable: Set<String> = [
        "display_name", "region", "language", "temperature_unit", "experience",
    ]

    /// The values `temperature_unit` accepts.
    package static let temperatureUnits = ["celsius", "fahrenheit"]
    /// The values `experience` accepts.
    package static let experiences = Experience.allCases.map(\.rawValue)

    // Keys as the snake_case-converting decoder presents them.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case displayName, region, language, temperatureUnit, experience

        /// The field as the API spells it.
        var field: String {
            switch self {
            case .displayName: "display_name"
            case .region: "region"
            case .language: "language"
            case .temperatureUnit: "temperature_unit"
            case .experience: "experience"
            }
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Every field is read before any is checked, so that `BodyFields` sees them all.
        var sent: [CodingKeys: Change<String>] = [:]
        for key in CodingKeys.allCases where container.contains(key) {
            if try container.decodeNil(forKey: key) {
                sent[key] = .clear
            } else if let text = try? container.decode(String.self, forKey: key) {
                sent[key] = .set(text)
            } else {
                throw DomainError(.invalidBody, "\(key.field) must be a string or null.")
            }
        }
        func change(_ key: CodingKeys, check: (String) -> String?) throws -> Change<String> {
            guard case .set(let text) = sent[key] else { return sent[key] ?? .keep }
            guard let value = check(text) else { throw DomainError(.invalidBody, Self.rule(for: key.field)) }
            return .set(value)
        }
        displayName = try change(.displayName, check: Self.displayName)
        region = try change(.region, check: LocaleParsing.region)
        language = try change(.language, check: LocaleParsing.language)
        temperatureUnit = try change(.temperatureUnit) { Self.temperatureUnits.contains($0) ? $0 : nil }
        experience = try change(.experience) { Experience(rawValue: $0)?.rawValue }
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
        default: Self.experienceRule
        }
    }

    /// What `experience` may be.
    static let experienceRule = "experience must be one of: \(experiences.joined(separator: ", "))."

    /// The experience a sign-up or a new guest asked for, checked; `request.invalid_body` names the values.
    package static func experience(_ text: String?) throws -> Experience? {
        guard let text else { return nil }
        guard let experience = Experience(rawValue: text) else { throw DomainError(.invalidBody, experienceRule) }
        return experience
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
        apply(experience, &profile.experience)
    }
}
