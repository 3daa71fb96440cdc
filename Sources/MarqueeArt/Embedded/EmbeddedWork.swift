/// One work of the embedded sample, as `Resources/art/sample.json` holds it (facts from the museum's CC0 data, and
/// for a few works a description of our own).
package struct EmbeddedWork: Decodable, Sendable, Equatable {
    /// The object number (`SK-C-5`).
    package var id: String
    /// The English title where there is one, else the Dutch.
    package var title: String
    /// The Dutch title, when it differs (searched too).
    package var titleNl: String?
    /// Each maker, principal first.
    package var makers: [String]
    /// The date as written ("c. 1660").
    package var date: String?
    package var beginYear: Int?
    package var endYear: Int?
    package var place: String?
    package var objectType: String?
    package var materials: [String]
    /// Its measurements ("h 380cm × w 454cm").
    package var dimensions: [String]?
    /// Its place in the museum's highlights (smaller first); nil for the other works.
    package var highlight: Int?
    /// Our short description, for a dozen famous works.
    package var description: String?

    /// The makers in one line.
    package var maker: String? {
        makers.isEmpty ? nil : makers.joined(separator: ", ")
    }
}
