import MarqueeCore
package import MarqueeWire

/// A city by its GeoNames id: from the embedded index, or, for a smaller place, from the geocoding upstream, which
/// uses the same ids.
package struct CityLookup: Sendable {
    private let directory: CityDirectory
    private let geocoder: OpenMeteoGeocoder?

    /// Looks in `directory`, then asks `geocoder` (nil: the index only).
    package init(directory: CityDirectory, geocoder: OpenMeteoGeocoder?) {
        self.directory = directory
        self.geocoder = geocoder
    }

    /// The city with id `id`; `weather.city_not_found` when neither knows it, `weather.upstream_unavailable` when the
    /// index does not and the upstream cannot be asked.
    package func city(id: Int) async throws -> City {
        let index = try await directory.index()
        if let record = index.city(id: id) { return index.city(record) }
        guard let geocoder, let place = try await geocoder.place(id: id) else {
            throw DomainError(.cityNotFound, "There is no city with id \(id).")
        }
        return place
    }

    /// The city with id `id` if the embedded index has it (no upstream call).
    package func indexed(id: Int) async -> City? {
        guard let index = try? await directory.index(), let record = index.city(id: id) else { return nil }
        return index.city(record)
    }
}
