import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// The account screen: how the person signs in, their short id, signing out and deleting the account.
@MainActor @Suite struct AccountViewModelTests {
    private static func model(
        _ account: Account, signedInAt: Date? = nil,
        deletion: @escaping @Sendable (ViewModelScriptedTransport.Request) -> ViewModelScriptedTransport.Answer = {
            _ in .json(StatusMessage(status: "deleted", message: "Your account is gone."))
        }
    ) -> (AccountViewModel, ViewModelScriptedTransport) {
        let transport = ViewModelScriptedTransport { request in
            request.route == "GET /api/v1/me" ? .json(account) : deletion(request)
        }
        let model = AccountViewModel(
            client: ViewModelFixtures.client(transport), signedInAt: signedInAt, now: { ViewModelFixtures.now })
        return (model, transport)
    }

    @Test func signInMethodsAreNamedAsTheServerNamesThem() {
        #expect(AccountViewModel.signInMethod(accountType: "google", email: "a@b.com") == "Google")
        #expect(AccountViewModel.signInMethod(accountType: "email", email: "a@b.com") == "Email (a@b.com)")
        #expect(AccountViewModel.signInMethod(accountType: "guest", email: nil) == "Guest")
    }

    @Test func theScreenShowsTheMethodAndTheShortID() async throws {
        let (model, _) = Self.model(ViewModelFixtures.account())
        await model.load()
        #expect(model.signInMethod == "Email (a@b.com)")
        #expect(model.shortUserID == "01234567")
    }

    @Test func theServersOwnWordingWins() async throws {
        let (model, _) = Self.model(ViewModelFixtures.account(type: "google", method: "Google"))
        await model.load()
        #expect(model.signInMethod == "Google")
    }

    @Test func aRecentSignInNeedsNoPassword() async throws {
        let (recent, _) = Self.model(ViewModelFixtures.account(), signedInAt: ViewModelFixtures.now - 60)
        await recent.load()
        #expect(!recent.needsPasswordToDelete)
        let (old, _) = Self.model(ViewModelFixtures.account(), signedInAt: ViewModelFixtures.now - 301)
        await old.load()
        #expect(old.needsPasswordToDelete)
        let (unknown, _) = Self.model(ViewModelFixtures.account())
        await unknown.load()
        #expect(unknown.needsPasswordToDelete)
    }

    @Test func theStoredSessionSaysWhenThisDeviceSignedIn() async throws {
        var session = ViewModelFixtures.signedIn()
        session.signedInAt = ViewModelFixtures.now - 60
        let transport = ViewModelScriptedTransport { _ in .json(ViewModelFixtures.account()) }
        let model = AccountViewModel(
            client: ViewModelFixtures.client(transport, session: session), now: { ViewModelFixtures.now })
        await model.load()
        #expect(!model.needsPasswordToDelete)
    }

    @Test func accountsWithoutAPasswordAreNeverAskedForOne() async throws {
        for type in ["google", "guest"] {
            let (model, _) = Self.model(ViewModelFixtures.account(type: type, email: nil))
            await model.load()
            #expect(!model.needsPasswordToDelete)
        }
    }

    @Test func theServerAskingForARecentSignInAsksForThePassword() async throws {
        let (model, _) = Self.model(ViewModelFixtures.account(), signedInAt: ViewModelFixtures.now - 10) { _ in
            .error(
                403, "auth.recent_login_required", "For your safety, sign in again (or enter your password) to do this."
            )
        }
        await model.load()
        model.requestDeletion()
        await model.confirmDeletion()
        #expect(model.needsPasswordToDelete)
        #expect(
            model.deletionState
                == .failed(
                    message: "For your safety, sign in again (or enter your password) to do this.",
                    code: "auth.recent_login_required"))
        #expect(model.isConfirmingDeletion)
        #expect(!model.isSignedOut)
    }

    @Test func deletingSendsThePasswordAndSignsOut() async throws {
        let (model, transport) = Self.model(ViewModelFixtures.account())
        await model.load()
        await model.confirmDeletion(password: "Secret123")
        #expect(await transport.requests(to: "DELETE /api/v1/me").isEmpty)
        model.requestDeletion()
        await model.confirmDeletion(password: "Secret123")
        let sent = await transport.requests(to: "DELETE /api/v1/me")
        #expect(sent.first?.json?["password"] as? String == "Secret123")
        #expect(model.deletionState == .loaded(StatusMessage(status: "deleted", message: "Your account is gone.")))
        #expect(model.isSignedOut && !model.isConfirmingDeletion)
    }

    @Test func signingOutWhenTheServerCannotBeToldStillSignsOut() async throws {
        let transport = ViewModelScriptedTransport { _ in throw URLError(.notConnectedToInternet) }
        let client = ViewModelFixtures.client(transport)
        let model = AccountViewModel(client: client)
        await model.signOut()
        #expect(model.isSignedOut)
        #expect(model.signOutError?.hasPrefix("You're offline") == true)
        #expect(try await client.sessions.session() == nil)
    }
}
