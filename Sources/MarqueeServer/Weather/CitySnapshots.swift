import MarqueeCore
import MarqueeSaved
import MarqueeWeather
import MarqueeWire

/// Saved cities get their snapshot from the city index (or the geocoding upstream), never from the client: the id
/// must name a real city, and its name and coordinates are the city's own.
struct CitySnapshots: ItemSnapshotAuthority {
    let cities: CityLookup

    func snapshot(kind: SavedKind, id: String) async throws -> ItemSnapshot? {
        guard kind == .city else { return nil }
        guard let number = Int(id), number > 0 else {
            throw DomainError(.badItemID, "'\(id.prefix(40))' is not a GeoNames city id.")
        }
        return try ItemRules.snapshot(try await cities.city(id: number).savedSnapshot)
    }
}
