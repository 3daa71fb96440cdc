import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWire

/// The body of `PUT` and `PATCH /api/v1/me/items/{list}/{kind}/{id}`. A field left out stays as it is; `null`
/// removes it (`note`, `watched_at`, `rating`) and is refused where nothing can be removed (`snapshot`, `watched`).
struct ItemEditBody: Decodable {
    /// What `null` may clear (a snapshot and the watched flag cannot be cleared).
    static let nullable: Set<String> = ["note", "watched_at", "rating"]

    var snapshot: ItemSnapshot?
    var note: FieldUpdate<String> = .keep
    var watched: Bool?
    var watchedAt: FieldUpdate<String> = .keep
    var rating: FieldUpdate<Double> = .keep

    // Keys as the snake_case-converting decoder presents them.
    private enum CodingKeys: String, CodingKey {
        case snapshot, note, watched, watchedAt, rating
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for (key, rule) in [
            (CodingKeys.snapshot, "snapshot cannot be removed; send it with a title, or leave it out."),
            (.watched, "watched must be true or false; to forget the watched date send \"watched\": false."),
        ]
        where container.contains(key) {
            if try container.decodeNil(forKey: key) { throw DomainError(.invalidBody, rule) }
        }
        snapshot = try container.decodeIfPresent(ItemSnapshot.self, forKey: .snapshot)
        watched = try container.decodeIfPresent(Bool.self, forKey: .watched)
        note = try Self.update(container, .note)
        watchedAt = try Self.update(container, .watchedAt)
        rating = try Self.update(container, .rating)
    }

    private static func update<T: Decodable & Sendable>(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    )
        throws -> FieldUpdate<T>
    {
        guard container.contains(key) else { return .keep }
        if try container.decodeNil(forKey: key) { return .clear }
        return .set(try container.decode(T.self, forKey: key))
    }

    /// Whether it names no field at all: an edit of nothing.
    var isEmpty: Bool {
        switch (note, watchedAt, rating) {
        case (.keep, .keep, .keep): snapshot == nil && watched == nil
        default: false
        }
    }

    /// The edit this body asks for, checked against the item rules.
    func edit(now: Date) throws -> ItemEdit {
        var edit = ItemEdit(snapshot: try snapshot.map(ItemRules.snapshot))
        switch note {
        case .keep: break
        case .clear: edit.note = .clear
        case .set(let text): edit.note = try ItemRules.note(text).map { .set($0) } ?? .clear
        }
        switch watchedAt {
        case .keep: break
        case .clear: edit.watchedAt = .clear
        case .set(let text):
            edit.watchedAt = .set(try ItemRules.watchedAt(try ItemRules.time(text, field: "watched_at"), now: now))
        }
        if case .keep = watchedAt, let watched { edit.watchedAt = watched ? .set(now) : .clear }
        switch rating {
        case .keep: break
        case .clear: edit.rating = .clear
        case .set(let value): edit.rating = .set(try ItemRules.rating(value))
        }
        return edit
    }
}

/// The query of a request that takes none (`DELETE /api/v1/me/items/{list}/{kind}/{id}`).
struct NoQuery: Decodable {}

/// The query of `DELETE /api/v1/me/items/{list}`: which kind, or which experience's kinds, to clear (all when
/// neither; with both, that kind if the experience keeps it, else nothing).
struct ClearQuery: Decodable {
    var kind: String?
    var experience: String?

    /// The kinds to clear; nil for the whole list.
    func kinds() throws -> [SavedKind]? {
        let kind = try kind.map(ItemRules.kind)
        guard let name = experience else { return kind.map { [$0] } }
        guard let experience = Experience(rawValue: name) else {
            let names = Experience.allCases.map(\.rawValue).joined(separator: ", ")
            throw DomainError(.invalidParameter, "experience must be one of \(names); '\(name.prefix(40))' is not.")
        }
        guard let kind else { return experience.kinds }
        return experience.kinds.filter { $0 == kind }
    }
}

/// The query of `POST /api/v1/me/import`: the file's format (guessed when absent) and the list it goes to.
struct ImportQuery: Decodable {
    var format: String?
    var list: String?
}
