package import Foundation
import JWTKit
import MarqueeCore

/// A person as an identity provider vouches for them.
package struct ExternalIdentity: Sendable, Equatable {
    /// The provider's stable id for the person (`sub`).
    package var subject: String
    /// Their email address, verified by the provider.
    package var email: String
    /// Their name, when the token carries one.
    package var name: String?

    /// Creates an identity.
    package init(subject: String, email: String, name: String? = nil) {
        self.subject = subject
        self.email = email
        self.name = name
    }
}

/// Checks an identity provider's ID token.
package protocol IdentityTokenVerifier: Sendable {
    /// The verified identity, or `auth.invalid_id_token`.
    func verify(_ idToken: String) async throws -> ExternalIdentity
}

/// Verifies OpenID Connect ID tokens (Google's): the signature against the issuer's JWKS (fetched, cached for its
/// max-age, fetched again when a token names a key not yet seen), then `iss`, `aud`, `exp` and `email_verified`.
package actor OpenIDTokenVerifier: IdentityTokenVerifier {
    /// A JWKS document and how long it may be cached.
    package struct KeySet: Sendable {
        /// The JSON text.
        package var json: String
        /// Seconds it stays fresh.
        package var maxAge: TimeInterval

        /// Creates a key set.
        package init(json: String, maxAge: TimeInterval) {
            self.json = json
            self.maxAge = maxAge
        }
    }

    private let clientID: String
    private let issuers: Set<String>
    private let fetchKeys: @Sendable () async throws -> KeySet
    private let now: @Sendable () -> Date
    private var keys: JWTKeyCollection?
    private var fetchedAt: Date?
    private var freshUntil: Date?
    private var knownKeyIDs: Set<String> = []

    /// Creates a verifier accepting tokens for `clientID` from `issuer` (Google's tokens name their issuer with or
    /// without the scheme, so both spellings are accepted).
    package init(
        clientID: String, issuer: String, fetchKeys: @escaping @Sendable () async throws -> KeySet,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.clientID = clientID
        let bare = issuer.replacingOccurrences(of: "https://", with: "")
        issuers = [issuer, bare, "https://\(bare)"]
        self.fetchKeys = fetchKeys
        self.now = now
    }

    package func verify(_ idToken: String) async throws -> ExternalIdentity {
        var keys = try await currentKeys(refresh: false)
        // A key id not in the cached set means the issuer rotated its keys: fetch them again (at most every 30 s).
        if let kid = Self.keyID(of: idToken), !knownKeyIDs.contains(kid), let fetchedAt,
            now().timeIntervalSince(fetchedAt) > 30
        {
            keys = try await currentKeys(refresh: true)
        }
        let payload: IDTokenPayload
        do {
            payload = try await keys.verify(idToken, as: IDTokenPayload.self)
        } catch {
            throw Self.invalid("bad signature or format")
        }
        guard issuers.contains(payload.iss.value) else { throw Self.invalid("wrong issuer") }
        guard payload.aud.value.contains(clientID) else { throw Self.invalid("wrong audience") }
        guard payload.exp.value > now() else { throw Self.invalid("expired") }
        guard let email = payload.email, payload.email_verified?.value == true else {
            throw DomainError(.invalidIDToken, "Your Google account's email address is not verified.")
        }
        let normalised = try EmailAddress(email).value
        return ExternalIdentity(subject: payload.sub.value, email: normalised, name: payload.name)
    }

    /// The `kid` in a token's header, if it has one.
    private static func keyID(of token: String) -> String? {
        guard let header = token.split(separator: ".").first,
            let data = Data(base64URLEncoded: String(header)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["kid"] as? String
    }

    private func currentKeys(refresh: Bool) async throws -> JWTKeyCollection {
        if !refresh, let keys, let freshUntil, freshUntil > now() { return keys }
        let set: KeySet
        do {
            set = try await fetchKeys()
        } catch {
            if let keys { return keys }
            throw DomainError(
                .upstreamUnavailable, "Google sign-in is unavailable right now. Please try again shortly.")
        }
        let collection = JWTKeyCollection()
        do {
            try await collection.add(jwksJSON: set.json)
        } catch {
            if let keys { return keys }
            throw DomainError(
                .upstreamUnavailable, "Google sign-in is unavailable right now. Please try again shortly.")
        }
        keys = collection
        knownKeyIDs = Self.keyIDs(in: set.json)
        fetchedAt = now()
        freshUntil = now().addingTimeInterval(max(60, set.maxAge))
        return collection
    }

    private static func keyIDs(in jwks: String) -> Set<String> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(jwks.utf8)) as? [String: Any],
            let keys = object["keys"] as? [[String: Any]]
        else { return [] }
        return Set(keys.compactMap { $0["kid"] as? String })
    }

    private static func invalid(_ reason: String) -> DomainError {
        DomainError(.invalidIDToken, "The Google sign-in could not be verified (\(reason)). Please try again.")
    }
}

// Named as the table or the wire names them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The ID token claims Marquee reads.
struct IDTokenPayload: JWTPayload {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var email: String?
    var email_verified: BoolClaim?
    var name: String?

    // Claims are checked in `OpenIDTokenVerifier.verify(_:)` against the injected clock and settings.
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
