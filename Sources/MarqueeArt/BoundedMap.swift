/// `transform` applied to each of `items`, at most `limit` at a time (a sliding window: one starts as one ends),
/// the answers in the order of `items`.
func boundedMap<Item: Sendable, Answer: Sendable>(
    _ items: [Item], limit: Int, _ transform: @escaping @Sendable (Item) async -> Answer
) async -> [Answer] {
    await withTaskGroup(of: (Int, Answer).self) { group in
        var answers = [Answer?](repeating: nil, count: items.count)
        var next = 0
        while next < min(max(1, limit), items.count) {
            let position = next
            group.addTask { (position, await transform(items[position])) }
            next += 1
        }
        while let (position, answer) = await group.next() {
            answers[position] = answer
            if next < items.count {
                let position = next
                group.addTask { (position, await transform(items[position])) }
                next += 1
            }
        }
        return answers.compactMap { $0 }
    }
}
