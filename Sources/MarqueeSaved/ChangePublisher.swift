public import MarqueeCore

/// Where committed changes go to reach live streams (this process's hub now; other instances later).
public protocol ChangePublisher: Sendable {
    /// Hands over a committed change of `user`'s; must return quickly.
    func publish(_ change: ItemChange, for user: UserID)
}

extension ChangeHub: ChangePublisher {}
