import Foundation
import MarqueeCore
package import MarqueeUpstream
package import MarqueeWire

/// Places from Open-Meteo's geocoding API (GeoNames records, so their ids are the embedded index's): smaller places
/// and other languages than the index has. Answers are cached like every upstream's.
package struct OpenMeteoGeocoder: Sendable {
    private let fetcher: UpstreamFetcher
    private let baseURL: String

    /// The geocoding API at `baseURL` (`https://geocoding-api.open-meteo.com/v1`), called through `fetcher`.
    package init(baseURL: String, fetcher: UpstreamFetcher) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.fetcher = fetcher
    }

    /// Up to `limit` places whose name starts with `text`.
    package func search(_ text: String, limit: Int) async throws -> [City] {
        let query = "name=\(text.queryValueEncoded)&count=\(limit)&language=en&format=json"
        let body = try await fetcher.body(
            cacheKey: "open-meteo-geocoding:/search?\(query)", url: "\(baseURL)/search?\(query)", headers: [],
            logPath: "/search")
        // An answer with nothing found has no `results` at all.
        let answer = try JSONDecoder().decode(Answer.self, from: Data(body))
        return (answer.results ?? []).map(\.city)
    }

    /// The place with GeoNames id `id`; nil when the geocoding API knows no such place.
    package func place(id: Int) async throws -> City? {
        let query = "id=\(id)&language=en"
        do {
            let body = try await fetcher.body(
                cacheKey: "open-meteo-geocoding:/get?\(query)", url: "\(baseURL)/get?\(query)", headers: [],
                logPath: "/get")
            return (try? JSONDecoder().decode(Place.self, from: Data(body)))?.city
        } catch let error as DomainError where error.code == .catalogNotFound {
            return nil
        }
    }

    private struct Answer: Decodable {
        let results: [Place]?
    }

    /// A place as the geocoding API describes it; everything but the id, name and position may be missing.
    private struct Place: Decodable {
        let id: Int
        let name: String
        let latitude: Double
        let longitude: Double
        let countryCode: String?
        let country: String?
        let admin1: String?
        let population: Int?
        let timezone: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, latitude, longitude
            case countryCode = "country_code"
            case country, admin1, population, timezone
        }

        var city: City {
            City(
                id: id, name: name, countryCode: countryCode, country: country, region: admin1, regionCode: nil,
                latitude: latitude, longitude: longitude, population: population, timezone: timezone)
        }
    }
}
