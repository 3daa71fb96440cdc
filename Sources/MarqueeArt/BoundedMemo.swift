import Synchronization

/// A map of at most `capacity` entries in memory, which forgets the entries not used lately when full (the clock
/// algorithm: an entry used since the hand last passed it gets a second chance). Lookups and stores are O(1).
final class BoundedMemo<Value: Sendable>: Sendable {
    private struct Slot {
        var key: String
        var value: Value
        var used: Bool
    }

    private struct State {
        var slots: [Slot] = []
        var positions: [String: Int] = [:]
        var hand = 0
    }

    private let capacity: Int
    private let state: Mutex<State>

    /// An empty memo of at most `capacity` entries (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        state = Mutex(State())
    }

    /// The value stored for `key`, if it is still remembered.
    func value(for key: String) -> Value? {
        state.withLock { state in
            guard let position = state.positions[key] else { return nil }
            state.slots[position].used = true
            return state.slots[position].value
        }
    }

    /// Stores `value` for `key`, forgetting an entry not used lately when full.
    func store(_ value: Value, for key: String) {
        state.withLock { state in
            if let position = state.positions[key] {
                state.slots[position].value = value
                state.slots[position].used = true
                return
            }
            guard state.slots.count >= capacity else {
                state.positions[key] = state.slots.count
                state.slots.append(Slot(key: key, value: value, used: false))
                return
            }
            while state.slots[state.hand].used {
                state.slots[state.hand].used = false
                state.hand = (state.hand + 1) % capacity
            }
            state.positions[state.slots[state.hand].key] = nil
            state.slots[state.hand] = Slot(key: key, value: value, used: false)
            state.positions[key] = state.hand
            state.hand = (state.hand + 1) % capacity
        }
    }

    /// How many entries are remembered.
    var count: Int { state.withLock { $0.slots.count } }
}
