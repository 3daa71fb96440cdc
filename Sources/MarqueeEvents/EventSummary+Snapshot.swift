package import Foundation
package import MarqueeWire

extension EventSummary {
    /// The snapshot a saved event keeps, so that favourites draw without asking the source again, and tell when the
    /// event has ended: its name, picture, venue and city, and in `extra` its start, place and source. Long texts
    /// are cut to what a snapshot holds.
    package var savedSnapshot: ItemSnapshot {
        var extra = ["source": source.rawValue]
        extra["local_date"] = start.localDate
        extra["local_time"] = start.localTime
        extra["starts_at"] = start.dateTime.map(RFC3339.string)
        extra["timezone"] = start.timezone
        extra["venue"] = venue.map { Self.cut($0, 200) }
        extra["city"] = city.map { Self.cut($0, 200) }
        extra["country_code"] = countryCode.map { Self.cut($0, 200) }
        let place = [venue, city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return ItemSnapshot(
            title: Self.cut(name, 300), imageURL: imageURL, subtitle: place.isEmpty ? nil : Self.cut(place, 200),
            extra: extra)
    }

    private static func cut(_ text: String, _ limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit))
        return String(scalars)
    }
}

extension ItemSnapshot {
    /// Whether the saved event this snapshot describes has ended at `now`, from the start it keeps (false when it
    /// keeps none).
    package func eventHasEnded(now: Date) -> Bool {
        EventTiming.hasEnded(
            localDate: extra?["local_date"], timezone: extra?["timezone"],
            dateTime: extra?["starts_at"].flatMap(RFC3339.date), now: now)
    }
}
