import Foundation
import HTTPTypes
import Testing

/// The bad inputs every operation shares, sent to every operation the OpenAPI document lists (so a route added to
/// the document is covered without a new test): no sign-in, a forged or expired token, a cookie change without its
/// CSRF token, and each way a JSON body can be wrong. Each answer must be the shared code, and nothing may change.
@Suite("Every operation refuses shared bad input alike")
struct EveryOperationTests {

    /// One operation of the document, with its path filled in with ordinary values.
    struct Operation: CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var signedIn: Bool
        var jsonBody: Bool

        var description: String { "\(method) \(path)" }
    }

    /// The document's operations. Import takes files rather than JSON objects, so its bodies have their own tests.
    static let operations: [Operation] = {
        let document = APIContract.repository.document
        let values = ["{list}": "favorites", "{kind}": "movie", "{id}": "603", "{variant}": "w342"]
        var found: [Operation] = []
        for (template, item) in document["paths"]?.object ?? [:] {
            for (name, operation) in item.object ?? [:] {
                guard let method = HTTPRequest.Method(name.uppercased()),
                    ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(name.uppercased())
                else { continue }
                var path = template
                for (parameter, value) in values { path = path.replacingOccurrences(of: parameter, with: value) }
                let secured = !(operation["security"]?.array ?? []).isEmpty
                let json =
                    operation["requestBody"]?["content"]?["application/json"] != nil && template != "/api/v1/me/import"
                found.append(Operation(method: method, path: path, signedIn: secured, jsonBody: json))
            }
        }
        return found.sorted { $0.description < $1.description }
    }()

    @Test("The document lists the operations this sweep relies on")
    func sweepHasOperations() {
        #expect(Self.operations.filter(\.signedIn).count >= 15)
        #expect(Self.operations.filter(\.jsonBody).count >= 15)
    }

    @Test("Without a sign-in, with a forged token and with an expired one, every signed-in operation is 401")
    func signInRequired() async throws {
        try await H.run { h in
            let guest = try await h.guest()
            let forged = guest.accessToken.dropLast(4) + "AAAA"
            for operation in Self.operations where operation.signedIn {
                let anonymous = try await h.call(operation.path, method: operation.method)
                #expect(try anonymous.errorCode() == "auth.required", "\(operation)")
                #expect(anonymous.headers[.wwwAuthenticate] == #"Bearer realm="marquee""#, "\(operation)")
                let bad = try await h.call(operation.path, method: operation.method, bearer: String(forged))
                #expect(try bad.errorCode() == "auth.invalid_token", "\(operation)")
                #expect(bad.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == true, "\(operation)")
            }
            h.clock.advance(by: 16 * 60)
            for operation in Self.operations where operation.signedIn {
                let expired = try await h.call(operation.path, method: operation.method, bearer: guest.accessToken)
                #expect(try expired.errorCode() == "auth.token_expired", "\(operation)")
            }
        }
    }

    @Test("A cookie session's change without its CSRF token is 403 on every operation, and changes nothing")
    func csrfEverywhere() async throws {
        try await H.run { h in
            let signIn = try await h.call("/api/v1/auth/guest", ["session": "cookie"])
            let cookie = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            for operation in Self.operations where operation.signedIn && operation.method != .get {
                let response = try await h.client.send(
                    operation.path, method: operation.method, body: "{}",
                    headers: [.cookie: cookie, .contentType: "application/json"])
                #expect(try response.errorCode() == "auth.csrf_failed", "\(operation)")
            }
            #expect(try await h.call("/api/v1/me", method: .get, headers: [.cookie: cookie]).status == .ok)
        }
    }

    @Test(
        "Every JSON body that is not JSON, not UTF-8, not an object, has an unknown field or is too large is refused alike"
    )
    func badBodies() async throws {
        try await H.run { h in
            let guest = try await h.guest()
            let json: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(guest.accessToken)"]
            let bodies: [(name: String, bytes: [UInt8], headers: HTTPFields, code: String)] = [
                (
                    "plain text", Array(#"{"email":"a@b.co"}"#.utf8),
                    [.contentType: "text/plain", .authorization: "Bearer \(guest.accessToken)"],
                    "request.unsupported_media_type"
                ),
                (
                    "not UTF-8", Array(#"{"email":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), json,
                    "request.invalid_body"
                ),
                ("trailing comma", Array(#"{"email":"a@b.co",}"#.utf8), json, "request.invalid_body"),
                ("an array", Array("[1]".utf8), json, "request.invalid_body"),
                ("unknown field", Array(#"{"no_such_field":1}"#.utf8), json, "request.unknown_field"),
                (
                    "129 KiB",
                    Array(#"{"note":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 129 * 1024)
                        + Array(#""}"#.utf8),
                    json, "request.body_too_large"
                ),
            ]
            for operation in Self.operations where operation.jsonBody {
                for body in bodies {
                    let response = try await h.client.send(
                        operation.path, method: operation.method, bytes: body.bytes, headers: body.headers)
                    #expect(try response.errorCode() == body.code, "\(operation), \(body.name): \(response.text)")
                }
            }
            // Signing out, deleting the account and the rest were all refused: the guest is there, signed in, empty.
            #expect(try await h.call("/api/v1/me", method: .get, bearer: guest.accessToken).status == .ok)
            #expect(try await h.ids(guest, "?list=favorites").isEmpty)
        }
    }
}
