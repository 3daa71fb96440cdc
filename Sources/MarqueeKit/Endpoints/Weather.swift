public import MarqueeWire

/// The units a forecast is given in.
public enum WeatherUnits: String, Sendable, CaseIterable {
    /// °C, km/h, mm.
    case metric
    /// °F, mph, inches.
    case imperial
}

/// `/api/v1/weather`: cities, and their forecasts.
extension MarqueeClient {
    /// Cities whose name starts with or matches `text`, best first (at most `limit`, 10 when nil, up to 50).
    public func cities(matching text: String, limit: Int? = nil) async throws -> [City] {
        let page: Page<City> = try await value(
            APIRequest("GET", ["weather", "cities"], query: [("q", text), ("limit", limit.map(String.init))]))
        return page.results
    }

    /// A city by its GeoNames id.
    public func city(id: Int) async throws -> City {
        try await value(APIRequest("GET", ["weather", "cities", String(id)]))
    }

    /// A city's weather now, by the hour and by the day. Without `units`, in the signed-in person's preferred units
    /// (metric for no one).
    public func forecast(cityID: Int, units: WeatherUnits? = nil) async throws -> Forecast {
        try await value(
            APIRequest(
                "GET", ["weather", "cities", String(cityID), "forecast"], query: [("units", units?.rawValue)],
                authentication: units == nil ? .ifSignedIn(guestOnly: false) : .none))
    }
}
