package import Foundation
import MarqueeCore
import MarqueeUpstream
package import MarqueeWire

/// Works of art as the API answers them: from the museum's live services when there are any, else, and whenever
/// they cannot be reached, from the embedded sample, saying so (`live_search_unavailable`).
package struct ArtService: Sendable {
    private let live: (any ArtProvider)?
    private let embedded: EmbeddedArt
    private let outage: OutageWindow
    private let liveDeadline: Duration
    private let now: @Sendable () -> Date

    /// Serves `live` (nil: `MARQUEE_ART_PROVIDER=embedded`), falling back to `embedded`; after the museum could not
    /// be reached, the sample answers at once for `retryLiveAfter` seconds before the museum is asked again. A
    /// search the museum has not answered within `liveDeadline` is answered from the sample too (offline, its
    /// timeouts would otherwise hold the page for many seconds).
    package init(
        live: (any ArtProvider)?, embedded: EmbeddedArt, retryLiveAfter: TimeInterval = 300,
        liveDeadline: Duration = .seconds(8), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.live = live
        self.embedded = embedded
        outage = OutageWindow(duration: retryLiveAfter)
        self.liveDeadline = liveDeadline
        self.now = now
    }

    /// Page `page` of the works matching `query` (empty: the highlights).
    package func search(query: String, page: Int) async throws -> ArtPage {
        guard let live else { return try await embedded.search(query: query, page: page) }
        guard !outage.isOpen(at: now()) else { return try await fallback(query: query, page: page) }
        let answer = await Deadline.first(within: liveDeadline) { () -> Result<ArtPage, any Error>? in
            do {
                return .success(try await live.search(query: query, page: page))
            } catch {
                // Noted here, so that a search that failed after its deadline still spares the next ones the wait;
                // one that was merely slow is no outage (the museum's answer lands in the cache for the next).
                if let error = error as? DomainError, error.code == .artUnavailable { await self.noteOutage(error) }
                return .failure(error)
            }
        }
        guard let answer else { return try await fallback(query: query, page: page) }
        do {
            return try answer.get()
        } catch let error as DomainError where error.code == .artUnavailable {
            return try await fallback(query: query, page: page)
        }
    }

    /// The work with object number `id`: from the museum, or from the sample when the museum cannot be reached
    /// (or no longer knows it) and the sample has it.
    package func artwork(id: String) async throws -> ArtworkDetails {
        let number = try ObjectNumber(id)
        guard let live else { return try await embedded.artwork(id: number.value) }
        guard !outage.isOpen(at: now()) else {
            guard embedded.work(objectNumber: number.value) != nil else {
                throw DomainError(.artUnavailable, "The Rijksmuseum can't be reached right now. Please try again soon.")
            }
            return try await embedded.artwork(id: number.value)
        }
        do {
            return try await live.artwork(id: number.value)
        } catch let error as DomainError where error.code == .artUnavailable || error.code == .artworkNotFound {
            if error.code == .artUnavailable { await noteOutage(error) }
            guard embedded.work(objectNumber: number.value) != nil else { throw error }
            return try await embedded.artwork(id: number.value)
        }
    }

    private func fallback(query: String, page: Int) async throws -> ArtPage {
        var answer = try await embedded.search(query: query, page: page)
        answer.liveSearchUnavailable = true
        return answer
    }

    /// An anonymous caller past its share is told to wait (`retryAfterSeconds`) too; that says nothing of the
    /// museum, so it does not turn the live search off for everyone. (A museum that asks to wait does.)
    private func noteOutage(_ error: DomainError) async {
        if error.retryAfterSeconds != nil, let caller = UpstreamCaller.current, !(await caller.isSignedIn()) { return }
        outage.noteFailure(at: now())
    }
}
