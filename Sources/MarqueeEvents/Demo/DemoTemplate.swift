/// One kind of event in the demo programme: everything but the city and the day. All of it is invented for Marquee:
/// the performers, the works, the venues and their streets.
struct DemoTemplate: Sendable {
    /// Ticketmaster's broad kinds of event, which the demo uses too.
    enum Segment: String, Sendable {
        case music = "Music"
        case artsAndTheatre = "Arts & Theatre"
        case family = "Family"
        case sports = "Sports"
        case film = "Film"
    }

    let name: String
    let segment: Segment
    let genre: String
    let venue: String
    let street: String
    /// `HH:MM`, the venue's local time.
    let time: String
    /// The cheapest and dearest ticket in US dollars (other currencies scale it); nil when prices are not published.
    let price: (min: Double, max: Double)?
    /// A line about the event, for its page.
    let blurb: String

    init(
        _ name: String, _ segment: Segment, _ genre: String, at venue: String, _ street: String, time: String,
        price: (min: Double, max: Double)?, _ blurb: String
    ) {
        self.name = name
        self.segment = segment
        self.genre = genre
        self.venue = venue
        self.street = street
        self.time = time
        self.price = price
        self.blurb = blurb
    }
}
