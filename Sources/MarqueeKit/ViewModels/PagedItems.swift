import MarqueeWire

/// The pages of a list read so far: their items in order, and whether there are more to read.
public struct PagedItems<Item: Sendable>: Sendable {
    /// Every item read, without repeats (a list that shifts between pages can send one twice).
    public var items: [Item]
    /// The last page read, from 1.
    public var page: Int
    /// How many pages the list has.
    public var totalPages: Int

    /// Creates the pages read so far.
    public init(items: [Item], page: Int, totalPages: Int) {
        self.items = items
        self.page = page
        self.totalPages = totalPages
    }

    /// Whether another page can be read.
    public var hasMore: Bool { page < min(totalPages, Page<MediaSummary>.maxPage) }
}

extension PagedItems: Equatable where Item: Equatable {}
