import Foundation
import Hummingbird
import JWTKit
import Logging
import ServiceLifecycle
import Synchronization

/// A local OpenID issuer standing in for Google: it publishes RS256 keys as a JWKS over HTTP and signs ID tokens
/// with them (keys made with openssl, so the signatures are real).
final class FakeOpenIDIssuer: Sendable {
    static let issuer = "https://accounts.fake-google.test"
    static let clientID = "marquee-test.apps.example"

    struct Key: Sendable {
        let kid: String
        let privatePEM: String
        let jwk: String
    }

    private let state = Mutex<(keys: [Key], fetches: Int)>(([], 0))

    init() throws {
        try rotate(kid: "key-1")
    }

    var fetches: Int { state.withLock { $0.fetches } }

    /// Publishes a new key (the old ones stay published until `retire`).
    func rotate(kid: String) throws {
        let key = try Self.makeKey(kid: kid)
        state.withLock { $0.keys.append(key) }
    }

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
        let key = try foreignKey ? Self.makeKey(kid: keys.last!.kid) : (keys.first { $0.kid == kid } ?? keys.last!)
        let collection = JWTKeyCollection()
        await collection.add(
            rsa: try Insecure.RSA.PrivateKey(pem: key.privatePEM), digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.kid))
        return try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
    }

    func claims(sub: String, email: String, verified: Bool = true, now: Date) -> Claims {
        Claims(sub: sub, email: email, email_verified: verified, name: "Test Person", iat: now, exp: now.addingTimeInterval(3600))
    }

    /// Serves `/jwks` for the duration of `body`, passing its URL.
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
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
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "fake-issuer")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portContinuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let serviceGroup = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
            group.addTask { try await serviceGroup.run() }
            var ports = portStream.makeAsyncIterator()
            let port = await ports.next() ?? 0
            defer { group.cancelAll() }
            let result = try await body("http://127.0.0.1:\(port)/jwks")
            await serviceGroup.triggerGracefulShutdown()
            return result
        }
    }

    private static func makeKey(kid: String) throws -> Key {
        let pem = try openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], input: nil)
        let (modulus, exponent) = try Insecure.RSA.PrivateKey(pem: pem).publicKey.getKeyPrimitives()
        let jwk = #"{"kty":"RSA","alg":"RS256","use":"sig","kid":"\#(kid)","n":"\#(base64URL(modulus))","e":"\#(base64URL(exponent))"}"#
        return Key(kid: kid, privatePEM: pem, jwk: jwk)
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func openssl(_ arguments: [String], input: String?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
