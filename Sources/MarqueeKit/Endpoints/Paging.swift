public import MarqueeWire

/// The items of a paged list, one at a time, as an `AsyncSequence`. A page is asked for when the one before it
/// arrives, so it is usually there when the reader gets to it: one page ahead, never more. Stopping early, or
/// cancelling the reading task, cancels the page being fetched. Errors are `MarqueeError`s; after one, the
/// sequence ends.
public struct PagedSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// A page's items, and how to fetch the page after it (nil after the last).
    struct Chunk: Sendable {
        var elements: [Element]
        var next: Fetch?
    }

    typealias Fetch = @Sendable () async throws -> Chunk

    private let first: Fetch

    init(first: @escaping Fetch) {
        self.first = first
    }

    /// Numbered pages from `start`, as far as the last (or the highest page the API serves).
    public static func numbered<P: NumberedPage>(
        from start: Int = 1, _ fetch: @escaping @Sendable (Int) async throws -> P
    ) -> PagedSequence where P.Item == Element {
        @Sendable func chunk(_ number: Int) -> Fetch {
            {
                let page = try await fetch(number)
                let more = number < page.totalPages && number < Page<MediaSummary>.maxPage && !page.results.isEmpty
                return Chunk(elements: page.results, next: more ? chunk(number + 1) : nil)
            }
        }
        return PagedSequence(first: chunk(start))
    }

    /// Pages that each name the next by a cursor: `fetch` takes nil for the first, and returns a page's items with
    /// the cursor of the next (nil after the last).
    public static func cursored(
        _ fetch: @escaping @Sendable (_ cursor: String?) async throws -> (elements: [Element], next: String?)
    ) -> PagedSequence {
        @Sendable func chunk(_ cursor: String?) -> Fetch {
            {
                let page = try await fetch(cursor)
                return Chunk(elements: page.elements, next: page.next.map { chunk($0) })
            }
        }
        return PagedSequence(first: chunk(nil))
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(first: first)
    }

    /// Reads a `PagedSequence`.
    public struct Iterator: AsyncIteratorProtocol {
        private var page: [Element] = []
        private var position = 0
        /// The first page, until it is asked for.
        private var first: Fetch?
        private let ahead = Prefetch()
        private var finished = false

        init(first: @escaping Fetch) {
            self.first = first
        }

        public mutating func next() async throws -> Element? {
            while position == page.count {
                guard !finished, let task = ahead.take() ?? first.map(Prefetch.start) else {
                    finished = true
                    return nil
                }
                first = nil
                let chunk: Chunk
                do {
                    chunk = try await withTaskCancellationHandler {
                        try await task.value
                    } onCancel: {
                        task.cancel()
                    }
                } catch {
                    finished = true
                    throw Connection.failure(error)
                }
                page = chunk.elements
                position = 0
                if let next = chunk.next { ahead.task = Prefetch.start(next) }
            }
            defer { position += 1 }
            return page[position]
        }
    }

    /// The page being fetched ahead; cancelled when the iterator that holds it goes away.
    private final class Prefetch {
        var task: Task<Chunk, any Error>?

        static func start(_ fetch: @escaping Fetch) -> Task<Chunk, any Error> {
            Task { try await fetch() }
        }

        func take() -> Task<Chunk, any Error>? {
            defer { task = nil }
            return task
        }

        deinit {
            task?.cancel()
        }
    }
}

/// A numbered page of results: `Page`, `EventsPage`, `ArtPage`.
public protocol NumberedPage: Sendable {
    associatedtype Item: Sendable
    /// The 1-based page number.
    var page: Int { get }
    /// How many pages there are.
    var totalPages: Int { get }
    /// The page's items.
    var results: [Item] { get }
}

extension Page: NumberedPage {}
extension EventsPage: NumberedPage {}
extension ArtPage: NumberedPage {}

extension MarqueeClient {
    /// Every item of a numbered list, from page `start`: `fetch` asks for one page (`{ try await
    /// client.movies(.popular, page: $0) }`), and the next is fetched while one is read.
    public func pages<P: NumberedPage>(
        from start: Int = 1, _ fetch: @escaping @Sendable (Int) async throws -> P
    ) -> PagedSequence<P.Item> {
        .numbered(from: start, fetch)
    }
}
