package import Foundation
import MarqueeCore

/// The works of art shipped with Marquee (`Resources/art`, derived by `scripts/derive-art-sample.py`): the museum's
/// highlights first, in its order, then other paintings. Found by object number or by words of a title or maker.
package struct EmbeddedSample: Sendable {
    /// Every work, in the sample's order.
    package let works: [EmbeddedWork]
    /// The object numbers of the highlights, in the museum's order.
    package let highlights: [String]
    private let positions: [String: Int]
    private let searchText: [String]

    /// Why the embedded sample could not be read (a packaging fault).
    package struct LoadError: Error, CustomStringConvertible {
        package let description: String
    }

    private struct File: Decodable {
        var works: [EmbeddedWork]
    }

    /// A sample of `works`, in that order.
    package init(works: [EmbeddedWork]) {
        self.works = works
        highlights = works.filter { $0.highlight != nil }.map(\.id)
        positions = Dictionary(
            works.enumerated().map { ($1.id.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
        searchText = works.map { work in
            ([work.title, work.titleNl ?? ""] + work.makers).joined(separator: "\n").searchFolded
        }
    }

    /// The sample that ships with Marquee.
    package static func embedded() throws -> EmbeddedSample {
        guard let folder = Bundle.module.url(forResource: "art", withExtension: nil) else {
            throw LoadError(description: "The embedded art sample is missing.")
        }
        return try load(from: folder.appending(path: "sample.json"))
    }

    /// Reads a sample file (`{"works": [...]}`).
    package static func load(from file: URL) throws -> EmbeddedSample {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return EmbeddedSample(works: try decoder.decode(File.self, from: Data(contentsOf: file)).works)
        } catch {
            throw LoadError(description: "The embedded art sample cannot be read: \(error)")
        }
    }

    /// The work with object number `objectNumber` (in any case).
    package func work(objectNumber: String) -> EmbeddedWork? {
        positions[objectNumber.uppercased()].map { works[$0] }
    }

    /// The works whose title (English or Dutch) or makers contain every word of `query`, ignoring case and
    /// accents, in the sample's order; the highlights for an empty query.
    package func search(_ query: String) -> [EmbeddedWork] {
        let words = query.searchFolded.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard !words.isEmpty else { return works.filter { $0.highlight != nil } }
        return works.indices.filter { index in words.allSatisfy { searchText[index].contains($0) } }.map { works[$0] }
    }
}
