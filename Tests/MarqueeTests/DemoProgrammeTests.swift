import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeWire
import Testing

@testable import MarqueeEvents

/// The demo programme: a few dozen fictional events in the twenty largest cities, from today on, the same all day,
/// each id enough to make its event again after its day.
@Suite("Demo programme")
struct DemoProgrammeTests {
    /// 2026-09-21T14:13:20Z.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The twenty most populous cities of the embedded index, largest first, as the server passes them.
    static let cities: [City] = [
        (1_796_236, "Shanghai", "CN", 31.22222, 121.45806, "Asia/Shanghai"),
        (1_816_670, "Beijing", "CN", 39.9075, 116.39723, "Asia/Shanghai"),
        (1_795_565, "Shenzhen", "CN", 22.54554, 114.0683, "Asia/Shanghai"),
        (1_809_858, "Guangzhou", "CN", 23.11667, 113.25, "Asia/Shanghai"),
        (2_314_302, "Kinshasa", "CD", -4.32758, 15.31357, "Africa/Kinshasa"),
        (745_044, "Istanbul", "TR", 41.01384, 28.94966, "Europe/Istanbul"),
        (2_332_459, "Lagos", "NG", 6.45407, 3.39467, "Africa/Lagos"),
        (1_566_083, "Ho Chi Minh City", "VN", 10.82302, 106.62965, "Asia/Ho_Chi_Minh"),
        (1_815_286, "Chengdu", "CN", 30.66667, 104.06667, "Asia/Shanghai"),
        (1_172_451, "Lahore", "PK", 31.558, 74.35071, "Asia/Karachi"),
        (1_275_339, "Mumbai", "IN", 19.07283, 72.88261, "Asia/Kolkata"),
        (3_448_439, "São Paulo", "BR", -23.5475, -46.63611, "America/Sao_Paulo"),
        (3_530_597, "Mexico City", "MX", 19.42847, -99.12766, "America/Mexico_City"),
        (1_174_872, "Karachi", "PK", 24.8608, 67.0104, "Asia/Karachi"),
        (1_792_947, "Tianjin", "CN", 39.14222, 117.17667, "Asia/Shanghai"),
        (1_273_294, "Delhi", "IN", 28.65195, 77.23149, "Asia/Kolkata"),
        (1_791_247, "Wuhan", "CN", 30.58333, 114.26667, "Asia/Shanghai"),
        (524_901, "Moscow", "RU", 55.75204, 37.61781, "Europe/Moscow"),
        (1_185_241, "Dhaka", "BD", 23.7104, 90.40744, "Asia/Dhaka"),
        (1_835_848, "Seoul", "KR", 37.566, 126.9784, "Asia/Seoul"),
    ].map { id, name, country, latitude, longitude, timezone in
        City(
            id: id, name: name, countryCode: country, country: nil, region: nil, regionCode: nil, latitude: latitude,
            longitude: longitude, population: nil, timezone: timezone)
    }

    static func programme(at date: Date = now, cities: [City] = cities) -> DemoProgramme {
        DemoProgramme(cities: cities, now: { date })
    }

    /// The GeoNames id in a demo id.
    static func cityID(_ id: String) -> Int? {
        Int(id.dropFirst(DemoProgramme.idPrefix.count).split(separator: "-").first ?? "")
    }

    @Test("Three dozen or more events over all twenty cities, from each city's today on, none ended")
    func coverage() throws {
        let events = Self.programme().programme()
        #expect(events.count >= 30)
        #expect(Set(events.compactMap { Self.cityID($0.id) }) == Set(Self.cities.map(\.id)))
        for event in events {
            let city = try #require(Self.cities.first { $0.id == Self.cityID(event.id) })
            let today = EventTiming.day(of: Self.now, in: try #require(TimeZone(identifier: city.timezone ?? "")))
            let date = try #require(event.start.localDate)
            #expect(date >= today, "\(event.id)")
            #expect(!event.ended)
            #expect(event.start.timezone == city.timezone && event.city == city.name)
            #expect(event.countryCode == city.countryCode)
        }
        let days = events.compactMap(\.start.localDate).sorted()
        #expect(days.first != days.last, "spread over several days")
    }

    @Test("Clearly a demo: source demo, no picture, the demo ticket page, the notice, invented venues")
    func demo() {
        for event in Self.programme().programme() {
            #expect(event.source == .demo && event.mediaType == "event")
            #expect(event.imageURL == nil)
            #expect(event.ticketURL == "/events/\(event.id)/demo-tickets")
            #expect(event.pleaseNote?.hasPrefix("Demo event") == true)
            #expect(event.venue != nil && event.genre != nil && event.segment != nil)
            #expect(!event.addressLines.isEmpty)
        }
        #expect(DemoTemplate.all.count >= 40)
        #expect(Set(DemoTemplate.all.map(\.name)).count == DemoTemplate.all.count)
    }

    @Test("Every id is a valid saved-item id for an event, and unique")
    func ids() throws {
        let ids = Self.programme().programme().map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(try ItemRules.id(id, kind: .event) == id)
            #expect(id.hasPrefix(DemoProgramme.idPrefix))
        }
    }

