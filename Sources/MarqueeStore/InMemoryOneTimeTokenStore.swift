package import Foundation
package import MarqueeCore

/// A `OneTimeTokenStore` in memory, for tests and tools.
package actor InMemoryOneTimeTokenStore: OneTimeTokenStore {
    private var records: [String: OneTimeTokenRecord] = [:]

    /// Creates an empty store.
    package init() {}

    package func create(_ record: OneTimeTokenRecord) { records[record.tokenHash] = record }

    package func record(tokenHash: String) -> OneTimeTokenRecord? { records[tokenHash] }

    package func consume(tokenHash: String, purposes: Set<OneTimePurpose>, at date: Date) -> OneTimeTokenOutcome {
        guard var record = records[tokenHash], purposes.contains(record.purpose) else { return .unknown }
        if record.usedAt != nil { return .alreadyUsed(record) }
        if record.expiresAt <= date { return .expired(record) }
        record.usedAt = date
        records[tokenHash] = record
        return .consumed(record)
    }

    package func withdrawAll(userID: UserID, purpose: OneTimePurpose, at date: Date) {
        for (hash, record) in records where record.userID == userID && record.purpose == purpose && record.usedAt == nil
        {
            records[hash]?.usedAt = date
        }
    }

    package func release(tokenHash: String, usedAt: Date) {
        if records[tokenHash]?.usedAt == usedAt { records[tokenHash]?.usedAt = nil }
    }

    @discardableResult
    package func prune(expiredBefore date: Date) -> Int {
        let before = records.count
        records = records.filter { $0.value.expiresAt >= date }
        return before - records.count
    }
}
