import MarqueeAccounts
import MarqueeWire
import Testing

@testable import MarqueeServer

/// The fields each JSON body accepts come from the type it decodes into; these are the lists the API documents.
@Suite("Body fields")
struct BodyFieldsTests {
    @Test("Each request body's fields, as its type decodes them")
    func fields() {
        #expect(BodyFields.of(CredentialsRequest.self).top == ["email", "password", "session"])
        #expect(BodyFields.of(SignUpRequest.self).top == ["email", "password", "experience", "session"])
        #expect(BodyFields.of(EmailRequest.self).top == ["email"])
        #expect(BodyFields.of(TokenRequest.self).top == ["token"])
        #expect(BodyFields.of(GuestRequest.self).top == ["session", "experience"])
        #expect(BodyFields.of(GoogleSignInRequest.self).top == ["id_token", "session"])
        #expect(BodyFields.of(UpgradeRequest.self).top == ["email", "password", "id_token"])
        #expect(BodyFields.of(RefreshRequest.self).top == ["refresh_token"])
        #expect(BodyFields.of(SignOutRequest.self).top == ["everywhere"])
        #expect(BodyFields.of(PasswordResetRequest.self).top == ["token", "password"])
        #expect(BodyFields.of(PasswordChangeRequest.self).top == ["current_password", "new_password"])
        #expect(BodyFields.of(EmailChangeRequest.self).top == ["email", "password"])
        #expect(BodyFields.of(DeleteAccountRequest.self).top == ["password"])
        #expect(
            BodyFields.of(ProfileUpdate.self).top == [
                "display_name", "region", "language", "temperature_unit", "experience",
            ])
    }

    @Test("A query a route decodes into a type takes that type's parameters, and none when it has none")
    func queries() {
        #expect(BodyFields.of(ImportQuery.self).top == ["format", "list"])
        #expect(BodyFields.of(ClearQuery.self).top == ["experience", "kind"])
        #expect(BodyFields.of(NoQuery.self).top.isEmpty)
    }

    @Test("Objects inside a body list their own fields")
    func nested() {
        let states = BodyFields.of(ItemStatesRequest.self)
        #expect(states.top == ["items"])
        #expect(states.nested == ["items": ["media_type", "id"]])
        let edit = BodyFields.of(ItemEditBody.self)
        #expect(edit.top == ["snapshot", "note", "watched", "watched_at", "rating"])
        #expect(edit.nested == ["snapshot": ["title", "image_url", "subtitle", "extra"]])
    }
}
