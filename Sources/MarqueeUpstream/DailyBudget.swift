import Foundation
import Synchronization

/// The calls an upstream allows in a UTC day (Ticketmaster: 5,000), counted in this process: instances sharing a
/// database each count their own, so an operator running several gives each its part of the allowance.
final class DailyBudget: Sendable {
    private let limit: Int
    private let spent = Mutex<(day: Int, calls: Int)>((day: .min, calls: 0))

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Takes one call at `date`: nil when granted, else the seconds until the next UTC midnight, when a new day's
    /// budget begins.
    func take(at date: Date) -> Int? {
        let seconds = date.timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        return spent.withLock { spent in
            if spent.day != day { spent = (day: day, calls: 0) }
            guard spent.calls < limit else {
                return max(1, Int((Double(day + 1) * 86_400 - seconds).rounded(.up)))
            }
            spent.calls += 1
            return nil
        }
    }
}
