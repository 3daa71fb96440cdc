import MarqueeCore
package import MarqueeWire

/// Which of a person's saved items to read, in what order, from where.
package struct SavedItemQuery: Sendable, Equatable {
    /// What the items are ordered by.
    package enum Sort: String, Sendable, CaseIterable {
        case created, updated, title
        /// By rating; items without one count as 0.
        case rating
        /// By when they were watched; items not watched count as never (before every date).
        case watched

        /// The sort value of an item not watched: before 1900, the earliest a watched date may be.
        package static let neverWatched: Int64 = -9_999_999_999_999
    }

    /// Only this list (nil: both).
    package var list: SavedList?
    /// Only this kind (nil: all).
    package var kind: SavedKind?
    /// Only items whose title or note contains this text (already `searchFolded`).
    package var text: String?
    /// Only items marked watched (true) or not (false); nil: both. Favourites are never marked watched.
    package var watched: Bool?
    package var sort: Sort
    package var descending: Bool
    /// Continue after this position (from a previous page's `next`).
    package var after: SavedItemPosition?
    /// At most this many items.
    package var limit: Int

    /// Creates a query.
    package init(
        list: SavedList? = nil, kind: SavedKind? = nil, text: String? = nil, watched: Bool? = nil,
        sort: Sort = .created, descending: Bool = true, after: SavedItemPosition? = nil, limit: Int = 20
    ) {
        self.list = list
        self.kind = kind
        self.text = text
        self.watched = watched
        self.sort = sort
        self.descending = descending
        self.after = after
        self.limit = limit
    }
}

/// Where a page ended: the last item's sort value and key. Ties on the sort value are broken by the key, so paging
/// never skips or repeats an item.
package struct SavedItemPosition: Sendable, Equatable, Codable {
    /// The sort value: milliseconds for `created`/`updated`/`watched` (`Sort.neverWatched` when not watched), the
    /// rating for `rating` (0: none), the folded title for `title`.
    package enum Value: Sendable, Equatable, Codable {
        case number(Int64)
        case text(String)
    }

    package var value: Value
    package var list: SavedList
    package var kind: SavedKind
    package var id: String

    /// Creates a position.
    package init(value: Value, list: SavedList, kind: SavedKind, id: String) {
        self.value = value
        self.list = list
        self.kind = kind
        self.id = id
    }
}

/// One page of saved items.
package struct SavedItemPage: Sendable, Equatable {
    package var items: [SavedItem]
    /// Where the next page starts; nil on the last page.
    package var next: SavedItemPosition?
    /// How many items match the query in all.
    package var total: Int

    /// Creates a page.
    package init(items: [SavedItem], next: SavedItemPosition?, total: Int) {
        self.items = items
        self.next = next
        self.total = total
    }
}

/// Saving one more item would take the account past the per-person limit.
package struct SavedItemLimitReached: Error, Sendable, Equatable {
    /// The limit.
    package let limit: Int

    /// Creates the error.
    package init(limit: Int) { self.limit = limit }
}

extension SavedItem {
    /// Where this item sits in an ordering by `sort`.
    package func position(for sort: SavedItemQuery.Sort) -> SavedItemPosition {
        let value: SavedItemPosition.Value =
            switch sort {
            case .created: .number(Milliseconds.from(createdAt))
            case .updated: .number(Milliseconds.from(updatedAt))
            case .title: .text(snapshot.title.searchFolded)
            case .rating: .number(Int64(rating ?? 0))
            case .watched: .number(watchedAt.map(Milliseconds.from) ?? SavedItemQuery.Sort.neverWatched)
            }
        return SavedItemPosition(value: value, list: list, kind: kind, id: id)
    }
}
