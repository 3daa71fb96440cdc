import Logging
import MarqueeCore
import MarqueeUpstream
import MarqueeWire

extension RijksmuseumProvider {
    /// The tiles of a page: each of `keys` resolved by `resolve`, at most `parallelLookups` at a time, in order.
    /// A work whose image cannot be found is left out rather than shown broken; when none can be resolved because
    /// the museum cannot be reached, the page fails with that.
    func tiles(_ keys: [String], resolve: @escaping @Sendable (String) async throws -> ArtworkDetails) async throws
        -> [ArtworkSummary]
    {
        // Each tile takes up to three calls, and a page up to sixty: an anonymous caller is charged for the search
        // that chose them (one call for the page, as for every other list), not for the museum's own chain of ids,
        // which nobody can steer to made-up requests.
        let outcomes = await UpstreamCaller.$current.withValue(nil) {
            await boundedMap(keys, limit: Self.parallelLookups) { key -> Result<ArtworkDetails, any Error> in
                do {
                    return .success(try await resolve(key))
                } catch {
                    return .failure(error)
                }
            }
        }
        var works: [ArtworkSummary] = []
        var unreachable: DomainError?
        for outcome in outcomes {
            switch outcome {
            case .success(let details) where details.imageURL != nil:
                works.append(details.summary)
            case .success:
                continue
            case .failure(let error as DomainError) where error.code == .artworkNotFound:
                continue
            case .failure(let error):
                unreachable = unreachable ?? (error as? DomainError) ?? Self.unreadable
            }
        }
        if works.isEmpty, let unreachable { throw unreachable }
        if works.count < keys.count {
            logger.debug("Art tiles left out", metadata: ["asked": "\(keys.count)", "shown": "\(works.count)"])
        }
        return works
    }

    /// What a caller is told when the museum answers with something Marquee cannot read.
    static var unreadable: DomainError {
        DomainError(.artUnavailable, "The Rijksmuseum sent an answer Marquee could not read.")
    }
}
