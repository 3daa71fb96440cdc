/// Finds the image of a work by its object number: the museum's live services for the embedded sample, a test's
/// fake.
package protocol ArtImageResolver: Sendable {
    /// The images of the work with object number `objectNumber`; nil when it has none or they cannot be had now.
    func images(objectNumber: String) async -> ArtworkImages?
}
