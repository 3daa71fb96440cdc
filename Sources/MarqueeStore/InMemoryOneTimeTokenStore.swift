public import Foundation
public import MarqueeCore

/// A `OneTimeTokenStore` in memory, for tests and tools.
public actor InMemoryOneTimeTokenStore: OneTimeTokenStore {
    private var records: [String: OneTimeTokenRecord] = [:]

    /// Creates an empty store.
    public init() {}

    public func create(_ record: OneTimeTokenRecord) { records[record.tokenHash] = record }

    public func record(tokenHash: String) -> OneTimeTokenRecord? { records[tokenHash] }

    public func consume(tokenHash: String, purposes: Set<OneTimePurpose>, at date: Date) -> OneTimeTokenOutcome {
        guard var record = records[tokenHash], purposes.contains(record.purpose) else { return .unknown }
        if record.usedAt != nil { return .alreadyUsed(record) }
        if record.expiresAt <= date { return .expired(record) }
        record.usedAt = date
        records[tokenHash] = record
        return .consumed(record)
    }

    public func withdrawAll(userID: UserID, purpose: OneTimePurpose, at date: Date) {
        for (hash, record) in records where record.userID == userID && record.purpose == purpose && record.usedAt == nil
        {
            records[hash]?.usedAt = date
        }
    }

    public func release(tokenHash: String, usedAt: Date) {
        if records[tokenHash]?.usedAt == usedAt { records[tokenHash]?.usedAt = nil }
    }

    @discardableResult
    public func prune(expiredBefore date: Date) -> Int {
        let before = records.count
        records = records.filter { $0.value.expiresAt >= date }
        return before - records.count
    }
}
