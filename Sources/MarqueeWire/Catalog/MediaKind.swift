/// What a catalog item is. Part of every identity: a movie and a TV show may share a numeric id.
public enum MediaKind: String, Codable, Sendable, CaseIterable, Hashable {
    case movie
    case tv
    case person
}
