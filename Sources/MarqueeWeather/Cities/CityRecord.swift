/// A city of the embedded index (GeoNames' `cities15000`): what search and the weather need of it.
package struct CityRecord: Sendable, Equatable {
    /// The GeoNames id, which is also Open-Meteo's id for the place.
    package let id: Int
    package let name: String
    /// ISO 3166-1 alpha-2.
    package let countryCode: String
    /// The first-level region's GeoNames code (a US state's postal code; `ENG`, `11` elsewhere); empty when unknown.
    package let regionCode: String
    package let latitude: Double
    package let longitude: Double
    package let population: Int
    /// The IANA time zone.
    package let timezone: String
}
