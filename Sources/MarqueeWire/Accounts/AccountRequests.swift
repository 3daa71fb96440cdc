/// `POST /api/v1/auth/signup` and `/signin`: an email address and a password; `session` is `cookie` for a web
/// session, else tokens.
public struct CredentialsRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    public var session: String?

    public init(email: String, password: String, session: String? = nil) {
        self.email = email
        self.password = password
        self.session = session
    }
}

/// `POST /api/v1/auth/signup`: an email address, a password, and what the app is to be about (`Experience`,
/// `movies` when left out); `session` is accepted, as at sign-in, and has no use here.
public struct SignUpRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    public var experience: String?
    public var session: String?

    public init(email: String, password: String, experience: String? = nil, session: String? = nil) {
        self.email = email
        self.password = password
        self.experience = experience
        self.session = session
    }
}

/// `POST /api/v1/auth/guest`: tokens, or `"cookie"` for a web session, and what the app is to be about
/// (`Experience`, `movies` when left out).
public struct GuestRequest: Codable, Sendable, Equatable {
    public var session: String?
    public var experience: String?

    public init(session: String? = nil, experience: String? = nil) {
        self.session = session
        self.experience = experience
    }
}

/// A request that names an email address: a new verification mail, a reset link.
public struct EmailRequest: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) {
        self.email = email
    }
}

/// A request that carries a mailed link's token: verifying an address, confirming a new one.
public struct TokenRequest: Codable, Sendable, Equatable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}

/// `POST /api/v1/auth/refresh`.
public struct RefreshRequest: Codable, Sendable, Equatable {
    public var refreshToken: String

    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }
}

/// `POST /api/v1/auth/signout`: this session, or with `everywhere`, every session of the account.
public struct SignOutRequest: Codable, Sendable, Equatable {
    public var everywhere: Bool?

    public init(everywhere: Bool? = nil) {
        self.everywhere = everywhere
    }
}

/// `POST /api/v1/auth/google`: the ID token Google gave the app.
public struct GoogleSignInRequest: Codable, Sendable, Equatable {
    public var idToken: String
    public var session: String?

    public init(idToken: String, session: String? = nil) {
        self.idToken = idToken
        self.session = session
    }
}

/// `POST /api/v1/auth/upgrade`: a guest becomes an account, with an email and password or a Google ID token.
public struct UpgradeRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var password: String?
    public var idToken: String?

    public init(email: String? = nil, password: String? = nil, idToken: String? = nil) {
        self.email = email
        self.password = password
        self.idToken = idToken
    }
}

/// `POST /api/v1/auth/password/reset/confirm`: the mailed token and the new password.
public struct PasswordResetRequest: Codable, Sendable, Equatable {
    public var token: String
    public var password: String

    public init(token: String, password: String) {
        self.token = token
        self.password = password
    }
}

/// `POST /api/v1/auth/password/change`.
public struct PasswordChangeRequest: Codable, Sendable, Equatable {
    public var currentPassword: String
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// `POST /api/v1/auth/email/change`: the new address, and the password when the account has one.
public struct EmailChangeRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String?

    public init(email: String, password: String? = nil) {
        self.email = email
        self.password = password
    }
}

/// `DELETE /api/v1/me`: the password, when the account has one.
public struct DeleteAccountRequest: Codable, Sendable, Equatable {
    public var password: String?

    public init(password: String? = nil) {
        self.password = password
    }
}
