public import Foundation
public import MarqueeWire
public import Observation

/// Signing in: with an address and password, with Google, or as a guest. A guest signed in now moves what they saved
/// into the account they sign in to.
@MainActor @Observable public final class SignInViewModel {
    /// The address typed.
    public var email = ""
    /// The password typed.
    public var password = ""
    /// `idle` until a sign-in is sent; then the account signed in, or the server's reason it was not.
    public private(set) var state: LoadState<Account> = .idle
    /// When this device last signed in through this model: `AccountViewModel` uses it for the recent-sign-in rule.
    public private(set) var signedInAt: Date?

    private let client: MarqueeClient
    private let now: @Sendable () -> Date

    /// Creates the sign-in form. `now` is the clock `signedInAt` is read from.
    public init(client: MarqueeClient, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.now = now
    }

    /// Whether the form can be sent: an address and a password, and no sign-in on its way.
    public var canSubmit: Bool {
        !email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !password.isEmpty && !state.isLoading
    }

    /// Signs in with the address and password typed.
    public func signIn() async {
        guard canSubmit else { return }
        let (email, password) = (email.trimmingCharacters(in: .whitespacesAndNewlines), password)
        await run { client in try await client.signIn(email: email, password: password) }
    }

    /// Signs in with the ID token Google gave the app.
    public func signInWithGoogle(idToken: String) async {
        await run { client in try await client.signInWithGoogle(idToken: idToken) }
    }

    /// Carries on as a guest, whose app is about `experience`.
    public func continueAsGuest(experience: Experience? = nil) async {
        await run { client in try await client.startGuest(experience: experience) }
    }

    private func run(_ call: @escaping @Sendable (MarqueeClient) async throws -> Account) async {
        guard !state.isLoading else { return }
        state = .loading
        do {
            let account = try await call(client)
            signedInAt = now()
            password = ""
            state = .loaded(account)
        } catch {
            state = LoadState.failure(error) ?? .idle
        }
    }
}
