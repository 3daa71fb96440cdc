package import MarqueeWire

/// `/art/{id}`: a work of art, large, with its facts, our description where we wrote one, and its page at the
/// museum.
package struct ArtworkPage: WebPage {
    package static let template = "artwork"
    package let chrome: Chrome
    let id: String
    let title: String
    let sub: String
    let image: String
    let thumbnail: String
    let facts: [Fact]
    let description: String?
    let webURL: String
    let creditLine: String?
    let fromSample: Bool

    /// One line of the facts list.
    struct Fact: Sendable {
        let label: String
        let value: String
    }

    /// The page of `work`.
    package init(chrome: Chrome, work: ArtworkDetails) {
        self.chrome = chrome
        id = work.id
        title = work.title
        sub = [work.maker, work.date].compactMap { $0 }.joined(separator: ", ")
        image = work.imageURL ?? Card.noImage
        thumbnail = work.thumbnailURL ?? work.imageURL ?? Card.noImage
        let years =
            switch (work.dating.beginYear, work.dating.endYear) {
            case (let begin?, let end?) where begin != end: "\(begin)–\(end)"
            case (let begin?, _): String(begin)
            case (nil, let end?): String(end)
            case (nil, nil): nil as String?
            }
        let rows: [(String, String?)] = [
            (
                work.makers.count > 1 ? "Makers" : "Maker",
                work.makers.isEmpty ? work.maker : work.makers.joined(separator: "; ")
            ),
            (
                "Date",
                [work.dating.text ?? work.date, years.flatMap { $0 == work.dating.text ? nil : "(\($0))" }]
                    .compactMap { $0 }.joined(separator: " ")
            ),
            ("Made in", work.place),
            ("Object type", work.objectType),
            ("Materials", work.materials.isEmpty ? nil : work.materials.joined(separator: ", ")),
            ("Dimensions", work.dimensions.isEmpty ? nil : work.dimensions.joined(separator: "; ")),
            ("Object number", work.id),
        ]
        facts = rows.compactMap { label, value in value.flatMap { $0.isEmpty ? nil : Fact(label: label, value: $0) } }
        description = work.description
        webURL = work.webURL
        creditLine = work.creditLine
        fromSample = work.source == "embedded"
    }
}
