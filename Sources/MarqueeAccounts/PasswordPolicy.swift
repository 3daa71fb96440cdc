package import MarqueeCore
package import MarqueeWire

/// Marquee's password rules (`PasswordRules`, which clients check too), and not one of the passwords people pick
/// most (which attackers try first).
package struct PasswordPolicy: Sendable {
    /// What a password can fail on: one of the rules clients check too, or being one of the most common passwords.
    /// The web app shows these next to the field as the person types.
    package enum Problem: Sendable, Hashable {
        case rule(PasswordRules.Problem)
        case tooCommon

        /// Every problem, in the order they are checked.
        package static var allCases: [Problem] { PasswordRules.Problem.allCases.map(Problem.rule) + [.tooCommon] }

        /// The problem's code (`no_digit`, `too_common`).
        package var code: String {
            switch self {
            case .rule(let rule): rule.rawValue
            case .tooCommon: "too_common"
            }
        }

        /// How the web app and API describe the problem.
        package var message: String {
            switch self {
            case .rule(let rule): rule.requirement
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
        var problems = PasswordRules.problems(for: password).map(Problem.rule)
        if common.contains(password.lowercased()) { problems.append(.tooCommon) }
        return problems
    }

    /// Throws `auth.weak_password` listing everything missing, e.g. "The password needs an upper-case letter and
    /// a digit."
    package func validate(_ password: String) throws(DomainError) {
        let problems = problems(with: password)
        guard !problems.isEmpty else { return }
        let rules = problems.compactMap { problem in if case .rule(let rule) = problem { rule } else { nil } }
        var sentences = [PasswordRules.sentence(for: rules)].compactMap(\.self)
        if problems.contains(.tooCommon) {
            sentences.append("It is one of the most common passwords, which attackers try first: choose another.")
        }
        throw DomainError(.weakPassword, sentences.joined(separator: " "))
    }
}
