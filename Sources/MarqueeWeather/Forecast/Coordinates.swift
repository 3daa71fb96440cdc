/// A place on earth, in degrees.
package struct Coordinates: Sendable, Hashable {
    /// North of the equator is positive.
    package var latitude: Double
    /// East of Greenwich is positive.
    package var longitude: Double

    /// A place at `latitude`, `longitude`.
    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
