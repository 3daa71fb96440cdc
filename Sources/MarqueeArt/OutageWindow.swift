package import Foundation
import Synchronization

/// Remembers for a while that an upstream could not be reached, so that requests in the meantime do not each wait
/// through its retries and timeouts before falling back.
package final class OutageWindow: Sendable {
    private let duration: TimeInterval
    private let until: Mutex<Date?>

    /// A window that stays open `duration` seconds after each failure.
    package init(duration: TimeInterval) {
        self.duration = duration
        until = Mutex(nil)
    }

    /// Notes a failure at `date`.
    package func noteFailure(at date: Date) {
        until.withLock { $0 = date.addingTimeInterval(duration) }
    }

    /// Whether a failure was noted less than `duration` before `date`.
    package func isOpen(at date: Date) -> Bool {
        until.withLock { until in until.map { date < $0 } ?? false }
    }
}
