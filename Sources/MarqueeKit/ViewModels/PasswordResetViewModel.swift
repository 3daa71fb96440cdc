import Foundation
public import MarqueeWire
public import Observation

/// A forgotten password: asking for the mailed link, then setting a new password with the link's token (which signs
/// every device out).
@MainActor @Observable public final class PasswordResetViewModel {
    /// The address to send the link to.
    public var email = ""
    /// The token of the mailed link, as the app was opened with it.
    public var token = ""
    /// The new password typed.
    public var newPassword = ""
    /// The request for a link: the server's word that it was sent (the same whether or not the address has an
    /// account), or its reason not.
    public private(set) var requestState: LoadState<StatusMessage> = .idle
    /// The new password: the server's word that it was set, or its reason not (an expired or used link).
    public private(set) var resetState: LoadState<StatusMessage> = .idle

    private let client: MarqueeClient

    /// Creates the reset flow; `token` is the mailed link's, when the app was opened with it.
    public init(client: MarqueeClient, token: String = "") {
        self.client = client
        self.token = token
    }

    /// What the new password still needs, as the person types.
    public var passwordProblems: [PasswordRules.Problem] { PasswordRules.problems(for: newPassword) }

    /// Whether a link can be asked for.
    public var canRequest: Bool {
        !email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !requestState.isLoading
    }

    /// Whether the new password can be sent.
    public var canReset: Bool { !token.isEmpty && passwordProblems.isEmpty && !resetState.isLoading }

    /// Asks for the mailed link.
    public func requestLink() async {
        guard canRequest else { return }
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        requestState = .loading
        do {
            requestState = .loaded(try await client.requestPasswordReset(email: email))
        } catch {
            requestState = LoadState.failure(error) ?? .idle
        }
    }

    /// Sets the new password with the link's token.
    public func resetPassword() async {
        guard canReset else { return }
        let (token, password) = (token, newPassword)
        resetState = .loading
        do {
            resetState = .loaded(try await client.resetPassword(token: token, newPassword: password))
            newPassword = ""
        } catch {
            resetState = LoadState.failure(error) ?? .idle
        }
    }
}
