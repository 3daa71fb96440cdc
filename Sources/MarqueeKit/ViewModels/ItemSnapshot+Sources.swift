import Foundation
import MarqueeWire

// What a heart saves of each kind of item: the title, picture and line a favourites list shows, as the web app saves
// them, so that an item looks the same whichever app saved it.

extension MediaKind {
    var savedKind: SavedKind {
        switch self {
        case .movie: .movie
        case .tv: .tv
        case .person: .person
        }
    }
}

extension PersonDetails {
    var itemSnapshot: ItemSnapshot {
        ItemSnapshot(title: name, imageURL: profile?.small, subtitle: knownForDepartment)
    }
}

extension City {
    var itemSnapshot: ItemSnapshot {
        let place = [region, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return ItemSnapshot(
            title: name, subtitle: place.isEmpty ? nil : place,
            extra: ["latitude": String(latitude), "longitude": String(longitude)])
    }
}

extension EventSummary {
    /// As the server's events pages save it: with the start, so that a favourite can tell when the event is over.
    var itemSnapshot: ItemSnapshot {
        var extra = ["source": source.rawValue]
        extra["local_date"] = start.localDate
        extra["local_time"] = start.localTime
        extra["starts_at"] = start.dateTime.map(RFC3339.string)
        extra["timezone"] = start.timezone
        extra["venue"] = venue.map { $0.cut(200) }
        extra["city"] = city.map { $0.cut(200) }
        extra["country_code"] = countryCode.map { $0.cut(200) }
        let place = [venue, city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return ItemSnapshot(
            title: name.cut(300), imageURL: imageURL, subtitle: place.isEmpty ? nil : place.cut(200), extra: extra)
    }
}

extension ArtworkSummary {
    var itemSnapshot: ItemSnapshot {
        let line = [maker, date].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return ItemSnapshot(title: title, imageURL: thumbnailURL, subtitle: line.isEmpty ? nil : line)
    }
}

extension String {
    /// The first `limit` code points: the lengths the API counts.
    fileprivate func cut(_ limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.prefix(limit))
        return String(scalars)
    }
}
