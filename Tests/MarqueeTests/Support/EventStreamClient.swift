import AsyncHTTPClient
import Foundation
import MarqueeWire
import NIOCore
import NIOHTTP1
import Testing

/// One Server-Sent Event as a client sees it.
struct ServerEvent: Sendable {
    var id: String?
    var event: String
    var data: String

    /// The sequence number the id names (an id is `42:1f3a9c0b`, a resume point).
    var seq: Int64? { id.flatMap { Int64($0.prefix { $0 != ":" }) } }

    /// The data as the wire type it is (`ItemChange` for `change`, `StreamSnapshot` for `snapshot`).
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireJSON.makeDecoder().decode(T.self, from: Data(data.utf8))
    }
}

/// A real `text/event-stream` client over loopback (AsyncHTTPClient), collecting events as they arrive.
final class EventStreamClient: Sendable {
    private let events: EventInbox
    private let reader: Task<Void, Never>

    private init(reader: Task<Void, Never>, events: EventInbox) {
        self.reader = reader
        self.events = events
    }

    /// Opens `/api/v1/me/changes/stream` (plus `query`) with a bearer token, resuming from `lastEventID` if given.
    static func open(port: Int, bearer: String, lastEventID: String? = nil, query: String = "") -> EventStreamClient {
        let inbox = EventInbox()
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/me/changes/stream\(query)")
        request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        let reader = Task {
            do {
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
                await inbox.setStatus(Int(response.status.code))
                // Bytes, not text, until a frame is whole: a chunk may end inside a character.
                var pending: [UInt8] = []
                for try await chunk in response.body {
                    pending += chunk.readableBytesView
                    while let end = Self.frameEnd(in: pending) {
                        let frame = String(decoding: pending[..<end], as: UTF8.self)
                        pending.removeSubrange(..<(end + 2))
                        if frame.hasPrefix(":") { await inbox.countComment() }
                        if let event = Self.parse(frame) { await inbox.append(event) }
                    }
                }
            } catch {}
            await inbox.close()
        }
        return EventStreamClient(reader: reader, events: inbox)
    }

    /// The response status (0 until the headers arrived).
    var status: Int { get async { await events.status } }

    /// The next event that is not a comment, or nil if none arrives within `timeout` (or the stream ended). Its data
    /// is checked against the schema the OpenAPI document names for its kind.
    func next(within timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation) async
        -> ServerEvent?
    {
        let event = await events.next(within: timeout)
        if let event {
            APIContract.repository.record(APIContract.repository.problems(event), sourceLocation: sourceLocation)
        }
        return event
    }

    /// The next `count` events (failing the test if they do not arrive in time).
    func next(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [ServerEvent] {
        var received: [ServerEvent] = []
        for _ in 0..<count {
            received.append(
                try #require(
                    await next(sourceLocation: sourceLocation), "only \(received.count) of \(count) events arrived",
                    sourceLocation: sourceLocation))
        }
        return received
    }

    /// How many comment frames (heartbeats) arrived.
    var comments: Int { get async { await events.comments } }

    /// Whether the server ended the stream.
    var isClosed: Bool { get async { await events.isClosed } }

    /// Disconnects.
    func close() {
        reader.cancel()
    }

    deinit { reader.cancel() }

    /// Where the first blank line (`\n\n`) starts.
    private static func frameEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count > 1 else { return nil }
        return (0..<(bytes.count - 1)).first { bytes[$0] == 10 && bytes[$0 + 1] == 10 }
    }

    private static func parse(_ frame: String) -> ServerEvent? {
        var event = ServerEvent(id: nil, event: "message", data: "")
        var sawField = false
        for line in frame.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { continue }
            let parts = line.split(separator: ":", maxSplits: 1)
            guard let name = parts.first else { continue }
            let value = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
            switch name {
            case "id":
                event.id = value
                sawField = true
            case "event":
                event.event = value
                sawField = true
            case "data":
                event.data += event.data.isEmpty ? value : "\n" + value
                sawField = true
            default: continue
            }
        }
        return sawField ? event : nil
    }
}

/// Events received so far, and waiting for the next one: a reader waits for the stream's news (an event, a
/// comment, its end), not for time to pass.
private actor EventInbox {
    private var queue: [ServerEvent] = []
    private(set) var isClosed = false
    private(set) var status = 0
    private(set) var comments = 0
    /// Readers waiting for news.
    private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

    func setStatus(_ status: Int) { self.status = status }

    func append(_ event: ServerEvent) {
        queue.append(event)
        wake()
    }

    func close() {
        isClosed = true
        wake()
    }

    func countComment() {
        comments += 1
        wake()
    }

    /// The next event, or nil if none arrives within `timeout` or the stream ends first.
    func next(within timeout: Duration) async -> ServerEvent? {
        let deadline = ContinuousClock.now + timeout
        while queue.isEmpty, !isClosed, ContinuousClock.now < deadline {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.news() }
                group.addTask { try? await Task.sleep(until: deadline) }
                await group.next()
                group.cancelAll()
            }
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// Returns at the next news, or when cancelled.
    private func news() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                waiting[id] = continuation
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: UUID) {
        waiting.removeValue(forKey: id)?.resume()
    }

    private func wake() {
        let readers = waiting.values
        waiting = [:]
        for reader in readers { reader.resume() }
    }
}
