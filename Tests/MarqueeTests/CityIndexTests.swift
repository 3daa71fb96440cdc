import Foundation
import MarqueeWeather
import Testing

/// The embedded city index: every GeoNames city of 15,000 people or more, found as people type.
@Suite("City index")
struct CityIndexTests {
    static let index = Result { try CityIndex.embedded() }

    func names(_ query: String, limit: Int = 5) throws -> [String] {
        try Self.index.get().search(query, limit: limit).map { "\($0.name), \($0.countryCode)" }
    }

    func ids(_ query: String, limit: Int = 5) throws -> [Int] {
        try Self.index.get().search(query, limit: limit).map(\.id)
    }

    @Test("All 34,006 cities load, with their countries, and US states by name")
    func loads() throws {
        let index = try Self.index.get()
        #expect(index.cities.count == 34_006)
        let london = try #require(index.city(id: 2_643_743))
        #expect(london.name == "London" && london.countryCode == "GB" && london.timezone == "Europe/London")
        #expect(index.countryName("GB") == "United Kingdom")
        let paris = try #require(index.city(id: 4_717_560))
        #expect(index.regionName(of: paris) == "Texas")
        #expect(index.city(id: 1) == nil)
    }

    @Test("A prefix finds cities, most populous first, ignoring case and accents")
    func prefixes() throws {
        #expect(try names("Amst").first == "Amsterdam, NL")
        #expect(try names("zurich").first == "Zürich, CH")
        #expect(try names("ZÜRICH").first == "Zürich, CH")
        #expect(try names("sao paulo").first == "São Paulo, BR")
        #expect(try names("São-Paulo").first == "São Paulo, BR")
    }

    @Test("Alternate names find the city: München and Munich are 2867714")
    func alternates() throws {
        #expect(try ids("München").first == 2_867_714)
        #expect(try ids("Munich").first == 2_867_714)
        #expect(try ids("muenchen").first == 2_867_714)
    }

    @Test("From four letters, one typo: wrong, missing, extra or swapped")
    func typos() throws {
        for typed in [
            "Lodnon", "Lomdon", "Londn", "Londdon", "Lodon", "Lonfon", "Lnodon", "Xondon", "Londonn", "Londno",
        ] {
            #expect(try ids(typed).contains(2_643_743), "\(typed)")
        }
        #expect(try ids("Lodn").contains(2_643_743), "four letters")
        #expect(try ids("Lon", limit: 50).contains(2_643_743))
        #expect(try ids("Lno", limit: 50).contains(2_643_743) == false, "three letters: no typo tolerated")
    }

    @Test("Paris lists Paris, France before Paris, Texas; an exact name before a longer one")
    func ranking() throws {
        let paris = try names("Paris", limit: 10)
        let france = try #require(paris.firstIndex(of: "Paris, FR"))
        let texas = try #require(paris.firstIndex(of: "Paris, US"))
        #expect(france < texas)
        #expect(paris.first == "Paris, FR")
    }

    @Test("Nothing typed, or nothing but punctuation, finds nothing; a limit is kept")
    func edges() throws {
        #expect(try names("").isEmpty)
        #expect(try names(" - '").isEmpty)
        #expect(try names("a", limit: 7).count == 7)
        #expect(try names("qqqqqqq").isEmpty)
    }

    @Test("Folding matches the derivation script's")
    func folding() {
        #expect(CityFolding.fold("  São-Paulo ") == "sao paulo")
        #expect(CityFolding.fold("N'Djamena") == "ndjamena")
        #expect(CityFolding.fold("Straße") == "strasse")
        #expect(CityFolding.fold("Łódź") == "lodz")
        #expect(CityFolding.fold("St. Louis") == "st louis")
    }
}