    @Test("The same programme all day: the same ids from another instance, and half an hour later")
    func stable() {
        let first = Self.programme().programme()
        #expect(Self.programme().programme() == first)
        #expect(Self.programme(at: Self.now.addingTimeInterval(1_800)).programme().map(\.id) == first.map(\.id))
    }

    @Test("Days later the programme has moved on: past events are gone, the rest are still there")
    func movesOn() {
        let first = Self.programme().programme()
        let later = Self.programme(at: Self.now.addingTimeInterval(20 * 86_400)).programme()
        #expect(later.count == first.count)
        #expect(Set(later.map(\.id)).isDisjoint(with: first.map(\.id)), "every series has had its next event")
    }

    @Test("An id makes its event again, after its day too: then it has ended")
    func regenerated() async throws {
        let events = Self.programme().programme()
        let today = Self.programme()
        let later = Self.programme(at: Self.now.addingTimeInterval(30 * 86_400))
        for event in events {
            #expect(try await today.event(id: event.id) == event)
            var ended = event
            ended.ended = true
            #expect(try await later.event(id: event.id) == ended)
        }
    }

    @Test("Ids the programme never had are events.not_found")
    func notFound() async throws {
        let programme = Self.programme()
        let event = try #require(programme.programme().first)
        let parts = event.id.dropFirst(DemoProgramme.idPrefix.count).split(separator: "-").compactMap { Int($0) }
        try #require(parts.count == 3)
        let wrong = [
            "demo-999-\(parts[1])-\(parts[2])", "demo-\(parts[0])-\(parts[1] + 3)-\(parts[2])",
            "demo-\(parts[0])-\(parts[1])-\(parts[2] + 1)", "demo-0\(parts[0])-\(parts[1])-\(parts[2])",
            "demo-\(parts[0])-\(parts[1])", "demo-\(parts[0])-\(parts[1])-\(parts[2])-1", "demo-", "demo--1-2-3",
            "G5vFZ4qT1xAbC", "demo-\(parts[0])-999-\(parts[2])", "",
        ]
        for id in wrong {
            let error = await #expect(throws: DomainError.self, "\(id)") { try await programme.event(id: id) }
            #expect(error?.code == .eventNotFound)
        }
    }

    @Test("Mostly on sale; one cancelled, one postponed, one rescheduled, one whose time is to be announced")
    func statuses() throws {
        let events = Self.programme().programme()
        #expect(events.filter { $0.status == .cancelled }.count == 1)
        #expect(events.filter { $0.status == .postponed }.count == 1)
        #expect(events.filter { $0.status == .rescheduled }.count == 1)
        #expect(events.filter { $0.status == .onSale }.count == events.count - 3)
        let announced = events.filter(\.start.timeToBeAnnounced)
        #expect(announced.count == 1)
        #expect(announced.first?.start.localTime == nil && announced.first?.start.dateTime == nil)
        #expect(announced.first?.start.localDate != nil)
        for event in events where !event.start.timeToBeAnnounced {
            #expect(event.start.localTime != nil && event.start.dateTime != nil)
        }
    }

