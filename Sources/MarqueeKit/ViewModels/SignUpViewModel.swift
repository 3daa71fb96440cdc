import Foundation
public import MarqueeWire
public import Observation

/// Creating an account, with the password rules checked as the person types. A guest signed in keeps everything
/// they saved: their guest account becomes the new one once its address is confirmed.
@MainActor @Observable public final class SignUpViewModel {
    /// The address typed.
    public var email = ""
    /// The password typed.
    public var password = ""
    /// What the app is to be about; the app opens into it.
    public var experience = Experience.standard
    /// `idle` until the form is sent; then the server's word that the confirmation mail went out, or its reason not.
    public private(set) var state: LoadState<StatusMessage> = .idle

    private let client: MarqueeClient

    /// Creates the sign-up form.
    public init(client: MarqueeClient) {
        self.client = client
    }

    /// What the password still needs, as the person types (empty once the server's rules are met).
    public var passwordProblems: [PasswordRules.Problem] { PasswordRules.problems(for: password) }

    /// The password's problems in a sentence; nil when there are none, or nothing was typed yet.
    public var passwordMessage: String? {
        password.isEmpty ? nil : PasswordRules.sentence(for: passwordProblems)
    }

    /// Why the address cannot be right; nil when it may be, or nothing was typed yet.
    public var emailMessage: String? {
        let text = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix(".")
        else { return "Enter an email address like name@example.com." }
        return nil
    }

    /// Whether the form can be sent: an address that may be right, a password that meets the rules, and nothing on
    /// its way.
    public var canSubmit: Bool {
        !email.isEmpty && emailMessage == nil && passwordProblems.isEmpty && !state.isLoading
    }

    /// Sends the form: a new account, or, for a guest, their account with this address.
    public func submit() async {
        guard canSubmit else { return }
        let (email, password, experience) = (
            email.trimmingCharacters(in: .whitespacesAndNewlines), password, experience
        )
        state = .loading
        do {
            let isGuest = try await client.sessions.session()?.isGuest ?? false
            let answer =
                isGuest
                ? try await client.upgrade(email: email, password: password)
                : try await client.signUp(email: email, password: password, experience: experience)
            self.password = ""
            state = .loaded(answer)
        } catch {
            state = LoadState.failure(error) ?? .idle
        }
    }
}
