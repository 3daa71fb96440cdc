import Foundation
import MarqueeKit
import MarqueeWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bare live streams of one session, each on a URLSession of its own as each device has: the bytes, unparsed.
struct FloorStreams {
    let readers: [Task<Void, Never>]

    static func open(_ count: Int, session: StoredSession, server: URL, _ arrivals: Arrivals) async throws
        -> FloorStreams
    {
        let opened = AsyncStream.makeStream(of: Void.self)
        var readers: [Task<Void, Never>] = []
        for listener in 0..<count {
            var request = URLRequest(url: server.appending(path: "api/v1/me/changes/stream"))
            request.setValue("Bearer \(session.accessToken)", forHTTPHeaderField: "Authorization")
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            let (_, body) = try await URLSessionTransport().stream(request)
            readers.append(
                Task {
                    var text = ""
                    var open = false
                    do {
                        for try await chunk in body {
                            text += String(decoding: chunk, as: UTF8.self)
                            if !open, text.contains("event: snapshot") {
                                open = true
                                opened.continuation.yield()
                            }
                            if let marker = arrivals.awaited, text.contains("\"\(marker)\"") {
                                arrivals.saw(marker, listener: listener)
                                text = ""
                            }
                            if text.utf8.count > 65_536 { text = String(text.suffix(1_024)) }
                        }
                    } catch {}
                })
        }
        var waiting = opened.stream.makeAsyncIterator()
        for _ in 0..<count { _ = await waiting.next() }
        return FloorStreams(readers: readers)
    }

    func close() {
        for reader in readers { reader.cancel() }
    }
}

/// Devices of one session, each with the client, live feed and mirror of its own that an app holds.
struct Devices {
    let mirrors: [ItemMirror]
    let feeds: [ChangeFeed]
    let listeners: [Task<Void, Never>]

    static func open(_ count: Int, session: StoredSession, server: URL, _ arrivals: Arrivals) async throws -> Devices {
        let synced = AsyncStream.makeStream(of: Void.self)
        var (mirrors, feeds, listeners): ([ItemMirror], [ChangeFeed], [Task<Void, Never>]) = ([], [], [])
        for listener in 0..<count {
            let sessions = SessionManager(storage: MemorySessionStorage(session))
            let client = MarqueeClient(baseURL: server, sessions: sessions)
            let feed = ChangeFeed(baseURL: server, transport: URLSessionTransport(), credentials: sessions)
            let mirror = ItemMirror(client: client, feed: feed, store: MemoryMirrorStore())
            let updates = await mirror.updates()
            await mirror.start()
            listeners.append(
                Task {
                    var announced = false
                    for await _ in updates {
                        if !announced, await mirror.isSynced {
                            announced = true
                            synced.continuation.yield()
                        }
                        if let marker = arrivals.awaited,
                            await mirror.isSaved(list: .favorites, kind: .movie, id: marker)
                        {
                            arrivals.saw(marker, listener: listener)
                        }
                    }
                })
            mirrors.append(mirror)
            feeds.append(feed)
        }
        var waiting = synced.stream.makeAsyncIterator()
        for _ in 0..<count { _ = await waiting.next() }
        return Devices(mirrors: mirrors, feeds: feeds, listeners: listeners)
    }

    func close() async {
        for listener in listeners { listener.cancel() }
        for mirror in mirrors { await mirror.stop() }
        for feed in feeds { await feed.disconnect() }
    }
}
