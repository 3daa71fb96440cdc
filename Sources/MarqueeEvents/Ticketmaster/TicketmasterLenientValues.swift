extension KeyedDecodingContainer {
    /// Ticketmaster's shapes vary between markets and years: a number may come as a string (`"width": "640"`). The
    /// optional numbers, flags and texts of this module's Decodable types (all Ticketmaster shapes) accept what can
    /// be read and are nil otherwise, so one odd field cannot make a page unreadable.
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        if let number = try? decode(Double.self, forKey: key) { return number }
        return (try? decode(String.self, forKey: key)).flatMap(Double.init)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        if let number = try? decode(Int.self, forKey: key) { return number }
        if let number = try? decode(Double.self, forKey: key), number.isFinite, abs(number) < 1e15 {
            return Int(number)
        }
        return (try? decode(String.self, forKey: key)).flatMap { Int($0) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        if let flag = try? decode(Bool.self, forKey: key) { return flag }
        return (try? decode(String.self, forKey: key)).flatMap { Bool($0.lowercased()) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        return try? decode(String.self, forKey: key)
    }
}
