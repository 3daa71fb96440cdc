import Foundation
import Testing

@testable import MarqueeArt

/// The lenient Linked Art decoder against our fixtures (`Fixtures/rijksmuseum/linked-art`, in the museum's shapes)
/// and small documents written inline: English preferred, Dutch when there is nothing else, both spellings of
/// `classified_as` and of `type`, missing parts.
@Suite("Linked Art decoding")
struct LinkedArtDecodingTests {
    func object(_ id: String) throws -> LinkedArtObject {
        try JSONDecoder().decode(LinkedArtObject.self, from: Fixtures.data("rijksmuseum/linked-art/\(id).json"))
    }

    func object(json: String) throws -> LinkedArtObject {
        try JSONDecoder().decode(LinkedArtObject.self, from: Data(json.utf8))
    }

    func node(_ id: String) throws -> LinkedArtNode {
        try JSONDecoder().decode(LinkedArtNode.self, from: Fixtures.data("rijksmuseum/linked-art/\(id).json"))
    }

    @Test("A full object: the English preferred title, its dating, place, type, materials in order, English texts")
    func english() throws {
        let work = try object("100000001")
        #expect(work.objectNumber == "SK-C-5")
        #expect(work.title == "The Night Watch", "English and preferred, over Dutch and over another English name")
        #expect(work.makers == ["Rembrandt van Rijn"] && work.makerLine == "Rembrandt van Rijn")
        #expect(work.dateText == "1642" && work.beginYear == 1642 && work.endYear == 1642)
        #expect(work.place == "Amsterdam")
        #expect(work.objectType == "painting")
        #expect(work.materials == ["canvas", "oil paint"], "by the museum's sort value, not document order")
        #expect(work.dimensions == ["height 379.5 cm x width 453.5 cm"], "the English statement, not the Dutch")
        #expect(
            work.description == "A militia company shown setting out, caught in movement rather than posed in rows.")
        #expect(work.creditLine == "On loan from the City of Amsterdam")
        #expect(work.visualItems == ["https://id.rijksmuseum.nl/200000001"])
    }

    @Test("No English at all: the Dutch title and credit line, the dating put into English, no description")
    func withoutEnglish() throws {
        let work = try object("100000003")
        #expect(work.objectNumber == "RP-T-0000-1(V)", "classified as a bare AAT string")
        #expect(work.title == "Oude man in een leunstoel")
        #expect(work.dateText == "c. 1630" && work.beginYear == 1630 && work.endYear == 1631)
        #expect(work.description == nil, "a Dutch description is not shown on an English page")
        #expect(work.creditLine == "Aankoop uit het fonds van de vereniging")
        #expect(work.objectType == "tekening", "the type's only name, `type` given as a list")
        #expect(work.materials == ["papier"])
        #expect(work.makers == ["Rembrandt van Rijn"], "an agent without a name: the name the part credits")
        #expect(work.visualItems == ["https://id.rijksmuseum.nl/200000003"], "a VisualItem typed as a list")
    }

    @Test("No image: an object that shows no visual item")
    func withoutImage() throws {
        let work = try object("100000004")
        #expect(work.objectNumber == "SK-A-0000-2" && work.title == "Study of a Head")
        #expect(work.visualItems.isEmpty)
        #expect(work.makers == ["Rembrandt van Rijn"], "from the agent's label")
        #expect(work.dateText == nil && work.beginYear == nil && work.place == nil && work.materials.isEmpty)
    }

    @Test("Single values where lists are usual, numbers as values, and unreadable parts are taken in stride")
    func lenient() throws {
        let work = try object(
            json: """
                {"type": ["HumanMadeObject", "crm:E22"],
                 "identified_by": {"type": "Name", "content": " Untitled "},
                 "classified_as": {"id": "https://id.rijksmuseum.nl/1", "_label": "print"},
                 "produced_by": [{"timespan": {"begin_of_the_begin": "-0050-01-01", "end_of_the_end": 17},
                                  "carried_out_by": "https://id.rijksmuseum.nl/2"}],
                 "dimension": [{"value": 12.5, "classified_as": [{"id": "x", "notation": {"@value": "width"}}],
                                "unit": {"id": "http://vocab.getty.edu/aat/300379098"}},
                               {"value": 30, "unit": {"id": "aat:300379097"}}],
                 "made_of": 7, "referred_to_by": [42, {"content": "no classification"}],
                 "shows": ["https://id.rijksmuseum.nl/3"]}
                """)
        #expect(work.title == "Untitled")
        #expect(work.objectNumber == nil)
        #expect(work.objectType == "print")
        #expect(work.beginYear == -50 && work.endYear == -50, "an end that is not a date falls back to the begin")
        #expect(work.makers.isEmpty && work.makerLine == nil, "an agent known only by its id has no name")
        #expect(work.dimensions == ["12.5 cm", "30 mm"], "a notation that is not a list is left out, not fatal")
        #expect(work.materials.isEmpty && work.description == nil)
        #expect(work.visualItems == ["https://id.rijksmuseum.nl/3"])
    }

    @Test("An empty document decodes to nothing known")
    func empty() throws {
        let work = try object(json: "{}")
        #expect(work.title == nil && work.objectNumber == nil && work.makers.isEmpty && work.visualItems.isEmpty)
        #expect(throws: (any Error).self) { try object(json: "[]") }
    }

    @Test("Visual items lead to digital objects by id, by bare string, or hold them inline")
    func imageChain() throws {
        let byID = LinkedArtImageChain.digitalObjects(inVisualItem: try node("200000001"))
        #expect(byID.accessPoints.isEmpty && byID.ids == ["https://id.rijksmuseum.nl/300000001"])
        let inline = LinkedArtImageChain.digitalObjects(inVisualItem: try node("200000002"))
        #expect(inline.accessPoints == ["https://iiif.micr.io/FAKE2/full/max/0/default.jpg"] && inline.ids.isEmpty)
        let bare = LinkedArtImageChain.digitalObjects(inVisualItem: try node("200000003"))
        #expect(bare.ids == ["https://id.rijksmuseum.nl/300000003"])
        #expect(
            LinkedArtImageChain.accessPoints(try node("300000001"))
                == ["https://iiif.micr.io/FAKE1/full/max/0/default.jpg"])
    }

    @Test("An IIIF access point gives a 400-pixel thumbnail and a 1,600-pixel image; any other URL is used as is")
    func iiif() {
        let images = ArtworkImages(accessPoint: "https://iiif.micr.io/PJEZO/full/max/0/default.jpg")
        #expect(images.thumbnail == "https://iiif.micr.io/PJEZO/full/400,/0/default.jpg")
        #expect(images.large == "https://iiif.micr.io/PJEZO/full/1600,/0/default.jpg")
        #expect(
            ArtworkImages(accessPoint: "https://iiif.example/a/b/info.json").large
                == "https://iiif.example/a/b/full/1600,/0/default.jpg")
        let plain = ArtworkImages(accessPoint: "https://images.example/night-watch.jpg")
        #expect(plain.thumbnail == "https://images.example/night-watch.jpg" && plain.large == plain.thumbnail)
    }

    @Test("A search page: the ids in order, the next page's token only, and the total")
    func searchPage() throws {
        let page = try JSONDecoder().decode(
            LinkedArtSearchPage.self,
            from: Data(
                """
                {"type": "OrderedCollectionPage", "partOf": {"type": "OrderedCollection", "totalItems": 250},
                 "orderedItems": [{"id": "https://id.rijksmuseum.nl/1", "type": "HumanMadeObject"},
                                  {"id": "https://id.rijksmuseum.nl/2", "type": "HumanMadeObject"}],
                 "next": {"id": "https://elsewhere.example/search?creator=x&pageToken=Ab%2Bc", "type": "OrderedCollectionPage"}}
                """.utf8))
        #expect(page.ids == ["https://id.rijksmuseum.nl/1", "https://id.rijksmuseum.nl/2"])
        #expect(page.nextPageToken == "Ab+c" && page.total == 250)
        let last = try JSONDecoder().decode(LinkedArtSearchPage.self, from: Data(#"{"orderedItems": []}"#.utf8))
        #expect(last.ids.isEmpty && last.nextPageToken == nil && last.total == nil)
    }

    @Test("The museum's Dutch dating words read in English")
    func dating() {
        #expect(DatingText.english("ca. 1660") == "c. 1660")
        #expect(DatingText.english("in of na 1677 - in of voor 1681") == "in or after 1677 - in or before 1681")
        #expect(DatingText.english("na ca. 1634") == "after c. 1634")
        #expect(DatingText.english("1649-10-02") == "1649-10-02")
    }
}
