package import Foundation
package import MarqueeWire

/// `/account` (and `/settings`, which leads to its preferences): who is signed in, preferences (what the app is
/// about among them), sign-out, password and email changes, and the danger zone.
package struct AccountPage: WebPage {
    package static let template = "account"
    package let chrome: Chrome
    let method: String
    let email: String?
    let verified: Bool
    let shortID: String
    let since: String
    let isGuest: Bool
    let hasPassword: Bool
    let displayName: String
    let region: String
    let language: String
    let units: [Choice]
    /// What the app is about; saving another opens the app into it.
    let experiences: [Choice]
    /// The experience the account is in now, whose favourites "Clear all" removes.
    let experience: String
    let experienceName: String
    let experienceThings: String
    let rules: [PasswordRule]

    /// What the account page shows about an account.
    package struct Account: Sendable {
        package var id: String
        package var method: String
        package var email: String?
        package var emailVerified: Bool
        package var isGuest: Bool
        package var hasPassword: Bool
        package var createdAt: Date
        package var displayName: String?
        package var region: String?
        package var language: String?
        package var temperatureUnit: String?
        package var experience: Experience

        /// Describes an account.
        package init(
            id: String, method: String, email: String?, emailVerified: Bool, isGuest: Bool, hasPassword: Bool,
            createdAt: Date, displayName: String?, region: String?, language: String?, temperatureUnit: String?,
            experience: Experience = .standard
        ) {
            self.id = id
            self.method = method
            self.email = email
            self.emailVerified = emailVerified
            self.isGuest = isGuest
            self.hasPassword = hasPassword
            self.createdAt = createdAt
            self.displayName = displayName
            self.region = region
            self.language = language
            self.temperatureUnit = temperatureUnit
            self.experience = experience
        }
    }

    /// The page for `account`; `rules` are the password policy's, for the change-password and upgrade forms.
    package init(chrome: Chrome, account: Account, rules: [PasswordRule]) {
        self.chrome = chrome
        method =
            switch (account.method, account.email, account.hasPassword) {
            // Both ways in work: say so, so that a Google link the owner did not make does not go unseen.
            case ("Google", let email?, true): "Password and Google (\(email))"
            case ("Google", let email?, false): "Google (\(email))"
            case (_, let email?, _): "Email (\(email))"
            default: account.method
            }
        email = account.email
        verified = account.emailVerified
        shortID = String(account.id.prefix(8))
        since = Formatting.day(account.createdAt)
        isGuest = account.isGuest
        hasPassword = account.hasPassword
        displayName = account.displayName ?? ""
        region = account.region ?? ""
        language = account.language ?? ""
        units = [("celsius", "Celsius (°C)"), ("fahrenheit", "Fahrenheit (°F)")].map {
            Choice(value: $0.0, label: $0.1, selected: $0.0 == (account.temperatureUnit ?? "celsius"))
        }
        experiences = Experience.allCases.map {
            Choice(value: $0.rawValue, label: AuthPage.label(of: $0), selected: $0 == account.experience)
        }
        experience = account.experience.rawValue
        experienceName = ExperienceWording.name(account.experience)
        experienceThings = ExperienceWording.things(account.experience)
        self.rules = rules
    }
}

/// One rule of the password policy, shown next to password fields and checked as the person types.
package struct PasswordRule: Sendable {
    let code: String
    let text: String

    /// A rule with its stable code (`too_short`) and how it reads (`at least 8 characters`).
    package init(code: String, text: String) {
        self.code = code
        self.text = text
    }
}
