/// One node of a Linked Art (JSON-LD) document, read leniently: only the properties Marquee looks at, each of which
/// may be missing, one value or a list. A relation given as a bare string is a node with only that id; a value of an
/// unexpected shape is left out rather than failing the document.
struct LinkedArtNode: Decodable, Sendable {
    var id: String?
    /// `type` is a string, but some nodes give a list (`["skos:Concept", "LinguisticObject"]`).
    var types: [String] = []
    var label: String?
    var content: String?
    /// A dimension's value, as written (`"176"`, or a number).
    var value: String?
    var beginOfTheBegin: String?
    var endOfTheEnd: String?
    var notation: [LanguageString] = []
    var classifiedAs: [LinkedArtNode] = []
    var language: [LinkedArtNode] = []
    var identifiedBy: [LinkedArtNode] = []
    var referredToBy: [LinkedArtNode] = []
    var producedBy: [LinkedArtNode] = []
    var part: [LinkedArtNode] = []
    var carriedOutBy: [LinkedArtNode] = []
    var timespan: [LinkedArtNode] = []
    var tookPlaceAt: [LinkedArtNode] = []
    var madeOf: [LinkedArtNode] = []
    var dimension: [LinkedArtNode] = []
    var unit: [LinkedArtNode] = []
    var shows: [LinkedArtNode] = []
    var digitallyShownBy: [LinkedArtNode] = []
    var digitallyCarriedBy: [LinkedArtNode] = []
    var accessPoint: [LinkedArtNode] = []

    /// A text in a language, as `notation` gives it: `{"@language": "en", "@value": "drawing"}`.
    struct LanguageString: Decodable, Sendable {
        var language: String?
        var value: String

        private enum CodingKeys: String, CodingKey {
            case language = "@language"
            case value = "@value"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, content, value, notation, language, part, timespan, dimension, unit, shows
        case label = "_label"
        case beginOfTheBegin = "begin_of_the_begin"
        case endOfTheEnd = "end_of_the_end"
        case classifiedAs = "classified_as"
        case identifiedBy = "identified_by"
        case referredToBy = "referred_to_by"
        case producedBy = "produced_by"
        case carriedOutBy = "carried_out_by"
        case tookPlaceAt = "took_place_at"
        case madeOf = "made_of"
        case digitallyShownBy = "digitally_shown_by"
        case digitallyCarriedBy = "digitally_carried_by"
        case accessPoint = "access_point"
    }

    /// A node that is only a reference.
    init(id: String) {
        self.id = id
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = Self.text(container, .id)
        types = (try? container.decode([String].self, forKey: .type)) ?? Self.text(container, .type).map { [$0] } ?? []
        label = Self.text(container, .label)
        content = Self.text(container, .content)
        value = Self.text(container, .value) ?? (try? container.decode(Double.self, forKey: .value)).map(Self.number)
        beginOfTheBegin = Self.text(container, .beginOfTheBegin)
        endOfTheEnd = Self.text(container, .endOfTheEnd)
        notation = ((try? container.decode([Lenient<LanguageString>].self, forKey: .notation)) ?? []).compactMap(
            \.value)
        classifiedAs = Self.nodes(container, .classifiedAs)
        language = Self.nodes(container, .language)
        identifiedBy = Self.nodes(container, .identifiedBy)
        referredToBy = Self.nodes(container, .referredToBy)
        producedBy = Self.nodes(container, .producedBy)
        part = Self.nodes(container, .part)
        carriedOutBy = Self.nodes(container, .carriedOutBy)
        timespan = Self.nodes(container, .timespan)
        tookPlaceAt = Self.nodes(container, .tookPlaceAt)
        madeOf = Self.nodes(container, .madeOf)
        dimension = Self.nodes(container, .dimension)
        unit = Self.nodes(container, .unit)
        shows = Self.nodes(container, .shows)
        digitallyShownBy = Self.nodes(container, .digitallyShownBy)
        digitallyCarriedBy = Self.nodes(container, .digitallyCarriedBy)
        accessPoint = Self.nodes(container, .accessPoint)
    }

    private static func text(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        try? container.decodeIfPresent(String.self, forKey: key)
    }

    /// A list of nodes, one node, or a bare id: always a list.
    private static func nodes(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> [LinkedArtNode] {
        guard container.contains(key) else { return [] }
        if let list = try? container.decode([Lenient<Reference>].self, forKey: key) {
            return list.compactMap { $0.value?.node }
        }
        return (try? container.decode(Reference.self, forKey: key)).map { [$0.node] } ?? []
    }

    /// `1642.0` as `1642`, `379.5` as it is.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A node, or a bare string taken as its id.
    private struct Reference: Decodable {
        let node: LinkedArtNode

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let id = try? container.decode(String.self) {
                node = LinkedArtNode(id: id)
            } else {
                node = try container.decode(LinkedArtNode.self)
            }
        }
    }
}

/// An element of a list that is skipped, not fatal, when it does not decode.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
