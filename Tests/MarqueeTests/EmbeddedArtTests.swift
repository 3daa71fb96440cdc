import MarqueeArt
import MarqueeCore
import MarqueeWire
import Testing

/// The embedded sample of the Rijksmuseum: at least 150 works, the museum's highlights first and in its order,
/// searched by title or maker, 20 to a page, with images from a resolver or a placeholder.
@Suite("Embedded art")
struct EmbeddedArtTests {
    static let sample = Result { try EmbeddedSample.embedded() }

    /// Images for two works only, as the museum's IIIF service would give them.
    struct SomeImages: ArtImageResolver {
        func images(objectNumber: String) async -> ArtworkImages? {
            guard ["SK-C-5", "SK-A-2344"].contains(objectNumber) else { return nil }
            return ArtworkImages(accessPoint: "https://iiif.example/\(objectNumber)/full/max/0/default.jpg")
        }
    }

    func art(images: (any ArtImageResolver)? = nil) throws -> EmbeddedArt {
        EmbeddedArt(
            sample: try Self.sample.get(), images: images,
            placeholders: ArtPlaceholders(baseURL: PublicBaseURL("https://marquee.test/")))
    }

    func ids(_ query: String, page: Int = 1) async throws -> [String] {
        try await art().search(query: query, page: page).results.map(\.id)
    }

    @Test("At least 150 works, each once; the highlights first, in the museum's order, with the three best known")
    func highlightsFirst() throws {
        let sample = try Self.sample.get()
        #expect(sample.works.count >= 150)
        #expect(Set(sample.works.map(\.id)).count == sample.works.count)
        let ranks = sample.works.prefix(sample.highlights.count).compactMap(\.highlight)
        #expect(ranks.count == sample.highlights.count, "no other work among the highlights")
        #expect(ranks == ranks.sorted())
        for number in ["SK-C-5", "SK-A-2344", "SK-C-216"] {
            #expect(sample.highlights.contains(number), "\(number)")
        }
        #expect(sample.work(objectNumber: "SK-C-216")?.title.contains("The Jewish Bride") == true)
    }

    @Test("An empty search is the highlights, 20 to a page, in order")
    func emptyQuery() async throws {
        let sample = try Self.sample.get()
        let page = try await art().search(query: "", page: 1)
        #expect(page.results.map(\.id) == Array(sample.highlights.prefix(20)))
        #expect(page.totalResults == sample.highlights.count)
        #expect(page.totalPages == (sample.highlights.count + 19) / 20)
        #expect(page.source == "embedded" && !page.liveSearchUnavailable)
        #expect(page.results.allSatisfy { $0.mediaType == "artwork" && $0.thumbnailURL != nil })
    }

    @Test("\"Rembrandt\" and \"night watch\" both find The Night Watch; case, accents and Dutch titles do not matter")
    func search() async throws {
        #expect(try await ids("rembrandt").contains("SK-C-5"))
        #expect(try await ids("night watch") == ["SK-C-5"])
        #expect(try await ids("Night Watch") == ["SK-C-5"])
        #expect(try await ids("Nachtwacht").contains("SK-C-5"))
        #expect(try await ids("vermeer milkmaid") == ["SK-A-2344"])
        #expect(try await ids("jewish bride") == ["SK-C-216"])
        #expect(try await ids("israels").contains("SK-A-2382"), "Jozef Israëls, without the diaeresis")
        #expect(try await ids("no such painting anywhere").isEmpty)
    }

    @Test("Pages of 20: the second goes on where the first ended; past the last, none")
    func paging() async throws {
        let art = try art()
        let first = try await art.search(query: "rembrandt", page: 1)
        let second = try await art.search(query: "rembrandt", page: 2)
        #expect(first.results.count == 20 && first.totalResults > 20)
        #expect(first.totalPages == (first.totalResults + 19) / 20 && second.page == 2)
        #expect(Set(first.results.map(\.id)).isDisjoint(with: second.results.map(\.id)))
        let beyond = try await art.search(query: "rembrandt", page: first.totalPages + 1)
        #expect(beyond.results.isEmpty && beyond.totalResults == first.totalResults)
    }

    @Test("The Night Watch's facts in English, our description, and the placeholder without a resolver")
    func details() async throws {
        let work = try await art().artwork(id: "SK-C-5")
        #expect(work.title.hasPrefix("Night Watch") && work.maker == "Rembrandt van Rijn")
        #expect(work.makers == ["Rembrandt van Rijn"] && work.date == "1642")
        #expect(work.dating == ArtworkDetails.Dating(text: "1642", beginYear: 1642, endYear: 1642))
        #expect(work.place == "Amsterdam" && work.objectType == "painting")
        #expect(work.materials == ["canvas", "oil paint"] && work.dimensions == ["h 380cm × w 454cm"])
        #expect(work.description?.isEmpty == false)
        #expect(work.webURL == "https://www.rijksmuseum.nl/en/collection/SK-C-5" && work.source == "embedded")
        #expect(work.imageURL == "https://marquee.test/images/placeholder/artwork/SK-C-5/poster")
        #expect(work.thumbnailURL == "https://marquee.test/images/placeholder/artwork/SK-C-5/poster?w=400")
        #expect(try await art().artwork(id: "sk-c-5").id == "SK-C-5", "object numbers in any case")
        #expect(try await art().artwork(id: "SK-A-2344").date == "c. 1660", "the museum's \"ca.\" in English")
    }

    @Test("Images from the resolver where it has them, the placeholder for the others")
    func images() async throws {
        let page = try await art(images: SomeImages()).search(query: "vermeer", page: 1)
        let milkmaid = try #require(page.results.first { $0.id == "SK-A-2344" })
        #expect(milkmaid.imageURL == "https://iiif.example/SK-A-2344/full/1600,/0/default.jpg")
        #expect(milkmaid.thumbnailURL == "https://iiif.example/SK-A-2344/full/400,/0/default.jpg")
        let other = try #require(page.results.first { $0.id != "SK-A-2344" })
        #expect(other.imageURL?.hasPrefix("https://marquee.test/images/placeholder/artwork/") == true)
    }

    @Test("Object numbers with parentheses are valid: not in the sample is art.not_found, not art.bad_id")
    func objectNumbers() async throws {
        #expect(try ObjectNumber("RP-T-1930-54(V)").value == "RP-T-1930-54(V)")
        #expect(try ObjectNumber("BK-AM-33-C").value == "BK-AM-33-C")
        let missing = await #expect(throws: DomainError.self) { try await art().artwork(id: "RP-T-1930-54(V)") }
        #expect(missing?.code == .artworkNotFound)
        for bad in ["", "SK C 5", "SK/C/5", "((", "-.", "SK-C-5;", "Sk-Ć-5", String(repeating: "A", count: 65)] {
            let error = await #expect(throws: DomainError.self) { try await art().artwork(id: bad) }
            #expect(error?.code == .badArtworkID, "\(bad)")
        }
    }
}
