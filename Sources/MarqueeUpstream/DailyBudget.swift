import Foundation
import Synchronization

/// The calls an upstream allows in a UTC day (Ticketmaster: 5,000), counted in this process: instances sharing a
/// database each count their own, so an operator running several gives each its part of the allowance. Callers who
/// are not signed in share only part of it, so that a stream of made-up searches cannot spend everyone's day.
final class DailyBudget: Sendable {
    private let limit: Int
    private let anonymousLimit: Int
    private let spent = Mutex<(day: Int, calls: Int, anonymous: Int)>((day: .min, calls: 0, anonymous: 0))

    /// `limit` calls a day, of which callers not signed in may make `anonymousShare` (a fraction).
    init(limit: Int, anonymousShare: Double = 1) {
        self.limit = max(0, limit)
        anonymousLimit = Int((Double(max(0, limit)) * min(1, max(0, anonymousShare))).rounded(.down))
    }

    /// Takes one call at `date` (for a caller not signed in when `anonymous`): nil when granted, else the seconds
    /// until the next UTC midnight, when a new day's budget begins.
    func take(at date: Date, anonymous: Bool = false) -> Int? {
        let seconds = date.timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        return spent.withLock { spent in
            if spent.day != day { spent = (day: day, calls: 0, anonymous: 0) }
            guard spent.calls < limit, !anonymous || spent.anonymous < anonymousLimit else {
                return max(1, Int((Double(day + 1) * 86_400 - seconds).rounded(.up)))
            }
            spent.calls += 1
            if anonymous { spent.anonymous += 1 }
            return nil
        }
    }
}
