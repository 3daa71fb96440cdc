/// An item id as a request body gives it: text (`"603"`, `"SK-C-5"`), or a whole number, as catalog answers give the
/// ids of movies, shows and people. A client may pass an id straight from any answer of the API.
public struct ItemIDValue: Decodable, Sendable, Equatable {
    /// The id as text (a number in its plain decimal form).
    public let text: String

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}
