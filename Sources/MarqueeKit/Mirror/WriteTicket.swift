import Foundation

/// Names one write made through an `ItemMirror`, to await its confirmation by the server.
public struct WriteTicket: Sendable, Hashable, Codable {
    let value: UUID

    init(_ value: UUID = UUID()) {
        self.value = value
    }
}
