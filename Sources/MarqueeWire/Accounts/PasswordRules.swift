/// Marquee's password rules, in the one place both sides read them: the server applies them (and turns down the
/// passwords people pick most besides), and clients check a password against them as the person types. 8 to 128
/// characters, with a lower-case letter, an upper-case letter and a digit.
public enum PasswordRules {
    /// A rule a password breaks.
    public enum Problem: String, Sendable, CaseIterable {
        case tooShort = "too_short"
        case tooLong = "too_long"
        case noLowercase = "no_lowercase"
        case noUppercase = "no_uppercase"
        case noDigit = "no_digit"

        /// What the password needs, as the server words it ("at least 8 characters").
        public var requirement: String {
            switch self {
            case .tooShort: "at least \(PasswordRules.minimumLength) characters"
            case .tooLong: "at most \(PasswordRules.maximumLength) characters"
            case .noLowercase: "a lower-case letter"
            case .noUppercase: "an upper-case letter"
            case .noDigit: "a digit"
            }
        }
    }

    /// The fewest characters a password may have.
    public static let minimumLength = 8
    /// The most characters a password may have.
    public static let maximumLength = 128

    /// Every rule `password` breaks, in the server's order; empty when the server would take it (unless it is one
    /// of the most common passwords).
    public static func problems(for password: String) -> [Problem] {
        var problems: [Problem] = []
        // Code points, as the server counts: accents stacked on one letter are not one character.
        let length = password.unicodeScalars.count
        if length < minimumLength { problems.append(.tooShort) }
        if length > maximumLength { problems.append(.tooLong) }
        if !password.contains(where: \.isLowercase) { problems.append(.noLowercase) }
        if !password.contains(where: \.isUppercase) { problems.append(.noUppercase) }
        if !password.contains(where: { $0.isASCII && $0.isNumber }) { problems.append(.noDigit) }
        return problems
    }

    /// The sentence the server would answer with ("The password needs an upper-case letter and a digit."); nil
    /// when there is nothing to say.
    public static func sentence(for problems: [Problem]) -> String? {
        let parts = problems.map(\.requirement)
        guard let last = parts.last else { return nil }
        let list = parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
        return "The password needs \(list)."
    }
}
