import Crypto
import Foundation
import Hummingbird
import JWTKit
import MarqueeCore
import Synchronization

/// A local OpenID issuer standing in for Google: it publishes RS256 keys as a JWKS over HTTP and signs ID tokens
/// with them (keys made with openssl, so the signatures are real). For the browser flow it also plays Google's
/// authorization endpoint (the person set by `consent` approves or declines at once) and its token endpoint, which
/// checks the client, the redirect address and the PKCE verifier, and accepts each code once.
final class FakeOpenIDIssuer: Sendable {
    static let issuer = "https://accounts.fake-google.test"
    static let clientID = "marquee-test.apps.example"
    static let clientSecret = "fake-client-secret"

    /// What the person does at the authorization endpoint.
    enum Consent: Sendable {
        case approve(sub: String, email: String)
        case decline
    }

    /// A code handed out and not yet traded.
    private struct Grant: Sendable {
        let challenge: String
        let redirectURI: String
        let claims: Claims
    }

    /// The issuer's addresses while it runs.
    struct Endpoints: Sendable {
        let jwks: String
        let authorization: String
        let token: String
    }

    struct Key: Sendable {
        let kid: String
        let privatePEM: String
        let jwk: String
    }

    private let state = Mutex<(keys: [Key], fetches: Int)>(([], 0))
    private let grants = Mutex<[String: Grant]>([:])
    private let consentState = Mutex<(consent: Consent, now: Date)>((.decline, Date()))

    /// Who approves (or declines) the next authorizations, with the time their ID tokens are issued at.
    func setConsent(_ consent: Consent, now: Date) {
        consentState.withLock { $0 = (consent, now) }
    }

    init() async throws {
        try await rotate(kid: "key-1")
    }

    var fetches: Int { state.withLock { $0.fetches } }

    /// Publishes a new key (the old ones stay published until `retire`).
    func rotate(kid: String) async throws {
        let key = try await Self.makeKey(kid: kid)
        state.withLock { $0.keys.append(key) }
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Claims: JWTPayload {
        var iss: String = FakeOpenIDIssuer.issuer
        var aud: String = FakeOpenIDIssuer.clientID
        var sub: String
        var email: String?
        var email_verified: Bool?
        var name: String?
        var iat: Date
        var exp: Date

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    /// An ID token signed by the key `kid` (the newest by default), or by a key the issuer never published.
    func token(_ claims: Claims, kid: String? = nil, foreignKey: Bool = false) async throws -> String {
        let keys = state.withLock { $0.keys }
        let key =
            try await foreignKey ? Self.makeKey(kid: keys.last!.kid) : (keys.first { $0.kid == kid } ?? keys.last!)
        let collection = JWTKeyCollection()
        await collection.add(
            rsa: try Insecure.RSA.PrivateKey(pem: key.privatePEM), digestAlgorithm: .sha256,
            kid: JWKIdentifier(string: key.kid))
        return try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
    }

    func claims(sub: String, email: String, verified: Bool = true, now: Date) -> Claims {
        Claims(
            sub: sub, email: email, email_verified: verified, name: "Test Person", iat: now,
            exp: now.addingTimeInterval(3600))
    }

    /// Serves `/jwks` for the duration of `body`, passing its URL.
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        try await serve { try await body($0.jwks) }
    }

    /// Serves the JWKS, authorization and token endpoints for the duration of `body`.
    func serve<T: Sendable>(_ body: @Sendable (Endpoints) async throws -> T) async throws -> T {
        let router = Router()
        router.get("authorize") { request, _ in try self.authorize(request) }
        router.post("token") { request, _ in try await self.exchange(request) }
        router.get("jwks") { _, _ in
            let keys = self.state.withLock { state -> [Key] in
                state.fetches += 1
                return state.keys
            }
            let json = #"{"keys":["# + keys.map(\.jwk).joined(separator: ",") + "]}"
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: .init(string: json)))
        }
        return try await withLoopbackServer(router, label: "fake-issuer") { port in
            let base = "http://127.0.0.1:\(port)"
            return try await body(
                Endpoints(jwks: base + "/jwks", authorization: base + "/authorize", token: base + "/token"))
        }
    }

    /// The authorization endpoint: sends the browser straight back with a code (or `access_denied`).
    private func authorize(_ request: Request) throws -> Response {
        let query = request.uri.queryParameters
        guard query["client_id"].map(String.init) == Self.clientID, query["response_type"] == "code",
            query["code_challenge_method"] == "S256", let challenge = query["code_challenge"].map(String.init),
            let redirectURI = query["redirect_uri"].map(String.init), let state = query["state"].map(String.init),
            var back = URLComponents(string: redirectURI)
        else { return Response(status: .badRequest) }
        let (consent, now) = consentState.withLock { $0 }
        switch consent {
        case .decline:
            back.queryItems = [
                URLQueryItem(name: "error", value: "access_denied"), URLQueryItem(name: "state", value: state),
            ]
        case .approve(let sub, let email):
            let code = UUID().uuidString
            grants.withLock {
                $0[code] = Grant(
                    challenge: challenge, redirectURI: redirectURI, claims: claims(sub: sub, email: email, now: now))
            }
            back.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
        }
        return Response(status: .found, headers: [.location: back.string ?? redirectURI])
    }

    /// The token endpoint (RFC 6749 §4.1.3 with RFC 7636's verifier check).
    private func exchange(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 * 1024)
        var form: [String: String] = [:]
        for item in URLComponents(string: "?" + String(buffer: body))?.queryItems ?? [] {
            form[item.name] = item.value ?? ""
        }
        let grant = form["code"].flatMap { code in grants.withLock { $0.removeValue(forKey: code) } }
        guard form["grant_type"] == "authorization_code", form["client_id"] == Self.clientID,
            form["client_secret"] == Self.clientSecret
        else { return Self.json(#"{"error":"invalid_client"}"#, status: .unauthorized) }
        guard let grant, form["redirect_uri"] == grant.redirectURI, let verifier = form["code_verifier"],
            Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded() == grant.challenge
        else { return Self.json(#"{"error":"invalid_grant"}"#, status: .badRequest) }
        let idToken = try await token(grant.claims)
        return Self.json(
            #"{"access_token":"fake-access","token_type":"Bearer","expires_in":3599,"scope":"openid email profile","id_token":"\#(idToken)"}"#,
            status: .ok)
    }

    private static func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(string: text)))
    }

    private static func makeKey(kid: String) async throws -> Key {
        let pem = try await offThePool {
            try openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"])
        }
        let (modulus, exponent) = try Insecure.RSA.PrivateKey(pem: pem).publicKey.getKeyPrimitives()
        let jwk =
            #"{"kty":"RSA","alg":"RS256","use":"sig","kid":"\#(kid)","n":"\#(modulus.base64URLEncoded())","e":"\#(exponent.base64URLEncoded())"}"#
        return Key(kid: kid, privatePEM: pem, jwk: jwk)
    }

    private static func openssl(_ arguments: [String]) throws -> String {
        let output = Pipe()
        let process = try ChildProcess.launch(
            "openssl", arguments, stdout: .descriptor(output.fileHandleForWriting.fileDescriptor), stderr: .null)
        try output.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
