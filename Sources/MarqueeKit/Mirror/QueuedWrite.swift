public import Foundation
public import MarqueeWire

/// A write made through an `ItemMirror` that the server has not answered yet: applied to the mirror at once, kept
/// (across launches too) until it is sent.
public struct QueuedWrite: Codable, Sendable, Equatable {
    /// What the write does.
    public enum Action: String, Codable, Sendable {
        /// Saves the item, or changes it where it is saved (`PUT`).
        case save
        /// Removes the item.
        case remove
        /// Empties the list, or the kinds `kinds` of it.
        case clear
    }

    /// Names the write, for `ItemMirror.confirmation(of:)`.
    public let ticket: WriteTicket
    /// What it does.
    public let action: Action
    /// The list it changes.
    public let list: SavedList
    /// The item's kind; nil for a clear.
    public let kind: SavedKind?
    /// The item's id; nil for a clear.
    public let id: String?
    /// The kinds a clear empties; nil for the whole list (and for saves and removals).
    public let kinds: [SavedKind]?
    /// When the write was made on this device.
    public let madeAt: Date
    /// Whether it could not be sent at once: the server could not be reached, or it was kept through a restart. A
    /// removal that waited first checks that the item was not changed elsewhere since it was made.
    public internal(set) var delayed: Bool
    let change: StoredEdit?

    /// The edit a save makes; nil for removals and clears.
    public var edit: SavedItemEdit? { change?.edit }

    /// A save of one item.
    static func save(_ key: ItemKey, _ edit: SavedItemEdit, at date: Date) -> QueuedWrite {
        QueuedWrite(action: .save, list: key.list, kind: key.kind, id: key.id, kinds: nil, edit: edit, at: date)
    }

    /// A removal of one item.
    static func remove(_ key: ItemKey, at date: Date) -> QueuedWrite {
        QueuedWrite(action: .remove, list: key.list, kind: key.kind, id: key.id, kinds: nil, edit: nil, at: date)
    }

    /// A clear of `kinds` of `list` (all of it when nil).
    static func clear(_ list: SavedList, kinds: [SavedKind]?, at date: Date) -> QueuedWrite {
        QueuedWrite(action: .clear, list: list, kind: nil, id: nil, kinds: kinds, edit: nil, at: date)
    }

    private init(
        action: Action, list: SavedList, kind: SavedKind?, id: String?, kinds: [SavedKind]?, edit: SavedItemEdit?,
        at date: Date
    ) {
        ticket = WriteTicket()
        self.action = action
        self.list = list
        self.kind = kind
        self.id = id
        self.kinds = kinds
        madeAt = date
        delayed = false
        change = edit.map(StoredEdit.init)
    }

    /// The item a save or a removal is about; nil for a clear.
    var key: ItemKey? {
        guard let kind, let id else { return nil }
        return ItemKey(list, kind, id)
    }

    /// Whether the write touches the item `key`.
    func touches(_ key: ItemKey) -> Bool {
        guard list == key.list else { return false }
        if let own = self.key { return own == key }
        return kinds?.contains(key.kind) ?? true
    }
}

/// A `SavedItemEdit` in a form that can be stored and read back (the edit itself is only ever written to the wire).
struct StoredEdit: Codable, Sendable, Equatable {
    /// A field that is cleared or set; a field kept is absent.
    enum Field<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        case clear
        case set(Value)

        init?(_ change: FieldChange<Value>) {
            switch change {
            case .keep: return nil
            case .clear: self = .clear
            case .set(let value): self = .set(value)
            }
        }

        var change: FieldChange<Value> {
            switch self {
            case .clear: .clear
            case .set(let value): .set(value)
            }
        }
    }

    var snapshot: ItemSnapshot?
    var note: Field<String>?
    var watched: Bool?
    var watchedAt: Field<Date>?
    var rating: Field<Int>?

    init(_ edit: SavedItemEdit) {
        snapshot = edit.snapshot
        note = Field(edit.note)
        watched = edit.watched
        watchedAt = Field(edit.watchedAt)
        rating = Field(edit.rating)
    }

    var edit: SavedItemEdit {
        SavedItemEdit(
            snapshot: snapshot, note: note?.change ?? .keep, watched: watched, watchedAt: watchedAt?.change ?? .keep,
            rating: rating?.change ?? .keep)
    }
}
