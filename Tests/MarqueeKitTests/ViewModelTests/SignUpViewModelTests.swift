import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// Signing up: the rules as the person types, and a guest's sign-up keeping what they saved.
@MainActor @Suite struct SignUpViewModelTests {
    nonisolated private static let sent = StatusMessage(status: "verification_sent", message: "Check your mail.")

    @Test func theFormWaitsForAnAddressAndAPasswordTheServerTakes() {
        let model = SignUpViewModel(
            client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .json(Self.sent) }))
        #expect(!model.canSubmit && model.passwordMessage == nil && model.emailMessage == nil)
        model.email = "ada@"
        model.password = "secret"
        #expect(model.emailMessage == "Enter an email address like name@example.com.")
        #expect(model.passwordProblems == [.tooShort, .noUppercase, .noDigit])
        #expect(model.passwordMessage == "The password needs at least 8 characters, an upper-case letter and a digit.")
        model.email = "ada@example.com"
        model.password = "Secret123"
        #expect(model.canSubmit)
    }

    @Test func someoneSignedOutCreatesAnAccount() async throws {
        let transport = ViewModelScriptedTransport { _ in .json(Self.sent) }
        let model = SignUpViewModel(client: ViewModelFixtures.client(transport, session: nil))
        model.email = " ada@example.com "
        model.password = "Secret123"
        model.experience = .art
        await model.submit()
        #expect(model.state == .loaded(Self.sent))
        #expect(model.password.isEmpty)
        let request = try #require(await transport.requests(to: "POST /api/v1/auth/signup").first)
        #expect(request.json?["email"] as? String == "ada@example.com")
        #expect(request.json?["experience"] as? String == "art")
    }

    @Test func aGuestKeepsWhatTheySaved() async throws {
        let transport = ViewModelScriptedTransport { _ in .json(Self.sent) }
        let model = SignUpViewModel(
            client: ViewModelFixtures.client(transport, session: ViewModelFixtures.signedIn("guest")))
        model.email = "ada@example.com"
        model.password = "Secret123"
        await model.submit()
        #expect(await transport.requests.map(\.route) == ["POST /api/v1/auth/upgrade"])
    }

    @Test func aTakenAddressShowsTheServersMessage() async throws {
        let transport = ViewModelScriptedTransport { _ in
            .error(409, "auth.email_taken", "An account with this address exists already.")
        }
        let model = SignUpViewModel(client: ViewModelFixtures.client(transport, session: nil))
        model.email = "ada@example.com"
        model.password = "Secret123"
        await model.submit()
        #expect(model.state.errorMessage == "An account with this address exists already.")
        #expect(model.state.errorCode == "auth.email_taken")
    }
}
