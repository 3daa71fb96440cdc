/// The Getty AAT concepts Marquee reads Linked Art by (the museum classifies everything with them), by number.
enum AAT {
    /// English, as a language.
    static let english = "300388277"
    /// Dutch, as a language.
    static let dutch = "300388256"
    /// Preferred terms: the title a work is known by.
    static let preferredTerm = "300404670"
    /// Accession numbers: the object number.
    static let accessionNumber = "300312355"
    /// Type of work: marks the object-type concept among an object's classifications.
    static let typeOfWork = "300435443"
    /// Sort value: the position of a material or a maker in the museum's own order.
    static let sortValue = "300456575"
    /// Descriptions: on a production, the line naming its maker(s).
    static let description = "300435416"
    /// The museum's curatorial description of an object (the English text shown beside it).
    static let curatorialDescription = "300048722"
    /// A maker's name as the production credits it.
    static let creatorName = "300435417"
    /// Dimensions statement ("height 226 mm x width 176 mm").
    static let dimensionStatement = "300435430"
    /// Acknowledgments: the credit line ("Gift of C. Hofstede de Groot, The Hague").
    static let creditLine = "300026687"
    /// Millimetres and centimetres, as measurement units.
    static let millimetres = "300379097"
    static let centimetres = "300379098"

    /// Whether `id` is AAT concept `number`, whichever way it is spelled (`http://vocab.getty.edu/aat/…`,
    /// `aat:…`).
    static func matches(_ id: String?, _ number: String) -> Bool {
        guard let id, id.hasSuffix(number) else { return false }
        let before = id.dropLast(number.count)
        return before.isEmpty || before.hasSuffix("/") || before.hasSuffix(":")
    }
}
