public import Foundation
public import MarqueeWire
public import Observation

/// The account screen: how the person signs in ("Google", "Email (a@b.com)" or "Guest"), their short id, signing
/// out, and deleting the account. Deleting an account with a password needs a sign-in from the last five minutes or
/// the password; a Google account needs the recent sign-in.
@MainActor @Observable public final class AccountViewModel {
    /// How recent a sign-in must be for the server to delete the account without the password.
    public static let recentSignIn: TimeInterval = 5 * 60

    /// The account.
    public var state: LoadState<Account> { loader.state }
    /// Whether the deletion is waiting for the person to confirm it.
    public private(set) var isConfirmingDeletion = false
    /// The deletion: the server's farewell, or its reason not.
    public private(set) var deletionState: LoadState<StatusMessage> = .idle
    /// Whether this device has signed out (or the account is gone): the app shows sign-in.
    public private(set) var isSignedOut = false
    /// Whether signing out is under way.
    public private(set) var isSigningOut = false
    /// Why signing out did not reach the server (this device is signed out all the same).
    public private(set) var signOutError: String?

    private let client: MarqueeClient
    private var signedInAt: Date?
    private let now: @Sendable () -> Date
    private let loader = ValueLoader<Account>()
    /// Set when the server asked for the password, whatever the sign-in time said.
    private var passwordAsked = false

    /// Creates the account screen. `signedInAt` is when this device signed in, if the app knows better than the
    /// stored session (`StoredSession.signedInAt`, read on `load()`); `now` is the clock the recent-sign-in rule is
    /// read with.
    public init(client: MarqueeClient, signedInAt: Date? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.signedInAt = signedInAt
        self.now = now
    }

    /// How the person signs in: "Google", "Email (a@b.com)" or "Guest".
    public var signInMethod: String? {
        state.content.map { account in
            account.signInMethod.isEmpty
                ? Self.signInMethod(accountType: account.accountType, email: account.email) : account.signInMethod
        }
    }

    /// The first 8 characters of the account's id, for people to read out.
    public var shortUserID: String? {
        state.content.map { String($0.id.prefix(8)) }
    }

    /// Whether deleting asks for the password: an account with one, unless it signed in on this device within the
    /// last five minutes (and the server has not asked for it anyway).
    public var needsPasswordToDelete: Bool {
        guard let account = state.content, account.accountType == "email" else { return false }
        if passwordAsked { return true }
        guard let signedInAt else { return true }
        return now().timeIntervalSince(signedInAt) > Self.recentSignIn
    }

    /// "Google", "Email (a@b.com)" or "Guest", as the server words an account's sign-in.
    public static func signInMethod(accountType: String, email: String?) -> String {
        if accountType == "google" { return "Google" }
        if let email, !email.isEmpty { return "Email (\(email))" }
        return "Guest"
    }

    /// Loads the account, unless it is loaded.
    public func load() async {
        if signedInAt == nil { signedInAt = try? await client.sessions.session()?.signedInAt }
        await loader.load(fetch)
    }

    /// Loads the account again.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Signs this device out (the session is forgotten here even when the server cannot be told).
    public func signOut() async {
        guard !isSigningOut else { return }
        isSigningOut = true
        signOutError = nil
        defer { isSigningOut = false }
        do {
            try await client.signOut()
        } catch {
            signOutError = LoadFailure(error)?.message
        }
        isSignedOut = true
    }

    /// Asks the person to confirm the deletion.
    public func requestDeletion() {
        deletionState = .idle
        isConfirmingDeletion = true
    }

    /// Drops the deletion.
    public func cancelDeletion() {
        isConfirmingDeletion = false
        deletionState = .idle
    }

    /// Deletes the account and everything in it, with the password when `needsPasswordToDelete`. When the server
    /// wants a more recent sign-in, `needsPasswordToDelete` turns true (for an account with a password) and the
    /// server's message is shown.
    public func confirmDeletion(password: String? = nil) async {
        guard isConfirmingDeletion, !deletionState.isLoading else { return }
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        deletionState = .loading
        do {
            let farewell = try await client.deleteAccount(password: password)
            deletionState = .loaded(farewell)
            isConfirmingDeletion = false
            isSignedOut = true
        } catch {
            if (error as? MarqueeError)?.code == "auth.recent_login_required" { passwordAsked = true }
            deletionState = LoadState.failure(error) ?? .idle
        }
    }

    private var fetch: ValueLoader<Account>.Fetch {
        { [client] in try await client.me() }
    }
}
