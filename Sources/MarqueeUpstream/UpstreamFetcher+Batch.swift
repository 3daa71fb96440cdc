package import Foundation
import MarqueeCore
import MarqueeStore

/// One upstream call for several resources that are cached one by one (an API that takes a list, such as
/// Open-Meteo's coordinates), made only for those the cache cannot answer.
package struct BatchRequest: Sendable {
    /// The call for the resources at `missing` (positions in the keys asked for): its URL, headers and logged path.
    package let call: @Sendable (_ missing: [Int]) -> (url: String, headers: [(String, String)], logPath: String)
    /// The body of each of `count` resources in one answer, in the order asked; nil when the answer does not
    /// read as that many.
    package let split: @Sendable (_ body: [UInt8], _ count: Int) -> [[UInt8]]?

    /// Creates a batch request.
    package init(
        call: @escaping @Sendable ([Int]) -> (url: String, headers: [(String, String)], logPath: String),
        split: @escaping @Sendable ([UInt8], Int) -> [[UInt8]]?
    ) {
        self.call = call
        self.split = split
    }
}

extension UpstreamFetcher {
    /// `current(…)` for each of `cacheKeys` at once: the fresh ones from the cache, all the others in one call, each
    /// stored under its own key so that a later single request finds it. A resource the call could not bring is
    /// served stale when the cache has it younger than `servableFor`, and is nil otherwise: a list shows what it can.
    package func currentBatch(
        cacheKeys: [String], freshFor: TimeInterval, servableFor: TimeInterval, request: BatchRequest
    ) async -> [FetchedBody?] {
        var answers: [String: FetchedBody] = [:]
        var missing: [String] = []
        var servable: [String: CachedResponse] = [:]
        for key in Set(cacheKeys).sorted() {
            let cached = try? await cache.response(for: key)
            if let cached, now().timeIntervalSince(cached.fetchedAt) < freshFor {
                noteUse(of: cached, key: key)
                answers[key] = FetchedBody(body: cached.body, fetchedAt: cached.fetchedAt, isStale: false)
                continue
            }
            missing.append(key)
            if let cached, now().timeIntervalSince(cached.fetchedAt) < servableFor { servable[key] = cached }
        }
        if !missing.isEmpty {
            let fetched = await fetchBatch(missing, in: cacheKeys, request: request)
            for key in missing {
                if let body = fetched[key] {
                    answers[key] = body
                } else if let old = servable[key] {
                    answers[key] = FetchedBody(body: old.body, fetchedAt: old.fetchedAt, isStale: true)
                }
            }
        }
        return cacheKeys.map { answers[$0] }
    }

    /// Fetches `missing` in one call (one for everyone asking for the same set at once), caches each part, and
    /// answers with the parts: the batch's answer is split once, however many callers joined it.
    private func fetchBatch(_ missing: [String], in cacheKeys: [String], request: BatchRequest) async
        -> [String: FetchedBody]
    {
        if await anonymousWait() != nil { return [:] }
        let call = request.call(missing.compactMap { cacheKeys.firstIndex(of: $0) })
        guard
            let answer = try? await batches.value(
                for: missing.joined(separator: "\n"),
                work: {
                    let answer = try await self.fetch(url: call.url, headers: call.headers, logPath: call.logPath)
                    guard let parts = request.split(answer.body, missing.count) else {
                        throw DomainError(
                            self.unavailableCode, "\(self.upstreamName) sent an answer Marquee could not read.")
                    }
                    for (key, part) in zip(missing, parts) {
                        let entry = CachedResponse(body: part, fetchedAt: answer.fetchedAt, maxAge: answer.maxAge)
                        try? await self.cache.store(entry, for: key)
                    }
                    return BatchAnswer(parts: parts, fetchedAt: answer.fetchedAt)
                })
        else { return [:] }
        var fetched: [String: FetchedBody] = [:]
        for (key, part) in zip(missing, answer.parts) {
            fetched[key] = FetchedBody(body: part, fetchedAt: answer.fetchedAt, isStale: false)
        }
        return fetched
    }
}

/// A batch call's answer, split into its parts in the order asked.
struct BatchAnswer: Sendable {
    let parts: [[UInt8]]
    let fetchedAt: Date
}
