package import MarqueeCore
package import MarqueeWire

/// Where committed changes go to reach this process's live streams (other instances hear of them over the
/// database's bus, see `InstanceBusService`).
package protocol ChangePublisher: Sendable {
    /// Hands over a committed change of `user`'s; must return quickly.
    func publish(_ change: ItemChange, for user: UserID)
}

extension ChangeHub: ChangePublisher {}
