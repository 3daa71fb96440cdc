package import MarqueeWire

extension City {
    /// The snapshot a saved city keeps, so that a list of favourites draws, and asks for its weather, without
    /// looking the city up again: its name, where it is (`Texas, United States`), and in `extra` its coordinates,
    /// country, region and time zone.
    package var savedSnapshot: ItemSnapshot {
        var extra = ["latitude": "\(latitude)", "longitude": "\(longitude)"]
        extra["country_code"] = countryCode
        extra["country"] = country
        extra["region"] = region
        extra["timezone"] = timezone
        let place = [region, country ?? countryCode].compactMap { $0 }.filter { !$0.isEmpty }
        return ItemSnapshot(
            title: name, subtitle: place.isEmpty ? nil : place.joined(separator: ", "), extra: extra)
    }
}

extension ItemSnapshot {
    /// Where a saved city is, from the coordinates its snapshot keeps; nil for a snapshot without them.
    package var coordinates: Coordinates? {
        guard let latitude = extra?["latitude"].flatMap(Double.init),
            let longitude = extra?["longitude"].flatMap(Double.init),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return Coordinates(latitude: latitude, longitude: longitude)
    }
}
