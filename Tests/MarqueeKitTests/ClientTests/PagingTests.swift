import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Paged lists read as sequences: in order, one page fetched ahead and no more, and cancellable.
@Suite struct PagingTests {
    /// Where the reader was each time a page was asked for.
    actor Reading {
        private(set) var taken = 0
        private(set) var asked: [(page: Int, taken: Int)] = []
        nonisolated let pagesAsked: AsyncStream<Int>
        private let continuation: AsyncStream<Int>.Continuation

        init() {
            (pagesAsked, continuation) = AsyncStream.makeStream(of: Int.self)
        }

        func took(_ count: Int) { taken = count }

        func ask(_ page: Int) {
            asked.append((page, taken))
            continuation.yield(page)
        }
    }

    @Test func numberedPagesArePrefetchedOneAhead() async throws {
        let reading = Reading()
        let pages = PagedSequence<Int>.numbered { number in
            await reading.ask(number)
            return Page(page: number, results: [number * 10 + 1, number * 10 + 2], totalPages: 3, totalResults: 6)
        }
        var iterator = pages.makeAsyncIterator()
        var asked = reading.pagesAsked.makeAsyncIterator()
        var items = [try await iterator.next()]
        #expect(await asked.next() == 1)
        // Page 2 is asked for while page 1 is still being read.
        #expect(await asked.next() == 2)
        for taken in 1..<7 {
            await reading.took(taken)
            items.append(try await iterator.next())
        }
        #expect(items == [11, 12, 21, 22, 31, 32, nil])
        let log = await reading.asked
        #expect(log.map(\.page) == [1, 2, 3])
        // Page 3 is asked for only once the reader is on page 2 (it took 2 items): never two pages ahead.
        #expect(log.last.map { $0.taken >= 2 } == true)
    }

    @Test func savedItemsFollowTheirCursors() async throws {
        let transport = ClientScriptedTransport { request in
            let item = SavedItem(
                list: .watchlist, kind: .movie, id: request.query("cursor") == nil ? "1" : "2",
                snapshot: ItemSnapshot(title: "A title"), createdAt: ClientFixtures.now)
            return .json(
                ItemPage(nextCursor: request.query("cursor") == nil ? "c2" : nil, results: [item], totalResults: 2))
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        var ids: [String] = []
        for try await item in client.items(ItemQuery(list: .watchlist, sort: .title)) { ids.append(item.id) }
        #expect(ids == ["1", "2"])
        let requests = await transport.requests
        #expect(requests.map { $0.query("cursor") } == [nil, "c2"])
        #expect(requests.allSatisfy { $0.query("list") == "watchlist" && $0.query("sort") == "title" })
    }

    @Test func cancellingTheReaderCancelsThePageItAwaits() async throws {
        let never = ClientGate()
        let cancelled = ClientCounter()
        let transport = ClientScriptedTransport { request in
            if request.query("page") == "2" {
                do {
                    try await never.wait()
                } catch {
                    await cancelled.increment()
                    throw error
                }
            }
            let work = ArtworkSummary(id: "SK-C-5", title: "The Night Watch")
            return .json(ArtPage(page: 1, results: [work], totalPages: 2, totalResults: 2, source: "embedded"))
        }
        let (client, _, _) = ClientFixtures.client(transport)
        let pages = client.allArtworks(matching: "Rembrandt")
        let reader = Task {
            var count = 0
            for try await _ in pages { count += 1 }
            return count
        }
        for await request in transport.arrivals where request.query("page") == "2" { break }
        reader.cancel()
        await #expect(throws: MarqueeError.cancelled) {
            try await reader.value
        }
        #expect(await cancelled.value == 1)
        #expect(await transport.requests.count == 2)
    }

    @Test func failureEndsTheSequence() async throws {
        let pages = PagedSequence<Int>.numbered { number in
            guard number == 1 else { throw MarqueeError.offline }
            return Page(page: 1, results: [1], totalPages: 5, totalResults: 5)
        }
        var iterator = pages.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        var failure: (any Error)?
        do {
            _ = try await iterator.next()
        } catch {
            failure = error
        }
        #expect(failure as? MarqueeError == .offline)
        #expect(try await iterator.next() == nil)
    }
}
