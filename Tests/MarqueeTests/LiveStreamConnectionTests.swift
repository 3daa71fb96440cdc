import Foundation
import HTTPTypes
import MarqueeServer
import NIOCore
import NIOPosix
import Testing

/// Live streams and the other requests sharing their connection, spoken byte by byte over a raw socket: a stream
/// opened after an answered request on a kept-alive connection, one pipelined behind a request the server still
/// owes (which the router serves, after that answer), and one whose reader stops reading.
@Suite("Live streams on shared connections")
struct LiveStreamConnectionTests {

    @Test("A stream after an answered request on the same connection, and one pipelined behind a pending answer")
    func sharedConnections() async throws {
        try await LiveSyncTests.run { h in
            let ada = try await h.guest()
            let list = Self.request("/api/v1/me/items?list=favorites", token: ada.accessToken)
            let stream = Self.request("/api/v1/me/changes/stream", token: ada.accessToken)

            try await RawConnection.with(port: h.port) { connection in
                try await connection.send(list)
                let answer = try await connection.read(until: "\"results\"")
                #expect(answer.hasPrefix("HTTP/1.1 200"))
                try await connection.send(stream)
                let opened = try await connection.read(until: "event: snapshot")
                #expect(opened.contains("text/event-stream"))
                let head = opened.lowercased()
                #expect(head.contains("server: marquee") && head.contains("x-request-id: "), "\(opened)")
                #expect(head.contains("server-timing: app;dur="), "\(opened)")
                try await h.save(ada, "favorites/movie/11", title: "Eleven")
                let change = try await connection.read(until: "\"seq\":1}")
                #expect(change.contains(/id: 1:[0-9a-f]{8}\nevent: change/))
            }

            try await RawConnection.with(port: h.port) { connection in
                try await connection.send(list + stream)
                let both = try await connection.read(until: "event: snapshot")
                let answer = try #require(both.range(of: "\"results\""))
                let events = try #require(both.range(of: "text/event-stream"))
                #expect(answer.lowerBound < events.lowerBound, "the list's answer comes first")
                try await h.save(ada, "favorites/movie/12", title: "Twelve")
                let change = try await connection.read(until: "\"seq\":2}")
                #expect(change.contains(/id: 2:[0-9a-f]{8}\nevent: change/))
            }

            // Both streams count in the route's metrics, whichever way they were served.
            let metrics = try await h.client.get("/metrics").text
            let line = metrics.split(separator: "\n").first {
                $0.hasPrefix("marquee_http_requests_total{") && $0.contains(#"route="/api/v1/me/changes/stream""#)
                    && $0.contains(#"status="200""#)
            }
            #expect(line?.hasSuffix(" 2") == true, "\(line ?? "no line")")
        }
    }

    @Test(
        "A stream request with a body is answered as the router answers, without the body being kept first",
        .timeLimit(.minutes(1)))
    func streamRequestWithBody() async throws {
        try await H.run { h in
            try await RawConnection.with(port: h.port) { connection in
                try await connection.send(
                    "GET /api/v1/me/changes/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 300000000\r\n\r\n")
                try await connection.send(String(repeating: "x", count: 128 * 1024))
                // Before the fix the connection held the body until it ended (300 MB later), unanswered.
                let answer = try await connection.read(until: "auth.required")
                #expect(answer.hasPrefix("HTTP/1.1 401"), "\(answer.prefix(200))")
            }
        }
    }

    @Test("A stream whose reader stops reading is closed once it falls behind, and resuming loses nothing")
    func stalledReader() async throws {
        let smallBacklog: @Sendable (inout ServerTuning) -> Void = {
            $0.streamBacklogLimit = 16_384
            $0.changeLogLength = 10_000
        }
        try await H.run(configure: smallBacklog) { h in
            let ada = try await h.guest()
            let stream = Self.request("/api/v1/me/changes/stream", token: ada.accessToken)
            let note = String(repeating: "n", count: 1_900)
            let saves = 3_000
            try await RawConnection.with(port: h.port, receiveBuffer: 4_096) { connection in
                try await connection.send(stream)
                _ = try await connection.read(until: "event: snapshot")
                // About 6 MB of frames: more than the kernel's socket buffers (up to 4 MB for the server's, as the
                // kernel grows it) and NIO's write watermark together hold.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            for number in stride(from: worker + 1, through: saves, by: 8) {
                                let saved = try await h.save(
                                    ada, "favorites/movie/\(number)", title: "Film \(number)", ["note": note])
                                #expect(saved.status == .created)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                // Only whole frames count, as in an EventSource: the close may cut the last one short.
                let frames = try await connection.readToEnd().components(separatedBy: "\n\n").dropLast()
                let ids = frames.compactMap { frame -> Int? in
                    guard let id = frame.range(of: "id: ") else { return nil }
                    return Int(frame[id.upperBound...].prefix { $0.isNumber })
                }
                try #require(!ids.isEmpty && ids.count < saves, "closed part way: \(ids.count) of \(saves) frames")
                #expect(ids == Array(1...ids.count), "in order, none skipped")

                let resumed = h.stream(ada, lastEventID: String(ids.count))
                defer { resumed.close() }
                let missed = try await resumed.next(saves - ids.count)
                #expect(missed.compactMap(\.seq) == Array(Int64(ids.count + 1)...Int64(saves)))
            }
        }
    }

    @Test("One account opens at most streamLimit streams; the next is refused with 429 until one closes")
    func streamLimit() async throws {
        try await H.run(["streamLimit": "2"]) { h in
            let (ada, bob) = (try await h.guest(), try await h.guest())
            let open = [h.stream(ada), h.stream(ada)]
            for stream in open { #expect(try #require(await stream.next()).event == "snapshot") }

            let third = try await h.call("/api/v1/me/changes/stream", method: .get, bearer: ada.accessToken)
            #expect(third.status == .tooManyRequests)
            #expect(try third.errorCode() == "items.too_many_streams" && third.text.contains("2 live streams"))
            let bobs = h.stream(bob)
            defer { bobs.close() }
            #expect(try #require(await bobs.next()).event == "snapshot", "the limit is per account")

            open[0].close()
            var reopened: EventStreamClient?
            for _ in 0..<100 where reopened == nil {
                let attempt = h.stream(ada)
                if await attempt.next(within: .seconds(2))?.event == "snapshot" {
                    reopened = attempt
                } else {
                    attempt.close()
                }
            }
            #expect(reopened != nil, "a closed stream frees its place")
            reopened?.close()
            open[1].close()
        }
    }

    private static func request(_ path: String, token: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }
}
