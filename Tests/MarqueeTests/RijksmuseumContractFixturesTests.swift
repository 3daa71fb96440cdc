import Foundation
import MarqueeArt
import Testing

/// The Linked Art decoder against a real object captured by another project, and the embedded sample's facts
/// against the museum's own record of The Night Watch (../shared/contract-fixtures/rijksmuseum). Runs only where
/// they are present; nothing is copied.
@Suite(
    "Rijksmuseum contract fixtures",
    .enabled(if: ContractFixtures.root != nil, "../shared/contract-fixtures is not present"))
struct RijksmuseumContractFixturesTests {
    func data(_ path: String) throws -> Data {
        try Data(contentsOf: try #require(ContractFixtures.root).appending(path: "rijksmuseum/" + path))
    }

    @Test("A Rembrandt drawing as id.rijksmuseum.nl serves it: English title and texts, no English description")
    func linkedArtObject() throws {
        let work = try JSONDecoder().decode(
            LinkedArtObject.self, from: data("linked-art/linked-art__hmo-200117708.json"))
        #expect(work.id == "https://id.rijksmuseum.nl/200117708")
        let number = try #require(work.objectNumber)
        #expect(number == "RP-T-1930-54(V)" && (try? ObjectNumber(number)) != nil)
        #expect(work.title == "Three Scribes")
        #expect(work.makers == ["Rembrandt van Rijn"] && work.makerLine == "Rembrandt van Rijn")
        #expect(work.dateText == "c. 1628 - c. 1629" && work.beginYear == 1628 && work.endYear == 1629)
        #expect(work.place == "Leiden" && work.objectType == "drawing")
        #expect(work.materials == ["paper", "paint (coating)", "ink"])
        #expect(work.dimensions == ["height 226 mm x width 176 mm"])
        #expect(work.description == nil)
        #expect(work.creditLine == "Gift of C. Hofstede de Groot, The Hague")
        #expect(work.visualItems == ["https://id.rijksmuseum.nl/202117708"])
    }

    /// The parts of the museum's former API record that the sample's facts come from.
    struct LegacyRecord: Decodable {
        struct ArtObject: Decodable {
            struct Dating: Decodable {
                var yearEarly: Int
                var yearLate: Int
            }

            var objectNumber: String
            var title: String
            var principalMaker: String
            var materials: [String]
            var productionPlaces: [String]
            var objectTypes: [String]
            var dating: Dating
        }

        var artObject: ArtObject
    }

    @Test("The sample's Night Watch agrees with the museum's own record of it")
    func nightWatchFacts() throws {
        let record = try JSONDecoder().decode(LegacyRecord.self, from: data("collection__SK-C-5__details.json"))
            .artObject
        let work = try #require(try EmbeddedSample.embedded().work(objectNumber: record.objectNumber))
        #expect(work.titleNl == record.title)
        #expect(work.makers == [record.principalMaker])
        #expect(work.beginYear == record.dating.yearEarly && work.endYear == record.dating.yearLate)
        #expect(work.place == record.productionPlaces.joined(separator: ", "))
        #expect(record.objectTypes == ["schilderij"] && work.objectType == "painting")
        #expect(Set(record.materials) == ["doek", "olieverf"] && Set(work.materials) == ["canvas", "oil paint"])
    }
}
