public import Observation

/// What a guest cannot use yet, as Marquee's apps lock it: guests keep favourites, and discovering and searching come
/// with an account. A locked screen shows `title`, `message` and a button titled `actionTitle` that opens sign-up
/// (`SignUpViewModel`, which keeps what the guest saved).
@MainActor @Observable public final class GuestGateViewModel {
    /// A feature a guest finds locked.
    public enum Feature: String, Sendable, CaseIterable {
        /// The home screen's rows and their lists.
        case discover
        /// Searching movies, shows and people.
        case search
        /// Searching works of art (the highlights stay open).
        case artSearch
        /// Searching events by text.
        case eventSearch
    }

    /// The gate's heading.
    public static let title = "Create an account to explore"
    /// What the gate says.
    public static let message =
        "Guests can keep favourites. Discover and search come with a free account, and everything you saved as a "
        + "guest moves with you."
    /// The gate's button.
    public static let actionTitle = "Create account"

    /// Whether a guest is signed in.
    public private(set) var isGuest = false

    private let sessions: SessionManager
    @ObservationIgnored private var following: Task<Void, Never>?

    /// Creates the gate of the person signed in on `client`.
    public init(client: MarqueeClient) {
        sessions = client.sessions
    }

    /// Whether `feature` is locked for the person signed in.
    public func isLocked(_ feature: Feature) -> Bool {
        isGuest
    }

    /// Reads who is signed in, then follows each change (a guest who creates an account sees the gate open).
    public func load() async {
        await refresh()
        guard following == nil else { return }
        let states = await sessions.authState
        following = Task { [weak self] in
            for await state in states { self?.show(state) }
        }
    }

    /// Reads who is signed in again.
    public func refresh() async {
        show((try? await sessions.restore()) ?? .unknown)
    }

    private func show(_ state: AuthState) {
        if case .signedIn(let session, _) = state { isGuest = session.isGuest } else { isGuest = false }
    }

    deinit {
        following?.cancel()
    }
}
