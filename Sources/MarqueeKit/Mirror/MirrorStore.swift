public import MarqueeWire

/// Where an `ItemMirror` keeps what it holds between launches: the person's items, where in the account's change
/// log they stand, and the writes waiting to be sent. A file on a device (`FileMirrorStore`), memory in tests and
/// previews (`MemoryMirrorStore`).
public protocol MirrorStore: Sendable {
    /// What was saved last; nil when nothing was. Throws when it cannot be read now (the mirror then keeps what it
    /// gathers in memory only, rather than write over what it could not read).
    func load() async throws -> MirrorContents?
    /// Keeps `contents` in place of what was saved before, all at once.
    func save(_ contents: MirrorContents) async throws
    /// Forgets what was saved; nothing saved is not an error.
    func remove() async throws
}

/// Everything an `ItemMirror` keeps for one person.
public struct MirrorContents: Codable, Sendable, Equatable {
    /// Whose items these are. Contents of anyone but the person signed in are discarded.
    public var userID: String
    /// The items as the server last told them (this device's waiting writes not applied).
    public var items: [SavedItem]
    /// The sequence number of the latest change of the account's log that `items` reflect (nil before the first
    /// snapshot). The mirror resumes the live feed from there only when the feed's own resume point is that same
    /// change; otherwise the feed starts with a snapshot.
    public var resumePoint: String?
    /// The writes not answered yet, oldest first.
    public var queue: [QueuedWrite]

    /// Creates contents.
    public init(userID: String, items: [SavedItem], resumePoint: String?, queue: [QueuedWrite]) {
        self.userID = userID
        self.items = items
        self.resumePoint = resumePoint
        self.queue = queue
    }
}

/// A `MirrorStore` in memory: what it keeps lasts as long as the process.
public actor MemoryMirrorStore: MirrorStore {
    private var contents: MirrorContents?

    /// A store holding `contents`, if any.
    public init(_ contents: MirrorContents? = nil) {
        self.contents = contents
    }

    public func load() -> MirrorContents? {
        contents
    }

    public func save(_ contents: MirrorContents) {
        self.contents = contents
    }

    public func remove() {
        contents = nil
    }
}
