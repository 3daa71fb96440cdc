/// A museum object as its Linked Art document (a `HumanMadeObject`) describes it, reduced to what Marquee shows.
/// Read leniently: every fact may be missing, and texts are taken in English when the museum gives them.
package struct LinkedArtObject: Decodable, Sendable, Equatable {
    /// The object's Linked Art id (`https://id.rijksmuseum.nl/200107928`).
    package var id: String?
    /// The museum's object number (`SK-C-5`).
    package var objectNumber: String?
    /// The title: English when there is one, else the best there is (usually Dutch).
    package var title: String?
    /// Each maker, in the museum's order.
    package var makers: [String]
    /// The makers as the museum credits them in one line ("Rembrandt van Rijn").
    package var makerLine: String?
    /// The date as written ("c. 1628 - c. 1629").
    package var dateText: String?
    /// The first and last years it may have been made in.
    package var beginYear: Int?
    package var endYear: Int?
    /// Where it was made.
    package var place: String?
    /// The type of work ("drawing").
    package var objectType: String?
    /// What it is made of, in the museum's order.
    package var materials: [String]
    /// Its measurements, each as written.
    package var dimensions: [String]
    /// The museum's English description; nil when it has none in English.
    package var description: String?
    /// The credit line.
    package var creditLine: String?
    /// The ids of the visual items (`shows`) through which its image is found; empty when it has no image.
    package var visualItems: [String]

    package init(from decoder: any Decoder) throws {
        self.init(node: try LinkedArtNode(from: decoder))
    }

    init(node: LinkedArtNode) {
        id = node.id
        objectNumber = node.identifiedBy.filter { $0.isType("Identifier") }.first(classifiedAs: AAT.accessionNumber)
        title = node.identifiedBy.filter { $0.isType("Name") }.best(preferring: AAT.preferredTerm)
        let productions = node.producedBy
        let activities = productions + productions.flatMap(\.part)
        makers = Self.makers(productions)
        makerLine = productions.flatMap(\.referredToBy).filter { $0.isClassified(as: AAT.description) }.best()
        if makers.isEmpty, let makerLine { makers = [makerLine] }
        if makerLine == nil, !makers.isEmpty { makerLine = makers.joined(separator: ", ") }
        let timespan = activities.flatMap(\.timespan).first
        let dateNames = timespan?.identifiedBy.filter { $0.isType("Name") || $0.types.isEmpty } ?? []
        dateText = dateNames.best().map { dateNames.contains(where: \.isEnglish) ? $0 : DatingText.english($0) }
        beginYear = LinkedArtNode.year(timespan?.beginOfTheBegin ?? timespan?.endOfTheEnd)
        endYear = LinkedArtNode.year(timespan?.endOfTheEnd ?? timespan?.beginOfTheBegin)
        place = Self.joined(activities.flatMap(\.tookPlaceAt).compactMap(\.name))
        let types = node.classifiedAs.filter { $0.isClassified(as: AAT.typeOfWork) }
        objectType = Self.joined((types.isEmpty ? node.classifiedAs : types).compactMap(\.name))
        materials = Self.unique(Self.inOrder(node.madeOf).compactMap(\.name))
        let statements = node.referredToBy.statements(classifiedAs: AAT.dimensionStatement)
        dimensions = statements.isEmpty ? node.dimension.compactMap(Self.dimension) : statements
        description =
            node.referredToBy.englishText(classifiedAs: AAT.curatorialDescription)
            ?? node.referredToBy.englishText(classifiedAs: AAT.description)
        creditLine = node.referredToBy.filter { $0.isClassified(as: AAT.creditLine) }.best()
        visualItems = node.shows.filter { $0.types.isEmpty || $0.isType("VisualItem") }.compactMap(\.id)
    }

    /// The people and groups who carried out the production or its parts, each once, in the museum's order; a part
    /// whose agent has no name of its own is known by the name the part credits.
    private static func makers(_ productions: [LinkedArtNode]) -> [String] {
        var names: [String] = []
        for production in productions {
            let parts = production.part.isEmpty ? [production] : inOrder(production.part)
            for part in parts {
                let named = part.carriedOutBy.compactMap(\.name)
                if !named.isEmpty {
                    names += named
                } else if let credited = part.referredToBy.filter({ $0.isClassified(as: AAT.creatorName) }).best() {
                    names.append(credited)
                }
            }
        }
        return unique(names)
    }

    /// "height 226 mm", from a dimension's type, value and unit.
    private static func dimension(_ node: LinkedArtNode) -> String? {
        guard let value = node.value else { return nil }
        let unit = node.unit.first.flatMap { unit -> String? in
            if AAT.matches(unit.id, AAT.millimetres) { return "mm" }
            if AAT.matches(unit.id, AAT.centimetres) { return "cm" }
            return unit.name
        }
        return [node.classifiedAs.compactMap(\.name).first, value, unit].compactMap { $0 }.joined(separator: " ")
    }

    /// Nodes by the sort value the museum gives them, those without one after, each group in document order.
    private static func inOrder(_ nodes: [LinkedArtNode]) -> [LinkedArtNode] {
        nodes.enumerated().sorted { left, right in
            (left.element.sortValue ?? Int.max, left.offset) < (right.element.sortValue ?? Int.max, right.offset)
        }.map(\.element)
    }

    private static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    private static func joined(_ texts: [String]) -> String? {
        let kept = unique(texts)
        return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }
}
