import Foundation
import Synchronization

/// A settable clock for code that takes `now: () -> Date`.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    var closure: @Sendable () -> Date { { self.now } }
}
