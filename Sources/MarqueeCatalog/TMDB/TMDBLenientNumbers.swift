extension KeyedDecodingContainer {
    /// TMDB has sent some numbers as strings (`"popularity": "9.48"` in older responses): accept both, so a
    /// quirk in one field cannot make a whole page unreadable. Applies to the optional Doubles of this module's
    /// Decodable types, which are all TMDB response shapes.
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Double.self, forKey: key) { return number }
        return Double(try decode(String.self, forKey: key))
    }
}
