import MarqueeCore
package import MarqueeWire

/// `/person/{id}`: photo, facts, biography, what they are known for and every credit.
package struct PersonPage: WebPage {
    package static let template = "person"
    package let chrome: Chrome
    let item: Card
    let photo: String
    let facts: [Fact]
    let biography: String?
    let longBiography: Bool
    let knownFor: [Card]
    let credits: [Credit]

    struct Fact: Sendable {
        let label: String
        let value: String
    }

    struct Credit: Sendable {
        let year: String
        let title: String
        let href: String
        let role: String?
    }

    /// A person's page.
    package init(chrome: Chrome, person: PersonDetails) {
        self.chrome = chrome
        item = Card(
            kind: .person, id: person.id, title: person.name, sub: person.knownForDepartment,
            image: person.profile?.small)
        photo = person.profile?.medium ?? Card.noImage
        let facts: [(String, String?)] = [
            ("Known for", person.knownForDepartment), ("Born", Formatting.date(person.birthday)),
            ("Died", Formatting.date(person.deathday)), ("Place of birth", person.placeOfBirth),
        ]
        self.facts = facts.compactMap { label, value in value.map { Fact(label: label, value: $0) } }
        biography = person.biography.flatMap(\.nonEmpty)
        longBiography = (person.biography?.count ?? 0) > 480
        let all = person.combinedCredits.cast + person.combinedCredits.crew
        var seen = Set<MediaSummary>()
        knownFor = all.map(\.item).sorted { ($0.popularity ?? 0) > ($1.popularity ?? 0) }
            .filter { seen.insert($0).inserted }.prefix(12).map(Card.init)
        credits = all.sorted { ($0.item.year ?? 9999, $0.item.title) > ($1.item.year ?? 9999, $1.item.title) }.map {
            credit in
            Credit(
                year: credit.item.year.map(String.init) ?? "—", title: credit.item.title,
                href: Card.href(kind: credit.item.mediaType.rawValue, id: String(credit.item.id)),
                role: credit.character.flatMap { $0.isEmpty ? nil : "as \($0)" } ?? credit.job)
        }
    }
}
