/// Where a title can be watched in one region (data from JustWatch via TMDB).
public struct WatchProviders: Codable, Sendable, Hashable {
    /// ISO 3166-1 region code.
    public var region: String
    /// TMDB's watch page for the title in this region.
    public var link: String?
    /// Included in a subscription.
    public var flatrate: [WatchProvider]
    /// Free to watch.
    public var free: [WatchProvider]
    /// Free with ads.
    public var ads: [WatchProvider]
    /// To rent.
    public var rent: [WatchProvider]
    /// To buy.
    public var buy: [WatchProvider]

    /// Creates a region's providers.
    public init(
        region: String, link: String?, flatrate: [WatchProvider] = [], free: [WatchProvider] = [],
        ads: [WatchProvider] = [], rent: [WatchProvider] = [], buy: [WatchProvider] = []
    ) {
        self.region = region
        self.link = link
        self.flatrate = flatrate
        self.free = free
        self.ads = ads
        self.rent = rent
        self.buy = buy
    }
}

/// A streaming service, store or channel.
public struct WatchProvider: Codable, Sendable, Hashable {
    /// TMDB's provider id.
    public var id: Int
    /// The provider's name.
    public var name: String
    /// The provider's logo.
    public var logo: ImageSet?
    /// Lower comes first.
    public var displayPriority: Int

    /// Creates a provider.
    public init(id: Int, name: String, logo: ImageSet?, displayPriority: Int) {
        self.id = id
        self.name = name
        self.logo = logo
        self.displayPriority = displayPriority
    }
}
