import Foundation
import MarqueeCore
import MarqueeWire

extension DemoProgramme {
    /// One event: a city, one of its series, the template it shows, and its day (days since 1970-01-01).
    struct Slot {
        let city: City
        let position: Int
        let series: Int
        let template: Int
        let day: Int

        var id: String { "\(DemoProgramme.idPrefix)\(city.id)-\(template)-\(day)" }
    }

    /// An event of today's programme, with its city and when it starts (for ordering).
    struct Entry {
        let cityID: Int
        let startsAt: Date
        let event: EventDetails
    }

    /// How many days apart each series' events are. A series shows the templates whose position, divided by the
    /// number of series, leaves its own index: a city's events on one day are never the same show.
    static let seriesPeriods = [7, 11, 15]

    /// What befalls some series' events, so that every screen can be tried.
    enum Twist {
        case cancelled, postponed, timeToBeAnnounced, rescheduled
    }

    /// The twist of a series, by its city's position and its index: today's programme always has a cancelled
    /// event, a postponed one, one whose time is to be announced and a rescheduled one (given eight cities).
    static func twist(position: Int, series: Int) -> Twist? {
        switch (position, series) {
        case (1, 2): .cancelled
        case (3, 1): .postponed
        case (5, 0): .timeToBeAnnounced
        case (7, 2): .rescheduled
        default: nil
        }
    }

    /// Every city's next event of each series from its today on, soonest first.
    func entries(at date: Date) -> [Entry] {
        var entries: [Entry] = []
        for (position, city) in cities.enumerated() {
            let today = dayNumber(of: date, in: zone(of: city))
            for series in Self.seriesPeriods.indices {
                let period = Self.seriesPeriods[series]
                let day = today + ((offset(city, series) - today) % period + period) % period
                let slot = Slot(
                    city: city, position: position, series: series, template: template(city, series, day), day: day)
                entries.append(entry(slot, at: date))
            }
        }
        return entries.sorted { ($0.startsAt, $0.event.id) < ($1.startsAt, $1.event.id) }
    }

    /// The slot an id names, if the programme has (or had) such an event.
    func slot(id: String) -> Slot? {
        guard id.hasPrefix(Self.idPrefix) else { return nil }
        let parts = id.dropFirst(Self.idPrefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ WholeNumber.isDigits($0) && $0.count <= 9 }),
            let cityID = Int(parts[0]), let template = Int(parts[1]), let day = Int(parts[2]),
            let position = positions[cityID], template < DemoTemplate.all.count
        else { return nil }
        let city = cities[position]
        let series = template % Self.seriesPeriods.count
        let period = Self.seriesPeriods[series]
        guard ((day - offset(city, series)) % period + period) % period == 0,
            self.template(city, series, day) == template
        else { return nil }
        let slot = Slot(city: city, position: position, series: series, template: template, day: day)
        // Written plainly only: `demo-01-…` would be a second id for the same event.
        return slot.id == id ? slot : nil
    }

    /// The event in `slot`, judged ended or not at `date`.
    func event(_ slot: Slot, at date: Date) -> EventDetails {
        entry(slot, at: date).event
    }

    private func entry(_ slot: Slot, at date: Date) -> Entry {
        let template = DemoTemplate.all[slot.template]
        let zone = zone(of: slot.city)
        let twist = Self.twist(position: slot.position, series: slot.series)
        let localDate = Self.dayText(slot.day)
        let startsAt = start(day: slot.day, time: template.time, in: zone)
        let timeKnown = twist != .timeToBeAnnounced
        let start = EventStart(
            localDate: localDate, localTime: timeKnown ? template.time : nil, dateTime: timeKnown ? startsAt : nil,
            timezone: zone.identifier, timeToBeAnnounced: !timeKnown)
        let status: EventStatus =
            switch twist {
            case .cancelled: .cancelled
            case .postponed: .postponed
            case .rescheduled: .rescheduled
            case .timeToBeAnnounced, nil: .onSale
            }
        let summary = EventSummary(
            id: slot.id, name: template.name, source: .demo, start: start, venue: template.venue,
            city: slot.city.name, countryCode: slot.city.countryCode, status: status,
            ended: EventTiming.hasEnded(
                localDate: localDate, timezone: zone.identifier, dateTime: start.dateTime, now: date))
        let details = EventDetails(
            summary,
            priceRanges: template.price.map { [DemoPrices.range($0, countryCode: slot.city.countryCode)] } ?? [],
            ticketURL: "/events/\(slot.id)/demo-tickets", genre: template.genre, segment: template.segment.rawValue,
            addressLines: [template.street], region: slot.city.region, country: slot.city.country,
            info: template.blurb, pleaseNote: Self.notice)
        return Entry(cityID: slot.city.id, startsAt: startsAt, event: details)
    }

    /// What every demo event's page says.
    static let notice =
        "Demo event: invented for Marquee's demo programme. It does not take place, and no tickets are sold."

    /// Where the series' days fall: a day is in the series when it is this many days past a multiple of its period.
    private func offset(_ city: City, _ series: Int) -> Int {
        Int(FNV1a.hash("demo-series:\(city.id):\(series)") % UInt64(Self.seriesPeriods[series]))
    }

    /// The template the series shows on `day`.
    private func template(_ city: City, _ series: Int, _ day: Int) -> Int {
        let count = Self.seriesPeriods.count
        let choices = stride(from: series, to: DemoTemplate.all.count, by: count).map { $0 }
        return choices[Int(FNV1a.hash("demo-show:\(city.id):\(series):\(day)") % UInt64(choices.count))]
    }

    private func zone(of city: City) -> TimeZone {
        city.timezone.flatMap(TimeZone.init(identifier:)) ?? calendar.timeZone
    }

    /// Days since 1970-01-01 of `date`'s calendar day in `zone`.
    private func dayNumber(of date: Date, in zone: TimeZone) -> Int {
        var local = calendar
        local.timeZone = zone
        let parts = local.dateComponents([.year, .month, .day], from: date)
        var utc = calendar
        utc.timeZone = .gmt
        let midnight = utc.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)) ?? date
        return Int((midnight.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// When `time` (`HH:MM`) on `day` is in `zone`.
    private func start(day: Int, time: String, in zone: TimeZone) -> Date {
        var utc = calendar
        utc.timeZone = .gmt
        let parts = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        let clock = time.split(separator: ":").compactMap { Int($0) }
        var local = calendar
        local.timeZone = zone
        let components = DateComponents(
            year: parts.year, month: parts.month, day: parts.day, hour: clock.first ?? 0, minute: clock.last ?? 0)
        return local.date(from: components) ?? Date(timeIntervalSince1970: Double(day) * 86_400)
    }

    /// `YYYY-MM-DD` of a day number.
    private static func dayText(_ day: Int) -> String {
        EventTiming.day(of: Date(timeIntervalSince1970: Double(day) * 86_400), in: .gmt)
    }
}
