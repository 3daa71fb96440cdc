import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which calls are sent again, when, and which never are.
@Suite struct ClientRetryTests {
    static let genres = GenreList(mediaType: .movie, genres: [Genre(id: 28, name: "Action")])

    @Test func getIsRetriedOn503AfterRetryAfter() async throws {
        let tries = ClientCounter()
        let transport = ClientScriptedTransport { _ in
            await tries.increment() == 1
                ? .error(503, "catalog.upstream_unavailable", retryAfter: 3) : .json(Self.genres)
        }
        let (client, _, waits) = ClientFixtures.client(transport)
        #expect(try await client.genres() == Self.genres)
        #expect(await tries.value == 2)
        #expect(await waits.all == [.seconds(3)])
    }

    @Test func getGivesUpAfterTwoRetriesWithGrowingWaits() async throws {
        let transport = ClientScriptedTransport { _ in .error(502, "internal") }
        let (client, _, waits) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.self) {
            try await client.genres()
        }
        #expect(await transport.requests.count == 3)
        #expect(await waits.all == [.milliseconds(500), .seconds(1)])
    }

    @Test func offlineGetIsRetried() async throws {
        let tries = ClientCounter()
        let transport = ClientScriptedTransport { _ in
            guard await tries.increment() > 1 else { throw URLError(.networkConnectionLost) }
            return .json(Self.genres)
        }
        let (client, _, _) = ClientFixtures.client(transport)
        #expect(try await client.genres() == Self.genres)
        #expect(await tries.value == 2)
    }

    @Test func saveIsRetriedLikeARead() async throws {
        let tries = ClientCounter()
        let change = ItemChange(
            seq: 7, op: .upsert, list: .favorites, kind: .city, id: "2643743", item: nil, at: ClientFixtures.now)
        let transport = ClientScriptedTransport { _ in
            await tries.increment() == 1 ? .error(504, "storage.unavailable") : .json(change)
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        #expect(try await client.save(list: .favorites, kind: .city, id: "2643743", SavedItemEdit()) == change)
        #expect(await tries.value == 2)
    }

    @Test func postIsNeverRetried() async throws {
        let transport = ClientScriptedTransport { _ in .error(503, "auth.busy", retryAfter: 1) }
        let (client, _, waits) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.self) {
            try await client.signIn(email: "a@b.com", password: "Secret123")
        }
        #expect(await transport.requests.count == 1)
        #expect(await waits.all.isEmpty)
    }

    @Test func offlinePostIsNeverRetried() async throws {
        let transport = ClientScriptedTransport { _ in throw URLError(.networkConnectionLost) }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        await #expect(throws: MarqueeError.offline) {
            try await client.importFile(Data("Title,Year\nAlien,1979\n".utf8))
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func waitPastTheBudgetFailsAtOnce() async throws {
        let transport = ClientScriptedTransport { _ in .error(503, "storage.unavailable", retryAfter: 45) }
        let (client, _, waits) = ClientFixtures.client(transport)
        let error = await #expect(throws: MarqueeError.self) {
            try await client.genres()
        }
        #expect(error?.code == "storage.unavailable")
        #expect(await transport.requests.count == 1)
        #expect(await waits.all.isEmpty)
    }

    @Test func refusalIsNotRetried() async throws {
        let transport = ClientScriptedTransport { _ in .error(404, "catalog.not_found") }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.self) {
            try await client.movie(id: 1)
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func cancellationFromTheTransportIsCancelledAndNotRetried() async throws {
        let transport = ClientScriptedTransport { _ in throw CancellationError() }
        let (client, _, waits) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.cancelled) {
            try await client.genres()
        }
        #expect(await transport.requests.count == 1)
        #expect(await waits.all.isEmpty)
    }

    @Test func cancelledTaskEndsItsCallAsCancelled() async throws {
        let never = ClientGate()
        let transport = ClientScriptedTransport { _ in
            try await never.wait()
            return .json(Self.genres)
        }
        let (client, _, _) = ClientFixtures.client(transport)
        let call = Task { try await client.genres() }
        var arrivals = transport.arrivals.makeAsyncIterator()
        _ = await arrivals.next()
        call.cancel()
        await #expect(throws: MarqueeError.cancelled) {
            try await call.value
        }
        #expect(await transport.requests.count == 1)
    }
}
