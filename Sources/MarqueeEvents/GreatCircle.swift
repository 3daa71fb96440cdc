import Foundation

/// Distances along the earth's surface.
package enum GreatCircle {
    /// The earth's mean radius.
    static let earthRadiusKilometres = 6_371.0

    /// Kilometres between two points given in degrees (the haversine formula on a sphere: within 0.5 % of the
    /// true distance, plenty to tell what is near a city).
    package static func kilometres(
        fromLatitude latitude1: Double, longitude longitude1: Double, toLatitude latitude2: Double,
        longitude longitude2: Double
    ) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (latitude2 - latitude1) * radians
        let deltaLongitude = (longitude2 - longitude1) * radians
        let a =
            sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * earthRadiusKilometres * asin(min(1, a.squareRoot()))
    }
}
