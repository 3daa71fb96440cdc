package import Configuration
import Foundation

/// Reads raw setting values from swift-configuration and validates them, so every invalid value fails at start
/// with a `SettingsError` naming the setting and its variable.
package struct SettingsReader: Sendable {
    private let config: ConfigReader

    /// Wraps a configuration reader whose keys are unprefixed (`port`, `tmdb.apiKey`).
    package init(config: ConfigReader) {
        self.config = config
    }

    /// `tmdb.apiKey` → `MARQUEE_TMDB_API_KEY`.
    package static func environmentName(of key: String) -> String {
        var name = "MARQUEE"
        for component in key.split(separator: ".") {
            name += "_"
            var previousWasLower = false
            for character in component {
                if character.isUppercase, previousWasLower { name += "_" }
                name += character.uppercased()
                previousWasLower = character.isLowercase || character.isNumber
            }
        }
        return name
    }

    /// The value as text, whatever type the source stored it as; nil when unset or blank.
    package func string(_ key: String, isSecret: Bool = false) -> String? {
        let configKey = ConfigKey(key.split(separator: ".").map(String.init))
        let raw =
            config.string(forKey: configKey, isSecret: isSecret)
            ?? config.int(forKey: configKey).map(String.init)
            ?? config.double(forKey: configKey).map { String($0) }
            ?? config.bool(forKey: configKey).map(String.init)
        guard let trimmed = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A whole number within `range`.
    package func int(_ key: String, default defaultValue: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = string(key) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw SettingsError(
                key: key, problem: "'\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// A number within `range`.
    package func double(_ key: String, default defaultValue: Double, range: ClosedRange<Double>) throws -> Double {
        guard let text = string(key) else { return defaultValue }
        guard let value = Double(text), range.contains(value) else {
            throw SettingsError(
                key: key, problem: "'\(text)' is not a number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// An absolute http(s) URL without a trailing slash.
    package func url(_ key: String, default defaultValue: String?) throws -> String? {
        guard let text = string(key) ?? defaultValue else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw SettingsError(key: key, problem: "'\(text)' is not an absolute http(s) URL.")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// A value matching one of `allowed`.
    package func choice(_ key: String, default defaultValue: String, allowed: [String]) throws -> String {
        guard let text = string(key) else { return defaultValue }
        guard allowed.contains(text.lowercased()) else {
            throw SettingsError(key: key, problem: "'\(text)' is not one of \(allowed.joined(separator: ", ")).")
        }
        return text.lowercased()
    }

    /// A value checked by `isValid`.
    package func text(_ key: String, default defaultValue: String, expected: String, isValid: (String) -> Bool) throws
        -> String
    {
        guard let text = string(key) else { return defaultValue }
        guard isValid(text) else { throw SettingsError(key: key, problem: "'\(text)' is not \(expected).") }
        return text
    }
}
