/// Geohashes: a point as a short string of base-32 letters, each narrowing the box it lies in by five halvings,
/// longitude and latitude in turn. Ticketmaster's search takes its `geoPoint` this way.
package enum Geohash {
    private static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz")

    /// The geohash of `latitude`, `longitude` in `precision` letters (9: a box of about 5 m by 5 m).
    package static func encode(latitude: Double, longitude: Double, precision: Int = 9) -> String {
        var latitudes = (low: -90.0, high: 90.0)
        var longitudes = (low: -180.0, high: 180.0)
        let latitude = min(max(latitude, -90), 90)
        let longitude = min(max(longitude, -180), 180)
        var letters: [Character] = []
        var value = 0
        var bits = 0
        var isLongitude = true
        while letters.count < max(0, precision) {
            let bit: Int
            if isLongitude {
                bit = halve(&longitudes, around: longitude)
            } else {
                bit = halve(&latitudes, around: latitude)
            }
            value = value << 1 | bit
            bits += 1
            isLongitude.toggle()
            if bits == 5 {
                letters.append(alphabet[value])
                value = 0
                bits = 0
            }
        }
        return String(letters)
    }

    /// Keeps the half of `range` that holds `value`: 1 for the upper half, 0 for the lower.
    private static func halve(_ range: inout (low: Double, high: Double), around value: Double) -> Int {
        let middle = (range.low + range.high) / 2
        if value >= middle {
            range.low = middle
            return 1
        }
        range.high = middle
        return 0
    }
}
