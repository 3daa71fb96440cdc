import Crypto
import Foundation
import MarqueeAccounts
import MarqueeCore
import Synchronization
import Testing

/// The browser sign-in flow on its own, with a transport standing in for the token endpoint: what goes to the
/// provider, and every way the way back can fail (the loopback tests in `GoogleWebSignInTests` cover the whole trip).
@Suite("Accounts: the OAuth authorization-code flow")
struct OAuthCodeFlowTests {
    static let client = OAuthCodeFlow.Client(
        clientID: "app.example", clientSecret: "s3cret&=", authorizationURL: "https://issuer.example/auth",
        tokenURL: "https://issuer.example/token")
    static let redirect = "https://marquee.example/auth/google/callback"

    /// The forms a token endpoint was sent.
    final class Sent: Sendable {
        let forms = Mutex<[String]>([])
    }

    /// A flow whose token endpoint answers `status` and `body`, recording the forms it was sent.
    static func flow(status: Int = 200, body: String = #"{"id_token":"the.id.token"}"#, fails: Bool = false)
        -> (OAuthCodeFlow, Sent)
    {
        let sent = Sent()
        let flow = OAuthCodeFlow(client: client) { url, form in
            sent.forms.withLock { $0.append(form) }
            #expect(url == client.tokenURL)
            if fails { throw URLError(.cannotConnectToHost) }
            return (status, Data(body.utf8))
        }
        return (flow, sent)
    }

    func code(of error: any Error) -> String? { (error as? DomainError)?.code.rawValue }

    @Test("The provider gets the client, the redirect, an S256 challenge of the kept verifier, and the state")
    func begin() throws {
        let (flow, _) = Self.flow()
        let (attempt, location) = flow.begin(next: "/favorites?kind=tv", redirectURI: Self.redirect)
        let items = try #require(URLComponents(string: location)?.queryItems)
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(location.hasPrefix("https://issuer.example/auth?"))
        #expect(query["client_id"] == "app.example" && query["redirect_uri"] == Self.redirect)
        #expect(query["state"] == attempt.state && query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"] == Data(SHA256.hash(data: Data(attempt.verifier.utf8))).base64URLEncoded())
        #expect(OAuthCodeFlow.Attempt(cookieValue: attempt.cookieValue) == attempt)
        #expect(attempt.next == "/favorites?kind=tv")
        #expect(flow.begin(next: "/", redirectURI: Self.redirect).attempt.state != attempt.state)
    }

    @Test("Cookie values that are not an attempt read as none")
    func malformedCookies() {
        let state = String(repeating: "a", count: 32)
        let verifier = String(repeating: "v", count: 43)
        for value in [
            "", "a.b", "\(state).\(verifier)", "short.\(verifier).Lw", "\(state).short.Lw", "\(state).\(verifier).%%%",
            "\(state).\(verifier).Lw.x",
        ] {
            #expect(OAuthCodeFlow.Attempt(cookieValue: value) == nil, "\(value)")
        }
        #expect(OAuthCodeFlow.Attempt(cookieValue: "\(state).\(verifier).Lw")?.next == "/")
    }

    @Test("A good callback trades the code with the verifier and the secret, form-encoded")
    func exchange() async throws {
        let (flow, sent) = Self.flow()
        let attempt = flow.begin(next: "/", redirectURI: Self.redirect).attempt
        let token = try await flow.idToken(
            for: .init(code: "4/code+x", state: attempt.state, error: nil), attempt: attempt, redirectURI: Self.redirect
        )
        #expect(token == "the.id.token")
        let form = try #require(sent.forms.withLock { $0.first })
        let fields = Dictionary(
            uniqueKeysWithValues: (URLComponents(string: "?" + form)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            })
        #expect(fields["grant_type"] == "authorization_code" && fields["code"] == "4/code+x")
        #expect(fields["code_verifier"] == attempt.verifier && fields["client_secret"] == "s3cret&=")
        #expect(fields["redirect_uri"] == Self.redirect && fields["client_id"] == "app.example")
        #expect(form.contains("client_secret=s3cret%26%3D"), "reserved characters are escaped: \(form)")
    }

    @Test("Every failure on the way back has its code, and a bad state never reaches the token endpoint")
    func failures() async throws {
        let (flow, sent) = Self.flow()
        let attempt = flow.begin(next: "/", redirectURI: Self.redirect).attempt
        let cases: [(OAuthCodeFlow.Callback, OAuthCodeFlow.Attempt?, String)] = [
            (.init(code: "c", state: attempt.state, error: nil), nil, "auth.oauth_state_invalid"),
            (.init(code: "c", state: nil, error: nil), attempt, "auth.oauth_state_invalid"),
            (
                .init(code: "c", state: String(repeating: "0", count: 32), error: nil), attempt,
                "auth.oauth_state_invalid"
            ),
            (.init(code: nil, state: attempt.state, error: "access_denied"), attempt, "auth.oauth_cancelled"),
            (.init(code: nil, state: attempt.state, error: "server_error"), attempt, "auth.oauth_cancelled"),
            (.init(code: nil, state: attempt.state, error: nil), attempt, "auth.oauth_cancelled"),
            (.init(code: "", state: attempt.state, error: nil), attempt, "auth.oauth_cancelled"),
        ]
        for (callback, held, expected) in cases {
            do {
                _ = try await flow.idToken(for: callback, attempt: held, redirectURI: Self.redirect)
                Issue.record("\(expected) expected for \(callback)")
            } catch {
                #expect(code(of: error) == expected, "\(callback)")
            }
        }
        #expect(sent.forms.withLock { $0.isEmpty })
    }

    @Test("The token endpoint's answers: refused, failing, unreachable, or without an ID token")
    func tokenEndpoint() async throws {
        let answers: [(OAuthCodeFlow, String, String?)] = [
            (
                Self.flow(status: 400, body: #"{"error":"invalid_grant"}"#).0, "auth.oauth_code_rejected",
                "invalid_grant"
            ),
            (Self.flow(status: 401, body: "not json").0, "auth.oauth_code_rejected", "status 401"),
            (Self.flow(status: 503, body: "").0, "catalog.upstream_unavailable", nil),
            (Self.flow(fails: true).0, "catalog.upstream_unavailable", nil),
            (Self.flow(status: 200, body: #"{"access_token":"a"}"#).0, "auth.invalid_id_token", nil),
            (Self.flow(status: 200, body: #"{"id_token":""}"#).0, "auth.invalid_id_token", nil),
        ]
        for (flow, expected, mention) in answers {
            let attempt = flow.begin(next: "/", redirectURI: Self.redirect).attempt
            do {
                _ = try await flow.idToken(
                    for: .init(code: "c", state: attempt.state, error: nil), attempt: attempt,
                    redirectURI: Self.redirect)
                Issue.record("\(expected) expected")
            } catch let error as DomainError {
                #expect(error.code.rawValue == expected)
                if let mention { #expect(error.message.contains(mention), "\(error.message)") }
            }
        }
    }
}