    @Test("Prices in the country's currency, at whole figures; the start is the local time in the city's zone")
    func pricesAndTimes() throws {
        let currencies = ["CN": "CNY", "CD": "USD", "TR": "TRY", "RU": "RUB", "BR": "BRL", "KR": "KRW"]
        for event in Self.programme().programme() {
            for range in event.priceRanges {
                #expect(range.min <= range.max && range.min >= 1)
                #expect(range.min == range.min.rounded() && range.max == range.max.rounded())
                if let code = event.countryCode, let currency = currencies[code] { #expect(range.currency == currency) }
            }
            guard let start = event.start.dateTime, let time = event.start.localTime,
                let zone = event.start.timezone.flatMap(TimeZone.init(identifier:))
            else { continue }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: start)
            #expect(EventTiming.pad(parts.hour ?? -1, 2) + ":" + EventTiming.pad(parts.minute ?? -1, 2) == time)
            #expect(EventTiming.day(of: start, in: zone) == event.start.localDate)
        }
        #expect(
            DemoPrices.range((12, 45), countryCode: "GB") == EventDetails.PriceRange(min: 10, max: 36, currency: "GBP"))
        #expect(
            DemoPrices.range((12, 45), countryCode: "KR")
                == EventDetails.PriceRange(min: 16_000, max: 59_000, currency: "KRW"))
        #expect(DemoPrices.range((12, 45), countryCode: nil).currency == "USD")
    }

    @Test("A search near a city finds its events, and those within 50 km; elsewhere, none")
    func searchNear() async throws {
        let programme = Self.programme()
        let shanghai = Self.cities[0]
        let page = try await programme.search(near: shanghai, query: nil, page: 1)
        #expect(page.results.count == 3 && page.totalResults == 3 && page.totalPages == 1)
        #expect(page.results.allSatisfy { $0.city == "Shanghai" })
        #expect(page.place == shanghai && page.source == .demo && page.page == 1)

        let outskirts = City(
            id: 99_000_001, name: "Outskirts", countryCode: "CN", country: nil, region: nil, regionCode: nil,
            latitude: 31.0, longitude: 121.3, population: nil, timezone: "Asia/Shanghai")
        #expect(try await programme.search(near: outskirts, query: nil, page: 1).results == page.results)

        let paris = City(
            id: 2_988_507, name: "Paris", countryCode: "FR", country: nil, region: nil, regionCode: nil,
            latitude: 48.85341, longitude: 2.3488, population: nil, timezone: "Europe/Paris")
        let none = try await programme.search(near: paris, query: nil, page: 1)
        #expect(none.results.isEmpty && none.totalResults == 0 && none.totalPages == 1)
    }

    @Test("q narrows by name, genre or venue, ignoring case and accents")
    func searchQuery() async throws {
        let programme = Self.programme()
        let shanghai = Self.cities[0]
        let all = try await programme.search(near: shanghai, query: nil, page: 1).results
        let first = try #require(all.first)
        let details = try await programme.event(id: first.id)
        let venue = try #require(first.venue).uppercased().replacingOccurrences(of: "A", with: "Á")
        #expect(try await programme.search(near: shanghai, query: venue, page: 1).results.contains(first))
        let genre = try #require(details.genre).lowercased()
        #expect(try await programme.search(near: shanghai, query: "  \(genre) ", page: 1).results.contains(first))
        let name = try await programme.search(near: shanghai, query: first.name, page: 1)
        #expect(name.results.first == first)
        #expect(try await programme.search(near: shanghai, query: "no such show zq", page: 1).results.isEmpty)
        #expect(try await programme.search(near: shanghai, query: "   ", page: 1).results == all)
    }

    @Test("Twenty a page, soonest first")
    func paging() async throws {
        // Twenty towns a kilometre or so apart: all sixty events are near the first.
        let towns = (0..<20).map { index in
            City(
                id: 99_100_000 + index, name: "Town \(index)", countryCode: "GB", country: nil, region: nil,
                regionCode: nil, latitude: 52 + Double(index) * 0.01, longitude: -1, population: nil,
                timezone: "Europe/London")
        }
        let programme = Self.programme(cities: towns)
        let first = try await programme.search(near: towns[0], query: nil, page: 1)
        #expect(first.totalResults == 60 && first.totalPages == 3 && first.results.count == 20)
        let third = try await programme.search(near: towns[0], query: nil, page: 3)
        #expect(third.results.count == 20 && third.page == 3)
        #expect(try await programme.search(near: towns[0], query: nil, page: 4).results.isEmpty)
        var seen: [EventSummary] = []
        for page in 1...3 { seen += try await programme.search(near: towns[0], query: nil, page: page).results }
        #expect(Set(seen.map(\.id)).count == 60)
        let starts = seen.compactMap(\.start.dateTime)
        #expect(starts == starts.sorted())
        let error = await #expect(throws: DomainError.self) {
            try await programme.search(near: towns[0], query: nil, page: 0)
        }
        #expect(error?.code == .badPage)
    }

    @Test("A city without a known time zone uses the calendar's")
    func unknownZone() throws {
        let nowhere = City(
            id: 99_200_000, name: "Nowhere", countryCode: nil, country: nil, region: nil, regionCode: nil,
            latitude: 0, longitude: 0, population: nil, timezone: "Not/AZone")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Pacific/Auckland"))
        let events = DemoProgramme(cities: [nowhere], now: { Self.now }, calendar: calendar).programme()
        #expect(events.count == 3)
        #expect(
            events.allSatisfy {
                $0.start.timezone == "Pacific/Auckland" && $0.priceRanges.allSatisfy { $0.currency == "USD" }
            })
    }
}
