package import MarqueeCore

/// Marquee's password rules: 8–128 characters with at least one lower-case letter, one upper-case letter and one
/// digit, and not one of the passwords people pick most (which attackers try first).
package struct PasswordPolicy: Sendable {
    /// What a password can fail on; the web app shows these next to the field as the person types.
    package enum Problem: String, Sendable, CaseIterable {
        case tooShort = "too_short"
        case tooLong = "too_long"
        case noLowercase = "no_lowercase"
        case noUppercase = "no_uppercase"
        case noDigit = "no_digit"
        case tooCommon = "too_common"

        /// How the web app and API describe the problem.
        package var message: String {
            switch self {
            case .tooShort: "at least 8 characters"
            case .tooLong: "at most 128 characters"
            case .noLowercase: "a lower-case letter"
            case .noUppercase: "an upper-case letter"
            case .noDigit: "a digit"
            case .tooCommon: "not one of the most common passwords"
            }
        }
    }

    private let common: Set<String>

    /// Creates the policy with its list of common passwords (compared case-insensitively).
    package init(commonPasswords: Set<String> = CommonPasswords.all) {
        common = Set(commonPasswords.map { $0.lowercased() })
    }

    /// Every rule `password` breaks, in a stable order; empty when it is acceptable.
    package func problems(with password: String) -> [Problem] {
        var problems: [Problem] = []
        // Code points, as every length in the API counts: accents stacked on one letter are not one character.
        let length = password.unicodeScalars.count
        if length < 8 { problems.append(.tooShort) }
        if length > 128 { problems.append(.tooLong) }
        if !password.contains(where: \.isLowercase) { problems.append(.noLowercase) }
        if !password.contains(where: \.isUppercase) { problems.append(.noUppercase) }
        if !password.contains(where: { $0.isASCII && $0.isNumber }) { problems.append(.noDigit) }
        if common.contains(password.lowercased()) { problems.append(.tooCommon) }
        return problems
    }

    /// Throws `auth.weak_password` listing everything missing, e.g. "The password needs an upper-case letter and
    /// a digit."
    package func validate(_ password: String) throws(DomainError) {
        let problems = problems(with: password)
        guard !problems.isEmpty else { return }
        let parts = problems.filter { $0 != .tooCommon }.map(\.message)
        var sentences: [String] = []
        if let last = parts.last {
            let list = parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
            sentences.append("The password needs \(list).")
        }
        if problems.contains(.tooCommon) {
            sentences.append("It is one of the most common passwords, which attackers try first: choose another.")
        }
        throw DomainError(.weakPassword, sentences.joined(separator: " "))
    }
}
