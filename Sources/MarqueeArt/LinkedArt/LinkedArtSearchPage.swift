import Foundation

/// One page of the museum's search (an ActivityStreams `OrderedCollectionPage`): the Linked Art ids of the objects
/// found, in order, the next page's token and, when given, the total.
struct LinkedArtSearchPage: Decodable, Sendable {
    /// The objects' Linked Art ids (`https://id.rijksmuseum.nl/200107928`).
    var ids: [String]
    /// The `pageToken` of the next page; nil on the last.
    var nextPageToken: String?
    /// How many objects the search finds in all, when the museum says.
    var total: Int?

    private enum CodingKeys: String, CodingKey {
        case orderedItems, items, next, partOf, totalItems
    }

    private struct Reference: Decodable {
        var id: String?
    }

    private struct Collection: Decodable {
        var totalItems: Int?
    }

    init(ids: [String], nextPageToken: String? = nil, total: Int? = nil) {
        self.ids = ids
        self.nextPageToken = nextPageToken
        self.total = total
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let items =
            (try? container.decode([Lenient<Reference>].self, forKey: .orderedItems))
            ?? (try? container.decode([Lenient<Reference>].self, forKey: .items)) ?? []
        ids = items.compactMap { $0.value?.id }
        let next =
            (try? container.decode(Reference.self, forKey: .next))?.id
            ?? (try? container.decode(String.self, forKey: .next))
        nextPageToken = next.flatMap(Self.pageToken)
        total =
            (try? container.decode(Collection.self, forKey: .partOf))?.totalItems
            ?? (try? container.decode(Int.self, forKey: .totalItems))
    }

    /// The next page is asked for with its token only, at the configured search URL: Marquee never follows a URL
    /// an upstream hands it.
    private static func pageToken(_ url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == "pageToken" }?.value.flatMap {
            $0.isEmpty ? nil : $0
        }
    }
}
