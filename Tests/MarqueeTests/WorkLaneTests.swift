import MarqueeCore
import Synchronization
import Testing

/// The lane exports and snapshots run in: never wider than its width, and fair to those waiting.
@Suite("Work lane")
struct WorkLaneTests {
    /// Counts pieces running at once, and the most seen.
    private final class Occupancy: Sendable {
        private let counts = Mutex((now: 0, most: 0))
        func enter() {
            counts.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { counts.withLock { $0.now -= 1 } }
        var most: Int { counts.withLock { $0.most } }
    }

    /// The order pieces ran in.
    private final class Order: Sendable {
        private let pieces = Mutex<[Int]>([])
        func ran(_ piece: Int) { pieces.withLock { $0.append(piece) } }
        var all: [Int] { pieces.withLock { $0 } }
    }

    @Test("No more than its width run at once, however many ask, and every one of them runs")
    func width() async {
        for width in [1, 3] {
            let lane = WorkLane(width: width)
            let occupancy = Occupancy()
            let done = await withTaskGroup(of: Int.self) { group in
                for piece in 0..<200 {
                    group.addTask {
                        await lane.run {
                            occupancy.enter()
                            await Task.yield()
                            occupancy.leave()
                            return piece
                        }
                    }
                }
                return await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(done == Set(0..<200))
            #expect(occupancy.most <= width)
        }
    }

    @Test("Those waiting take their turn in the order they came")
    func order() async throws {
        let lane = WorkLane(width: 1)
        let order = Order()
        let holding = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        // The first piece holds the lane until the others are queued behind it.
        let first = Task {
            await lane.run {
                holding.continuation.yield()
                for await _ in release.stream { break }
            }
        }
        for await _ in holding.stream { break }
        var waiters: [Task<Void, Never>] = []
        for piece in 1...5 {
            waiters.append(Task { await lane.run { order.ran(piece) } })
            // Each is queued before the next starts: one that asks runs up to its wait without suspending.
            while lane.waitingCount < piece { await Task.yield() }
        }
        release.continuation.yield()
        await first.value
        for waiter in waiters { await waiter.value }
        #expect(order.all == [1, 2, 3, 4, 5])
    }

    @Test("Work that throws gives its place back")
    func throwing() async {
        struct Refused: Error {}
        let lane = WorkLane(width: 1)
        await #expect(throws: Refused.self) { try await lane.run { throw Refused() } }
        #expect(await lane.run { 42 } == 42)
    }
}
