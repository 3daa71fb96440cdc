import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MarqueeCore
import MarqueeWeather
import MarqueeWire
import NIOCore
import Testing

@testable import MarqueeServer

extension AppDependencies {
    /// The production dependencies, but for the city index, which every test server shares: reading it takes about
    /// a second in a debug build.
    static var forTests: AppDependencies {
        var dependencies = AppDependencies()
        dependencies.cities = sharedCities
        return dependencies
    }
}

private let sharedCities = CityDirectory()

/// Runs a whole Marquee server (through `buildApplication`) for the duration of `body`.
func withMarquee<T: Sendable>(
    _ settings: ServerSettings, logger: Logger = TestSettings.quietLogger,
    dependencies: AppDependencies = .forTests, _ body: @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
    let app = try await buildApplication(settings: settings, logger: logger, dependencies: dependencies)
    return try await app.test(.router) { client in try await body(client) }
}

/// Runs a whole Marquee server listening on loopback (real HTTP, every channel handler) for `body`.
func withLiveMarquee<T: Sendable>(
    _ settings: ServerSettings, logger: Logger = TestSettings.quietLogger,
    dependencies: AppDependencies = .forTests, _ body: @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
    let app = try await buildApplication(settings: settings, logger: logger, dependencies: dependencies)
    return try await app.test(.live) { client in try await body(client) }
}

/// A response's status, headers and body, read once.
struct TestResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer

    var text: String { String(buffer: body) }

    /// Records an issue for each way this answer departs from the OpenAPI document.
    func checkContract(method: HTTPRequest.Method, uri: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let answer = APIContract.Answer(
            method: method.rawValue, uri: uri, status: Int(status.code), contentType: headers[.contentType],
            requestID: headers[.init("X-Request-Id")!], body: Array(body.readableBytesView))
        APIContract.repository.record(APIContract.repository.problems(answer), sourceLocation: sourceLocation)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireJSON.makeDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The error body, after checking it has exactly the contract's shape.
    func decodeError(sourceLocation: SourceLocation = #_sourceLocation) throws -> APIError.Detail {
        // Its keys as the contract spells them (`requestId`), so no snake_case strategy; and no other keys.
        let fields = try JSONDecoder().decode([String: [String: String]].self, from: Data(body.readableBytesView))
        #expect(
            Set(fields.keys) == ["error"]
                && Set(fields["error"]?.keys ?? [:].keys) == ["code", "message", "requestId"],
            sourceLocation: sourceLocation)
        let error = try JSONDecoder().decode(APIError.self, from: Data(body.readableBytesView)).error
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        #expect(error.requestId == headers[.init("X-Request-Id")!], sourceLocation: sourceLocation)
        return error
    }

    /// The error body's code, after checking the body has exactly the contract's shape.
    func errorCode(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try decodeError(sourceLocation: sourceLocation).code
    }
}

extension TestClientProtocol {
    func get(_ uri: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        try await send(uri, method: .get, sourceLocation: sourceLocation)
    }

    /// Sends a request and checks the answer against the OpenAPI document.
    func send(
        _ uri: String, method: HTTPRequest.Method, body: String? = nil, headers: HTTPFields = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        try await send(
            uri, method: method, bytes: body.map { Array($0.utf8) }, headers: headers, sourceLocation: sourceLocation)
    }

    /// Sends a body of any bytes (not UTF-8, say) and checks the answer against the OpenAPI document.
    func send(
        _ uri: String, method: HTTPRequest.Method, bytes: [UInt8]?, headers: HTTPFields = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        let response = try await execute(
            uri: uri, method: method, headers: headers, body: bytes.map { ByteBuffer(bytes: $0) }
        ) {
            TestResponse(status: $0.status, headers: $0.headers, body: $0.body)
        }
        response.checkContract(method: method, uri: uri, sourceLocation: sourceLocation)
        return response
    }
}
