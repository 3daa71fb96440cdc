/// A city: from the embedded GeoNames index or the geocoding upstream. Its id is the GeoNames id, which Open-Meteo's
/// geocoding uses too, so a city found offline and online is the same favourite.
public struct City: Codable, Sendable, Equatable {
    /// Always `city`.
    public var mediaType: String
    /// The GeoNames id.
    public var id: Int
    public var name: String
    /// ISO 3166-1 alpha-2 (`GB`); nil when the source does not say.
    public var countryCode: String?
    /// The country's English name.
    public var country: String?
    /// The first-level region's name, where it is known (`Texas`).
    public var region: String?
    /// The first-level region's GeoNames code (`TX`, `ENG`).
    public var regionCode: String?
    public var latitude: Double
    public var longitude: Double
    /// Nil when the source does not say.
    public var population: Int?
    /// The IANA time zone (`Europe/London`).
    public var timezone: String?

    /// A city.
    public init(
        id: Int, name: String, countryCode: String?, country: String?, region: String?, regionCode: String?,
        latitude: Double, longitude: Double, population: Int?, timezone: String?
    ) {
        mediaType = "city"
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.country = country
        self.region = region
        self.regionCode = regionCode
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timezone = timezone
    }
}
