import Foundation
import MarqueeCore
import MarqueeWire

extension TicketmasterEvent {
    /// The event as a list shows it, judged ended or not at `now`.
    func summary(now: Date) -> EventSummary {
        let start = self.start
        let venue = self.venue
        return EventSummary(
            id: id, name: name.flatMap(Self.text) ?? "Untitled event", source: .ticketmaster, start: start,
            imageURL: bestImageURL, venue: venue?.name.flatMap(Self.text), city: venue?.city?.name.flatMap(Self.text),
            countryCode: venue?.country?.countryCode.flatMap(Self.text)?.uppercased(), status: status,
            ended: EventTiming.hasEnded(
                localDate: start.localDate, timezone: start.timezone, dateTime: start.dateTime, now: now))
    }

    /// The event in full, judged ended or not at `now`.
    func details(now: Date) -> EventDetails {
        let venue = self.venue
        let address = venue?.address
        let classification =
            classifications?.compactMap(\.value).first { $0.primary == true }
            ?? classifications?.compactMap(\.value).first
        return EventDetails(
            summary(now: now), priceRanges: prices, ticketURL: url.flatMap(Self.webAddress),
            genre: classification?.genre?.name.flatMap(Self.classificationName),
            segment: classification?.segment?.name.flatMap(Self.classificationName),
            addressLines: [address?.line1, address?.line2, address?.line3].compactMap { $0.flatMap(Self.text) },
            postalCode: venue?.postalCode.flatMap(Self.text), region: venue?.state?.name.flatMap(Self.text),
            country: venue?.country?.name.flatMap(Self.text),
            seatMapURL: seatmap?.value?.staticUrl.flatMap(Self.webAddress),
            info: info.flatMap(Self.text), pleaseNote: pleaseNote.flatMap(Self.text))
    }

    /// The widest 16:9 picture at least 640 px wide that is the event's own (not one of Ticketmaster's fallbacks);
    /// nil when there is none, so that a client shows its own placeholder rather than a poor or generic one.
    var bestImageURL: String? {
        let candidates = (images ?? []).compactMap(\.value).filter { image in
            image.ratio == "16_9" && (image.width ?? 0) >= 640 && image.fallback != true
                && image.url.flatMap(Self.webAddress) != nil
        }
        var best: Image?
        for image in candidates where (image.width ?? 0) > (best?.width ?? 0) { best = image }
        return best?.url
    }

    /// The first venue, where the event takes place.
    private var venue: Venue? { embedded?.value?.venues?.lazy.compactMap(\.value).first }

    /// The start, without the placeholders Ticketmaster keeps for a date or time not announced yet.
    var start: EventStart {
        let start = dates?.value?.start
        let dateUnknown = start?.dateTBA == true || start?.dateTBD == true
        let timeUnknown = dateUnknown || start?.timeTBA == true || start?.noSpecificTime == true
        let localDate = start?.localDate.flatMap { EventTiming.isDay($0) ? $0 : nil }
        let localTime = start?.localTime.flatMap(Self.clockTime)
        return EventStart(
            localDate: dateUnknown ? nil : localDate, localTime: timeUnknown ? nil : localTime,
            dateTime: timeUnknown ? nil : start?.dateTime.flatMap(RFC3339.date),
            timezone: (dates?.value?.timezone ?? venue?.timezone).flatMap(Self.text),
            timeToBeAnnounced: !dateUnknown && start?.timeTBA == true, dateToBeAnnounced: dateUnknown)
    }

    /// Ticketmaster's status codes in Marquee's words; nil for a missing or unknown one.
    var status: EventStatus? {
        switch dates?.value?.status?.code?.lowercased() {
        case "onsale": .onSale
        case "offsale": .offSale
        case "cancelled", "canceled": .cancelled
        case "postponed": .postponed
        case "rescheduled": .rescheduled
        default: nil
        }
    }

    /// The price ranges that say something: a currency and at least one bound.
    var prices: [EventDetails.PriceRange] {
        (priceRanges ?? []).compactMap(\.value).compactMap { range in
            guard let currency = range.currency.flatMap(Self.text), let low = range.min ?? range.max,
                let high = range.max ?? range.min, low.isFinite, high.isFinite
            else { return nil }
            return EventDetails.PriceRange(
                min: Swift.min(low, high), max: Swift.max(low, high), currency: currency.uppercased())
        }
    }

    /// `HH:MM` of Ticketmaster's `HH:MM:SS`.
    private static func clockTime(_ text: String) -> String? {
        let bytes = Array(text.utf8.prefix(5))
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            bytes.enumerated().allSatisfy({ $0 == 2 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($1) })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text trimmed, nil when nothing is left.
    private static func text(_ value: String) -> String? {
        value.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
    }

    /// An http(s) address with a host, else nil: links and pictures are shown as they come, so nothing else (a
    /// `javascript:` link) may pass.
    private static func webAddress(_ value: String) -> String? {
        guard let text = text(value), let parts = URLComponents(string: text),
            let scheme = parts.scheme?.lowercased(), scheme == "https" || scheme == "http", parts.host?.isEmpty == false
        else { return nil }
        return text
    }

    /// A segment's or genre's name; Ticketmaster writes `Undefined` where there is none.
    private static func classificationName(_ value: String) -> String? {
        text(value).flatMap { $0.caseInsensitiveCompare("Undefined") == .orderedSame ? nil : $0 }
    }
}
