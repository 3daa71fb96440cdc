import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// The guest gate: locked for guests, open for accounts, and opening when a guest's session becomes an account's.
@MainActor @Suite struct GuestGateViewModelTests {
    @Test func guestsFindDiscoverAndSearchLocked() async throws {
        let transport = ViewModelScriptedTransport { _ in .json(ViewModelFixtures.account()) }
        let gate = GuestGateViewModel(
            client: ViewModelFixtures.client(transport, session: ViewModelFixtures.signedIn("guest")))
        await gate.load()
        #expect(GuestGateViewModel.Feature.allCases.allSatisfy(gate.isLocked))
        #expect(GuestGateViewModel.actionTitle == "Create account")
    }

    @Test func accountsFindNothingLocked() async throws {
        let transport = ViewModelScriptedTransport { _ in .json(ViewModelFixtures.account()) }
        let gate = GuestGateViewModel(client: ViewModelFixtures.client(transport))
        await gate.load()
        #expect(!gate.isLocked(.search))
    }

    @Test(.timeLimit(.minutes(1))) func theGateOpensWhenTheGuestBecomesAnAccount() async throws {
        let transport = ViewModelScriptedTransport { _ in .json(ViewModelFixtures.account(type: "email")) }
        let client = ViewModelFixtures.client(transport, session: ViewModelFixtures.signedIn("guest"))
        let gate = GuestGateViewModel(client: client)
        await gate.load()
        #expect(gate.isGuest)
        // Reading the account tells the sessions what it has become.
        _ = try await client.me()
        await waitForChanges { !gate.isGuest }
        #expect(!gate.isLocked(.discover))
    }
}
