import Crypto
package import Foundation
import MarqueeCore

/// Google sign-in for browsers: the OAuth 2.0 authorization-code flow with PKCE (RFC 7636) and a state check.
///
/// `begin` makes the address to send the browser to and the attempt the browser keeps until it comes back;
/// `idToken(for:attempt:redirectURI:)` checks what came back against that attempt and trades the code for an ID
/// token, which then goes through the same verification and account rules as an ID token sent to the API.
package struct OAuthCodeFlow: Sendable {
    /// The OAuth client Marquee is registered as, and the provider's endpoints.
    package struct Client: Sendable, Equatable {
        /// The client id (the `aud` of the ID tokens).
        package var clientID: String
        /// The client secret, sent only to the token endpoint.
        package var clientSecret: String
        /// Where the browser is sent to sign in.
        package var authorizationURL: String
        /// Where the code is traded for tokens.
        package var tokenURL: String

        /// Describes a client.
        package init(clientID: String, clientSecret: String, authorizationURL: String, tokenURL: String) {
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.authorizationURL = authorizationURL
            self.tokenURL = tokenURL
        }
    }

    /// One sign-in in progress: what the browser keeps (in an HttpOnly cookie) between leaving for the provider
    /// and coming back. The state ties the callback to this browser; the verifier proves to the token endpoint that
    /// whoever trades the code is whoever asked for it.
    package struct Attempt: Sendable, Equatable {
        /// A random value the provider sends back unchanged.
        package let state: String
        /// The PKCE code verifier (its SHA-256 went to the provider as the challenge).
        package let verifier: String
        /// The page to open once signed in.
        package let next: String

        /// The attempt as one cookie value: `state.verifier.next` (the path base64url-encoded).
        package var cookieValue: String {
            "\(state).\(verifier).\(Data(next.utf8).base64URLEncoded())"
        }

        /// Reads a cookie value; nil when it is not one.
        package init?(cookieValue: String) {
            let parts = cookieValue.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 32, (43...128).contains(parts[1].count),
                let next = Data(base64URLEncoded: String(parts[2])).flatMap({ String(data: $0, encoding: .utf8) })
            else { return nil }
            state = String(parts[0])
            verifier = String(parts[1])
            self.next = next
        }

        init(next: String) {
            state = Hex.string(Hex.randomBytes(16))
            verifier = Data(Hex.randomBytes(32)).base64URLEncoded()
            self.next = next
        }
    }

    /// What the provider put in the callback's query.
    package struct Callback: Sendable {
        /// The authorization code, on success.
        package var code: String?
        /// The state sent with the request.
        package var state: String?
        /// The provider's error, such as `access_denied`.
        package var error: String?

        /// Describes a callback.
        package init(code: String?, state: String?, error: String?) {
            self.code = code
            self.state = state
            self.error = error
        }
    }

    /// Posts a form to a URL and answers the status and the body.
    package typealias Transport = @Sendable (_ url: String, _ form: String) async throws -> (status: Int, body: Data)

    /// How long an attempt may take, which is how long its cookie lives.
    package static let attemptLifetime = 600

    private let client: Client
    private let transport: Transport

    /// A flow for `client`, reaching its token endpoint through `transport`.
    package init(client: Client, transport: @escaping Transport) {
        self.client = client
        self.transport = transport
    }

    /// Starts a sign-in that ends on `next`: the attempt to keep and the provider's address to redirect to.
    package func begin(next: String, redirectURI: String) -> (attempt: Attempt, location: String) {
        let attempt = Attempt(next: next)
        let challenge = Data(SHA256.hash(data: Data(attempt.verifier.utf8))).base64URLEncoded()
        var components = URLComponents(string: client.authorizationURL) ?? URLComponents()
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: client.clientID),
                URLQueryItem(name: "redirect_uri", value: redirectURI),
                URLQueryItem(name: "scope", value: "openid email profile"),
                URLQueryItem(name: "state", value: attempt.state),
                URLQueryItem(name: "code_challenge", value: challenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
                URLQueryItem(name: "prompt", value: "select_account"),
            ]
        return (attempt, components.string ?? client.authorizationURL)
    }

    /// The ID token for a callback that matches `attempt` (the attempt this browser started, if any).
    package func idToken(for callback: Callback, attempt: Attempt?, redirectURI: String) async throws -> String {
        guard let attempt, let state = callback.state, ConstantTime.equal(state, attempt.state) else {
            throw DomainError(
                .oauthStateInvalid,
                "This Google sign-in was not started in this browser, or took longer than 10 minutes. Please start again."
            )
        }
        if let error = callback.error {
            throw DomainError(
                .oauthCancelled,
                error == "access_denied"
                    ? "Google sign-in was cancelled. Nothing was changed."
                    : "Google could not complete the sign-in (\(error.prefix(60))). Please try again.")
        }
        guard let code = callback.code, !code.isEmpty else {
            throw DomainError(.oauthCancelled, "Google sent no sign-in code back. Please try again.")
        }
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", client.clientID), ("client_secret", client.clientSecret), ("code_verifier", attempt.verifier),
        ].map { "\($0.0)=\($0.1.queryValueEncoded)" }.joined(separator: "&")
        let reply: (status: Int, body: Data)
        do {
            reply = try await transport(client.tokenURL, form)
        } catch {
            throw DomainError(
                .upstreamUnavailable, "Google sign-in is unavailable right now. Please try again shortly.")
        }
        let answer = try? JSONDecoder().decode(TokenAnswer.self, from: reply.body)
        switch reply.status {
        case 200..<300:
            guard let idToken = answer?.id_token, !idToken.isEmpty else {
                throw DomainError(.invalidIDToken, "Google answered without an ID token. Please try again.")
            }
            return idToken
        case 400..<500:
            throw DomainError(
                .oauthCodeRejected,
                "Google would not confirm this sign-in (\(answer?.error?.prefix(60) ?? "status \(reply.status)")). Please start again."
            )
        default:
            throw DomainError(
                .upstreamUnavailable, "Google sign-in is unavailable right now. Please try again shortly.")
        }
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The token endpoint's answer (RFC 6749 §5.1 and §5.2), as far as Marquee reads it.
    private struct TokenAnswer: Decodable {
        var id_token: String?
        var error: String?
    }
}
