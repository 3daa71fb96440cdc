import Foundation
import MarqueeCore
import MarqueeWire

/// A catalog line that could not be read, with its 1-based line number.
package struct CatalogLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number in the input.
    package var line: Int
    /// What is wrong, for the operator.
    package var message: String

    /// Creates an error for a line.
    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}

/// Reads the JSON Lines catalog format, strictly: unknown keys, wrong types and bad dates are errors.
package struct CatalogLineParser: Sendable {
    /// Creates a parser.
    package init() {}

    /// Parses every line of a text, collecting records and per-line errors.
    package func parse(_ text: String) -> (records: [CatalogRecord], errors: [CatalogLineError]) {
        var records: [CatalogRecord] = []
        var errors: [CatalogLineError] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            switch parse(line: line) {
            case .success(let record?): records.append(record)
            case .success(nil): continue
            case .failure(let message): errors.append(CatalogLineError(line: number, message: message.text))
            }
        }
        return (records, errors)
    }

    /// Parses one line; `nil` for blank and comment lines.
    package func parse(line: Substring) -> Result<CatalogRecord?, LineMessage> {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .success(nil) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
            return .failure(LineMessage("not a JSON object"))
        }
        var fields = Fields(object)
        do {
            let record: CatalogRecord
            switch try fields.string("type") {
            case "movie": record = .title(try title(.movie, &fields))
            case "tv": record = .title(try title(.tv, &fields))
            case "person": record = .person(try person(&fields))
            case let other: throw LineMessage("unknown type '\(other.prefix(20))' (movie, tv or person)")
            }
            if let unknown = fields.unread.sorted().first {
                throw LineMessage("unknown key '\(unknown.prefix(40))'")
            }
            return .success(record)
        } catch let message as LineMessage {
            return .failure(message)
        } catch {
            return .failure(LineMessage("unreadable line"))
        }
    }

    private func title(_ kind: MediaKind, _ fields: inout Fields) throws -> TitleRecord {
        let dateKey = kind == .movie ? "release_date" : "first_air_date"
        let castObjects = try fields.optionalObjects("cast") ?? []
        let cast = try castObjects.map { object in
            var castFields = Fields(object)
            let line = CastLine(
                name: try castFields.string("name"), character: try castFields.optionalString("character"))
            if let unknown = castFields.unread.first { throw LineMessage("unknown cast key '\(unknown.prefix(40))'") }
            return line
        }
        let record = TitleRecord(
            kind: kind,
            tmdbId: try fields.optionalID("tmdb_id"),
            imdbId: try fields.optionalIMDbID("imdb_id", prefix: "tt"),
            title: try fields.string("title"),
            originalTitle: try fields.optionalString("original_title"),
            originalLanguage: try fields.optionalString("original_language"),
            date: try fields.date(dateKey),
            lastAirDate: kind == .tv ? try fields.optionalDate("last_air_date") : nil,
            runtime: try fields.optionalCount(kind == .movie ? "runtime" : "episode_runtime"),
            status: kind == .tv ? try fields.optionalString("status") : nil,
            seasons: kind == .tv ? try fields.optionalCount("seasons") : nil,
            episodes: kind == .tv ? try fields.optionalCount("episodes") : nil,
            networks: kind == .tv ? try fields.strings("networks") : [],
            genres: try fields.strings("genres"),
            countries: try fields.strings("countries"),
            certification: try fields.stringMap("certification"),
            directors: kind == .movie ? try fields.strings("directors") : [],
            writers: kind == .movie ? try fields.strings("writers") : [],
            creators: kind == .tv ? try fields.strings("creators") : [],
            cast: cast,
            overview: try fields.optionalString("overview"),
            tagline: try fields.optionalString("tagline"),
            score: try fields.optionalScore("score")
        )
        let known = Set(GenreTable.genres(for: kind).map(\.name))
        if let unknown = record.genres.first(where: { !known.contains($0) }) {
            throw LineMessage("unknown \(kind.rawValue) genre '\(unknown.prefix(40))'")
        }
        return record
    }

    private func person(_ fields: inout Fields) throws -> PersonRecord {
        PersonRecord(
            name: try fields.string("name"),
            tmdbId: try fields.optionalID("tmdb_id"),
            imdbId: try fields.optionalIMDbID("imdb_id", prefix: "nm"),
            knownForDepartment: try fields.optionalString("known_for_department"),
            birthday: try fields.optionalDate("birthday"),
            deathday: try fields.optionalDate("deathday"),
            placeOfBirth: try fields.optionalString("place_of_birth")
        )
    }
}

/// Why a catalog line was rejected.
package struct LineMessage: Error, Sendable, Equatable {
    /// The reason, for the operator.
    package let text: String
    init(_ text: String) { self.text = text }
}
