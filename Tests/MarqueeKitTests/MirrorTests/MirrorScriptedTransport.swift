import Foundation
import MarqueeWire

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MarqueeTransport` that plays a small Marquee server in memory: one account's items and change log, the item
/// endpoints the mirror uses, and the live stream (a snapshot on connecting, or the changes after `Last-Event-ID`,
/// then each change as it is made). Tests take it offline, hold its writes, cap its items, and make changes
/// "elsewhere".
final class MirrorScriptedTransport: MarqueeTransport {
    private struct State {
        var items: [String: SavedItem] = [:]
        var log: [ItemChange] = []
        var seq: Int64 = 0
        var clock: Date
        var online = true
        var writesOffline = false
        var itemLimit: Int?
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
        var requests: [String] = []
        var streamPoints: [String?] = []
        var bodies: [Int: AsyncThrowingStream<Data, any Error>.Continuation] = [:]
        var nextBody = 0
    }

    private let state: Locked<State>

    /// A server whose clock reads `clock` and moves a second on with each change.
    init(clock: Date) {
        state = Locked(State(clock: clock))
    }

    /// `"METHOD /path"` of each request the mirror sent, in order (the stream's not included).
    var requests: [String] { state.current.requests }

    /// The `Last-Event-ID` of each stream opened, in order.
    var streamPoints: [String?] { state.current.streamPoints }

    /// The items the server has.
    var items: [SavedItem] { state.current.items.values.sorted { Self.key($0) < Self.key($1) } }

    /// Whether requests and streams reach the server.
    func setOnline(_ online: Bool) {
        state.withLock { $0.online = online }
    }

    /// Whether writes (`PUT`, `DELETE`) fail as unreachable while reads and the stream work.
    func setWritesOffline(_ offline: Bool) {
        state.withLock { $0.writesOffline = offline }
    }

    /// Caps the items the account can keep.
    func setItemLimit(_ limit: Int?) {
        state.withLock { $0.itemLimit = limit }
    }

    /// Holds writes (`PUT`) unanswered until `release()`.
    func hold() {
        state.withLock { $0.holding = true }
    }

    /// Answers the writes held, and those to come.
    func release() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Saves `item` as another device would: logged, and sent to every open stream. Returns it as stored.
    @discardableResult
    func saveElsewhere(_ item: SavedItem) -> SavedItem {
        let (stored, frame) = state.withLock { state in
            let change = Self.upsert(item, in: &state)
            return (change.item ?? item, Self.changeFrame(change))
        }
        broadcast(frame)
        return stored
    }

    /// Puts `items` in place of the account's, as a database restored from an older copy would, at change `seq`,
    /// and sends every open stream a `reset` snapshot.
    func restore(_ items: [SavedItem], seq: Int64) {
        let frame = state.withLock { state in
            state.items = Dictionary(items.map { (Self.key($0), $0) }, uniquingKeysWith: { _, last in last })
            state.seq = seq
            state.log = []
            return Self.snapshotFrame(items, reason: "reset", seq: seq)
        }
        broadcast(frame)
    }

    // MARK: MarqueeTransport

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let method = request.httpMethod ?? "GET"
        let path = request.url?.path ?? ""
        let (online, writesOffline, holding) = state.withLock { state in
            state.requests.append("\(method) \(path)")
            return (state.online, state.writesOffline, state.holding)
        }
        let isWrite = method == "PUT" || method == "DELETE"
        guard online, !(isWrite && writesOffline) else { throw URLError(.notConnectedToInternet) }
        if holding, method == "PUT" { await waitForRelease() }
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 4, parts[0...2] == ["api", "v1", "me"], parts[3] == "items",
            let list = parts.count > 4 ? SavedList(rawValue: parts[4]) : nil
        else { return Self.error(404, "not_found", "No such route.", request) }
        if parts.count == 5, method == "DELETE" {
            return clear(list, request)
        }
        guard parts.count == 7, let kind = SavedKind(rawValue: parts[5]) else {
            return Self.error(404, "not_found", "No such route.", request)
        }
        let key = "\(list.rawValue)/\(kind.rawValue)/\(parts[6])"
        switch method {
        case "GET":
            guard let item = state.current.items[key] else {
                return Self.error(404, "items.not_found", "You have no such saved item.", request)
            }
            return Self.json(item, request)
        case "PUT":
            return put(list: list, kind: kind, id: parts[6], request)
        case "DELETE":
            return delete(key, list: list, kind: kind, id: parts[6], request)
        default:
            return Self.error(405, "method_not_allowed", "No.", request)
        }
    }

    func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let point = request.value(forHTTPHeaderField: "Last-Event-ID")
        let since = ItemMirror.sequenceNumber(of: point)
        let opened = state.withLock { state -> Int? in
            guard state.online else { return nil }
            state.streamPoints.append(point)
            let id = state.nextBody
            state.nextBody += 1
            state.bodies[id] = continuation
            let first: String
            if let since, since <= state.seq, state.log.first.map({ $0.seq <= since + 1 }) ?? (since == state.seq) {
                first = state.log.filter { $0.seq > since }.map(Self.changeFrame).joined()
            } else {
                first = Self.snapshotFrame(Array(state.items.values), reason: "start", seq: state.seq)
            }
            // Yielded under the lock, so that no change made meanwhile arrives before it.
            continuation.yield(Data(first.utf8))
            return id
        }
        if let opened {
            continuation.onTermination = { [state] _ in
                state.withLock { $0.bodies[opened] = nil }
            }
        }
        guard opened != nil, let url = request.url,
            let head = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/event-stream"])
        else { throw URLError(.notConnectedToInternet) }
        return (head, body)
    }

    // MARK: The server's side

    private func put(list: SavedList, kind: SavedKind, id: String, _ request: URLRequest) -> (Data, HTTPURLResponse) {
        let body = request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
        let snapshot = (body["snapshot"] as? [String: Any]).flatMap { value in
            (try? JSONSerialization.data(withJSONObject: value))
                .flatMap { try? WireJSON.makeDecoder().decode(ItemSnapshot.self, from: $0) }
        }
        let answer = state.withLock { state -> Result<ItemChange, MarqueeError> in
            let key = "\(list.rawValue)/\(kind.rawValue)/\(id)"
            let existing = state.items[key]
            if existing == nil, let limit = state.itemLimit, state.items.count >= limit {
                return .failure(Self.refusal(409, "items.limit_reached", "You have reached the item limit."))
            }
            guard let snapshot = snapshot ?? existing?.snapshot else {
                return .failure(Self.refusal(400, "items.bad_snapshot", "snapshot is required to save a new item."))
            }
            var item =
                existing ?? SavedItem(list: list, kind: kind, id: id, snapshot: snapshot, createdAt: state.clock)
            item.snapshot = snapshot
            if body["note"] is NSNull { item.note = nil }
            if let note = body["note"] as? String { item.note = note }
            if let rating = body["rating"] as? Int { item.rating = rating }
            return .success(Self.upsert(item, in: &state))
        }
        switch answer {
        case .success(let change):
            broadcast(Self.changeFrame(change))
            return Self.json(change, request)
        case .failure(let error):
            return Self.error(error, request)
        }
    }

    private func delete(_ key: String, list: SavedList, kind: SavedKind, id: String, _ request: URLRequest) -> (
        Data, HTTPURLResponse
    ) {
        let change = state.withLock { state -> ItemChange? in
            guard state.items.removeValue(forKey: key) != nil else { return nil }
            return Self.log(
                ItemChange(seq: 0, op: .delete, list: list, kind: kind, id: id, item: nil, at: state.clock), in: &state)
        }
        guard let change else { return Self.error(404, "items.not_found", "You have no such saved item.", request) }
        broadcast(Self.changeFrame(change))
        return Self.json(change, request)
    }

    private func clear(_ list: SavedList, _ request: URLRequest) -> (Data, HTTPURLResponse) {
        let query = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems ?? []
        let kind = query.first { $0.name == "kind" }?.value.flatMap(SavedKind.init(rawValue:))
        let experience = query.first { $0.name == "experience" }?.value.flatMap(Experience.init(rawValue:))
        let kinds = kind.map { [$0] } ?? experience?.kinds
        let change = state.withLock { state -> ItemChange? in
            let before = state.items.count
            state.items = state.items.filter { $0.value.list != list || !(kinds?.contains($0.value.kind) ?? true) }
            guard state.items.count < before else { return nil }
            return Self.log(.clear(seq: 0, list: list, kinds: kinds, at: state.clock), in: &state)
        }
        guard let change else { return (Data(), Self.response(204, request)) }
        broadcast(Self.changeFrame(change))
        return Self.json(change, request)
    }

    private static func upsert(_ item: SavedItem, in state: inout State) -> ItemChange {
        var item = item
        state.clock += 1
        item.updatedAt = state.clock
        state.items[key(item)] = item
        return log(
            ItemChange(seq: 0, op: .upsert, list: item.list, kind: item.kind, id: item.id, item: item, at: state.clock),
            in: &state)
    }

    /// Gives `change` the next sequence number and logs it.
    private static func log(_ change: ItemChange, in state: inout State) -> ItemChange {
        var change = change
        state.seq += 1
        change.seq = state.seq
        state.log.append(change)
        return change
    }

    private func waitForRelease() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                guard state.holding else { return true }
                state.held.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func broadcast(_ frame: String) {
        let bodies = state.withLock { Array($0.bodies.values) }
        for body in bodies { body.yield(Data(frame.utf8)) }
    }

    // MARK: Wire forms

    private static func key(_ item: SavedItem) -> String {
        "\(item.list.rawValue)/\(item.kind.rawValue)/\(item.id)"
    }

    private static func text(_ value: some Encodable) -> String {
        String(decoding: (try? WireJSON.makeEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }

    private static func changeFrame(_ change: ItemChange) -> String {
        "id: \(change.seq)\nevent: change\ndata: \(text(change))\n\n"
    }

    private static func snapshotFrame(_ items: [SavedItem], reason: String, seq: Int64) -> String {
        let snapshot = StreamSnapshot(items: items, more: false, reason: reason, seq: seq)
        return "id: \(seq)\nevent: snapshot\ndata: \(text(snapshot))\n\n"
    }

    private static func refusal(_ status: Int, _ code: String, _ message: String) -> MarqueeError {
        .server(code: code, message: message, status: status, requestID: "req-1", retryAfter: nil)
    }

    private static func json(_ value: some Encodable, _ request: URLRequest) -> (Data, HTTPURLResponse) {
        let data = (try? WireJSON.makeEncoder().encode(value)) ?? Data()
        return (data, response(200, request))
    }

    private static func error(_ status: Int, _ code: String, _ message: String, _ request: URLRequest) -> (
        Data, HTTPURLResponse
    ) {
        error(refusal(status, code, message), request)
    }

    private static func error(_ error: MarqueeError, _ request: URLRequest) -> (Data, HTTPURLResponse) {
        guard case .server(let code, let message, let status, let requestID, _) = error else {
            return (Data(), response(500, request))
        }
        // The error body keeps the contract's spelling (`requestId`), without snake_case.
        let body = APIError(code: code, message: message, requestId: requestID ?? "req-1")
        return ((try? JSONEncoder().encode(body)) ?? Data(), response(status, request))
    }

    private static func response(_ status: Int, _ request: URLRequest) -> HTTPURLResponse {
        HTTPURLResponse(
            url: request.url ?? URL(fileURLWithPath: "/"), statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
    }
}
