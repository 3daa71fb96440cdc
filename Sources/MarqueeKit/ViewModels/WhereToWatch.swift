public import Foundation
public import MarqueeWire

/// Where a title can be watched in the person's region, grouped by how it is offered, each group in the order the
/// source ranks its services.
public struct WhereToWatch: Sendable, Equatable {
    /// How a title is offered.
    public enum Offer: String, Sendable, CaseIterable {
        /// Included in a subscription.
        case stream
        /// Free to watch.
        case free
        /// Free with ads.
        case ads
        /// To rent.
        case rent
        /// To buy.
        case buy

        /// A heading for the group.
        public var label: String {
            switch self {
            case .stream: "Stream"
            case .free: "Free"
            case .ads: "With ads"
            case .rent: "Rent"
            case .buy: "Buy"
            }
        }
    }

    /// The services that offer the title one way.
    public struct Group: Sendable, Equatable, Identifiable {
        public var offer: Offer
        /// Best first.
        public var providers: [WatchProvider]
        public var id: Offer { offer }
    }

    /// The ISO 3166-1 region the services are for.
    public var region: String
    /// The source's page of where to watch the title, when it is an https link.
    public var link: URL?
    /// The ways it is offered; never empty.
    public var groups: [Group]

    /// Where to watch, from a title's `providers`; nil when none are known, or when they are for a region other than
    /// `region` (the person's, when the app knows it).
    public init?(_ providers: WatchProviders?, region: String?) {
        guard let providers else { return nil }
        if let region, providers.region.caseInsensitiveCompare(region) != .orderedSame { return nil }
        let offered: [(Offer, [WatchProvider])] = [
            (.stream, providers.flatrate), (.free, providers.free), (.ads, providers.ads), (.rent, providers.rent),
            (.buy, providers.buy),
        ]
        groups = offered.filter { !$0.1.isEmpty }.map { offer, list in
            Group(offer: offer, providers: list.sorted { $0.displayPriority < $1.displayPriority })
        }
        guard !groups.isEmpty else { return nil }
        self.region = providers.region
        link = providers.link.flatMap { $0.lowercased().hasPrefix("https://") ? URL(string: $0) : nil }
    }
}
