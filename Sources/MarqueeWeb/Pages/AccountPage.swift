public import Foundation
import MarqueeWire

/// `/account`: who is signed in, preferences, sign-out, password and email changes, and the danger zone.
public struct AccountPage: WebPage {
    public static let template = "account"
    public let chrome: Chrome
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
    let rules: [PasswordRule]

    /// What the account page shows about an account.
    public struct Account: Sendable {
        public var id: String
        public var method: String
        public var email: String?
        public var emailVerified: Bool
        public var isGuest: Bool
        public var hasPassword: Bool
        public var createdAt: Date
        public var displayName: String?
        public var region: String?
        public var language: String?
        public var temperatureUnit: String?

        /// Describes an account.
        public init(
            id: String, method: String, email: String?, emailVerified: Bool, isGuest: Bool, hasPassword: Bool,
            createdAt: Date, displayName: String?, region: String?, language: String?, temperatureUnit: String?
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
        }
    }

    /// The page for `account`; `rules` are the password policy's, for the change-password and upgrade forms.
    public init(chrome: Chrome, account: Account, rules: [PasswordRule]) {
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
        self.rules = rules
    }
}

/// One rule of the password policy, shown next to password fields and checked as the person types.
public struct PasswordRule: Sendable {
    let code: String
    let text: String

    /// A rule with its stable code (`too_short`) and how it reads (`at least 8 characters`).
    public init(code: String, text: String) {
        self.code = code
        self.text = text
    }
}
