import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// Search as the person types: one query once the typing pauses, and never an answer to a query since replaced.
@MainActor @Suite struct SearchViewModelTests {
    /// A transport answering each search with one title named after the query.
    private static func echoing() -> ViewModelScriptedTransport {
        ViewModelScriptedTransport { request in
            .titles([ViewModelFixtures.movie(request.query("q")?.count ?? 0, request.query("q") ?? "")])
        }
    }

    private static func titles(_ model: SearchViewModel) -> [String]? {
        model.state.content?.items.map(\.title)
    }

    @Test func typingRunsOneQueryOnceThePauseIsOver() async throws {
        let transport = Self.echoing()
        let pause = ViewModelGate()
        let waits = ViewModelLog<Duration>()
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { duration in
            await waits.add(duration)
            try await pause.wait()
        }
        model.query = "m"
        model.query = "ma"
        model.query = "matrix"
        let last = try #require(model.searching)
        await pause.open()
        await last.value
        let sent = await transport.requests(to: "GET /api/v1/search")
        #expect(sent.map { $0.query("q") } == ["matrix"])
        #expect(Self.titles(model) == ["matrix"])
        let asked = await waits.entries
        #expect(!asked.isEmpty && asked.allSatisfy { $0 == .milliseconds(300) })
    }

    @Test func aSlowAnswerNeverReplacesANewerOne() async throws {
        let slow = ViewModelGate()
        let transport = ViewModelScriptedTransport { request in
            let text = request.query("q") ?? ""
            // The server takes its time over the first query, and answers it even after the client gave up.
            if text == "alien" { await slow.waitRegardless() }
            return .titles([ViewModelFixtures.movie(text.count, text)])
        }
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in }
        model.query = "alien"
        let first = try #require(model.searching)
        await transport.waitForRequests(1)
        model.query = "aliens"
        let second = try #require(model.searching)
        await second.value
        #expect(Self.titles(model) == ["aliens"])
        await slow.open()
        await first.value
        #expect(Self.titles(model) == ["aliens"])
    }

    @Test func aLateAnswerIsDroppedEvenBeforeTheNewQueryRuns() async throws {
        let slow = ViewModelGate()
        let pause = ViewModelGate()
        let sleeps = ViewModelCounter()
        let transport = ViewModelScriptedTransport { request in
            let text = request.query("q") ?? ""
            if text == "alien" { await slow.waitRegardless() }
            return .titles([ViewModelFixtures.movie(text.count, text)])
        }
        // The first query runs at once; the second waits out its pause until the test says.
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in
            if await sleeps.next() > 1 { try await pause.wait() }
        }
        model.query = "alien"
        let first = try #require(model.searching)
        await transport.waitForRequests(1)
        model.query = "aliens"
        let second = try #require(model.searching)
        await slow.open()
        await first.value
        #expect(Self.titles(model) == nil)
        #expect(model.state.errorMessage == nil)
        await pause.open()
        await second.value
        #expect(Self.titles(model) == ["aliens"])
    }

    @Test func clearingTheQueryShowsNothing() async throws {
        let transport = Self.echoing()
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in }
        model.query = "heat"
        await model.searching?.value
        #expect(Self.titles(model) == ["heat"])
        model.query = "   "
        #expect(model.state == .idle)
        #expect(model.searching == nil)
    }

    @Test func noResultsIsEmpty() async throws {
        let transport = ViewModelScriptedTransport { _ in .titles([]) }
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in }
        model.query = "zzzz"
        await model.searching?.value
        #expect(model.state == .empty)
    }

    @Test func aRefusedQueryShowsTheServersMessage() async throws {
        let transport = ViewModelScriptedTransport { _ in
            .error(400, "validation.invalid_parameter", "A search is at most 200 characters.")
        }
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in }
        model.query = String(repeating: "a", count: 201)
        await model.searching?.value
        #expect(
            model.state
                == .failed(message: "A search is at most 200 characters.", code: "validation.invalid_parameter"))
    }

    @Test func submitRunsWithoutThePause() async throws {
        let transport = Self.echoing()
        let pause = ViewModelGate()
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in try await pause.wait() }
        model.query = "ran"
        model.submit()
        await model.searching?.value
        #expect(Self.titles(model) == ["ran"])
    }

    @Test func theLastRowReadsTheNextPage() async throws {
        let transport = ViewModelScriptedTransport { request in
            let page = Int(request.query("page") ?? "1") ?? 1
            return .titles(
                [ViewModelFixtures.movie(page * 10, "P\(page)a"), ViewModelFixtures.movie(page * 10 + 1, "P\(page)b")],
                page: page, totalPages: 2)
        }
        let model = SearchViewModel(client: ViewModelFixtures.client(transport)) { _ in }
        model.query = "p"
        await model.searching?.value
        let read = try #require(model.state.content)
        model.rowAppeared(read.items[0])
        #expect(model.loadingMore == nil)
        model.rowAppeared(read.items[1])
        await model.loadingMore?.value
        #expect(Self.titles(model) == ["P1a", "P1b", "P2a", "P2b"])
        #expect(model.state.content?.hasMore == false)
    }
}
