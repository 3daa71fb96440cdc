import Foundation
import MarqueeWire

/// Demo ticket prices in the currency of the city's country.
enum DemoPrices {
    /// Currencies by country, each with a rough, fixed factor from US dollars so that prices look ordinary there.
    /// These are not exchange rates and are never updated: the events are fictional, and so are their prices.
    /// Countries not listed price in US dollars.
    static let currencies: [String: (code: String, factor: Double)] = [
        "GB": ("GBP", 0.8), "IE": ("EUR", 0.9), "FR": ("EUR", 0.9), "DE": ("EUR", 0.9), "ES": ("EUR", 0.9),
        "IT": ("EUR", 0.9), "NL": ("EUR", 0.9), "BE": ("EUR", 0.9), "AT": ("EUR", 0.9), "PT": ("EUR", 0.9),
        "CH": ("CHF", 0.9), "SE": ("SEK", 10), "NO": ("NOK", 10), "DK": ("DKK", 7), "PL": ("PLN", 4),
        "TR": ("TRY", 30), "RU": ("RUB", 90), "CA": ("CAD", 1.4), "MX": ("MXN", 18), "BR": ("BRL", 5),
        "AR": ("ARS", 900), "CN": ("CNY", 7), "JP": ("JPY", 150), "KR": ("KRW", 1_300), "IN": ("INR", 80),
        "PK": ("PKR", 280), "BD": ("BDT", 110), "VN": ("VND", 25_000), "ID": ("IDR", 16_000), "TH": ("THB", 35),
        "PH": ("PHP", 55), "AU": ("AUD", 1.5), "NZ": ("NZD", 1.6), "ZA": ("ZAR", 18), "NG": ("NGN", 1_500),
        "EG": ("EGP", 48), "KE": ("KES", 130),
    ]

    /// The range `dollars` in the currency of `countryCode`, rounded as a box office would.
    static func range(_ dollars: (min: Double, max: Double), countryCode: String?) -> EventDetails.PriceRange {
        let currency = countryCode.flatMap { currencies[$0.uppercased()] } ?? (code: "USD", factor: 1)
        return EventDetails.PriceRange(
            min: rounded(dollars.min * currency.factor), max: rounded(dollars.max * currency.factor),
            currency: currency.code)
    }

    /// Whole units under 100; past that, two significant figures (16,900 → 17,000).
    static func rounded(_ value: Double) -> Double {
        guard value >= 100 else { return max(1, value.rounded()) }
        let step = pow(10, (log10(value)).rounded(.down) - 1)
        return (value / step).rounded() * step
    }
}
