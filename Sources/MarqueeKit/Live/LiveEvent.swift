public import MarqueeWire

/// What a `ChangeFeed` hands its consumers: the account's changes as they happen, and the state of the connection.
public enum LiveEvent: Sendable, Equatable {
    /// The feed is connected and reading live; what comes next is current. A consumer that subscribes while the
    /// feed is connected gets this first.
    case connected
    /// One change to the account's lists, strictly in sequence order and with none skipped (changes missed while
    /// disconnected are replayed before live ones, or replaced by a snapshot).
    case change(ItemChange)
    /// Everything the account has saved: replace everything held with these items, whatever the reason.
    case snapshot(Snapshot)
    /// The account's preferences changed, on this device or another. Not replayed after a reconnection: read
    /// `GET /api/v1/me` again if they matter.
    case account(Account.Profile)
    /// The feed is not connected. Sent when a connection ends and after each attempt that failed, with when the
    /// feed tries again.
    case disconnected(Disconnection)
}

extension LiveEvent {
    /// Every item saved, gathered from all the parts the server sent it in.
    public struct Snapshot: Sendable, Equatable {
        /// Why the server sent everything rather than changes.
        public struct Reason: RawRepresentable, Sendable, Hashable {
            public var rawValue: String

            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// The connection had no resume point (the first connection, or after `forgetResumePoint()`).
            public static let start = Reason(rawValue: "start")
            /// The server's change log no longer reaches back to the resume point.
            public static let compacted = Reason(rawValue: "compacted")
            /// The resume point is not one of the server's log (its database was restored from an older copy).
            public static let reset = Reason(rawValue: "reset")
        }

        /// Every item, in the lists and kinds they belong to.
        public var items: [SavedItem]
        public var reason: Reason
        /// The sequence number of the latest change the items reflect.
        public var seq: Int64

        /// Creates a snapshot.
        public init(items: [SavedItem], reason: Reason, seq: Int64) {
            self.items = items
            self.reason = reason
            self.seq = seq
        }
    }

    /// Why the feed is not connected, and whether it will try again by itself.
    public struct Disconnection: Sendable, Equatable {
        /// Why the connection ended or could not be made.
        public enum Reason: Sendable, Equatable {
            /// `disconnect()` was called, or the app went to the background.
            case stopped
            /// The server closed the stream (it restarted, or this device fell too far behind).
            case closed
            /// Nothing, not even a heartbeat, came for the policy's idle timeout: the connection was dropped.
            case idle
            /// The server could not be reached, refused (`MarqueeError.server`, such as a 429 or a 503), or sent
            /// something the feed could not read.
            case failed(MarqueeError)
        }

        public var reason: Reason
        /// How long the feed waits before it tries again; nil when it does not try again by itself (`.stopped`).
        public var retryIn: Duration?

        /// Creates a disconnection.
        public init(reason: Reason, retryIn: Duration?) {
            self.reason = reason
            self.retryIn = retryIn
        }
    }
}
