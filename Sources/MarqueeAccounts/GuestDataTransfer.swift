package import MarqueeCore

/// Moves a guest's saved data into another account (favourites arrive with a later feature).
package protocol GuestDataTransfer: Sendable {
    /// Moves everything `guest` saved into `target`'s data.
    func move(from guest: UserID, to target: UserID) async throws
}

/// The transfer while accounts hold no data beyond the account itself.
package struct NoGuestData: GuestDataTransfer {
    /// Creates it.
    package init() {}
    package func move(from guest: UserID, to target: UserID) async throws {}
}
