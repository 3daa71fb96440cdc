/// An item id as a request body gives it: text (`"603"`, `"SK-C-5"`), or a whole number from 0 to 2^53 − 1 (the
/// numbers every JSON reader keeps exactly), as catalog answers give the ids of movies, shows and people. A client
/// may pass an id straight from any answer of the API.
public struct ItemIDValue: Codable, Sendable, Equatable {
    /// The id as text (a number in its plain decimal form).
    public let text: String

    /// The largest id a number may give.
    public static let largestNumber: UInt64 = (1 << 53) - 1

    /// An id given as text.
    public init(_ text: String) {
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(UInt64.self) {
            guard number <= Self.largestNumber else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "an id past 2^53 - 1")
            }
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }

    /// Writes the id as text, which every reader of it accepts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
