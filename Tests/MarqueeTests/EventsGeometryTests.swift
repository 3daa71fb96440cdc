import Testing

@testable import MarqueeEvents

/// Geohashes (Ticketmaster's `geoPoint`) and distances (what the demo programme counts as near a place).
@Suite("Events geometry")
struct EventsGeometryTests {
    @Test("Geohashes of known points, nine letters by default")
    func geohash() {
        // The example of the geohash's own description: a point in Jutland.
        #expect(Geohash.encode(latitude: 57.64911, longitude: 10.40744) == "u4pruydqq")
        #expect(Geohash.encode(latitude: 57.64911, longitude: 10.40744, precision: 5) == "u4pru")
        #expect(Geohash.encode(latitude: 51.50853, longitude: -0.12574) == "gcpvj0u6y")
        #expect(Geohash.encode(latitude: 0, longitude: 0) == "s00000000")
        #expect(Geohash.encode(latitude: 90, longitude: 180) == "zzzzzzzzz")
        #expect(Geohash.encode(latitude: -90, longitude: -180) == "000000000")
        #expect(Geohash.encode(latitude: 120, longitude: -500) == Geohash.encode(latitude: 90, longitude: -180))
        #expect(Geohash.encode(latitude: 1, longitude: 1, precision: 0).isEmpty)
    }

    @Test("Great-circle distances")
    func distances() {
        let londonParis = GreatCircle.kilometres(
            fromLatitude: 51.50853, longitude: -0.12574, toLatitude: 48.85341, longitude: 2.3488)
        #expect((340...347).contains(londonParis))
        let shenzhenGuangzhou = GreatCircle.kilometres(
            fromLatitude: 22.54554, longitude: 114.0683, toLatitude: 23.11667, longitude: 113.25)
        #expect((100...110).contains(shenzhenGuangzhou), "two of the largest cities, but not within 50 km")
        #expect(GreatCircle.kilometres(fromLatitude: 10, longitude: 20, toLatitude: 10, longitude: 20) == 0)
        let antipodes = GreatCircle.kilometres(fromLatitude: 0, longitude: 0, toLatitude: 0, longitude: 180)
        #expect((20_000...20_040).contains(antipodes))
    }
}
