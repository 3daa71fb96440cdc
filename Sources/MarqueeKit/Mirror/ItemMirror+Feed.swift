import Foundation
import MarqueeWire

/// Following the live feed: its changes and snapshots become the confirmed layer.
extension ItemMirror {
    /// Subscribes to the feed and connects it. It resumes from the feed's own point only when that point is the change
    /// the items reflect; otherwise (or with `forceSnapshot`) the feed forgets it, and is reconnected if it was
    /// connected, so that its next connection starts with a snapshot. A feed connected before this subscription may
    /// have delivered changes the mirror never saw, so it is reconnected too.
    func subscribe(forceSnapshot: Bool) async {
        guard let user = userID else { return }
        feedGeneration += 1
        let generation = feedGeneration
        feedReader?.cancel()
        feedReader = nil
        let running = await feed.isRunning
        var fresh = forceSnapshot || running
        if !fresh {
            let point = await feed.resumePoints.load(for: user)
            fresh = Self.sequenceNumber(of: point) != layers.appliedSeq
        }
        guard generation == feedGeneration else { return }
        if fresh {
            if running { await feed.disconnect() }
            await feed.forgetResumePoint()
        }
        guard generation == feedGeneration else { return }
        let session = try? await client.sessions.session()
        guard generation == feedGeneration else { return }
        subscribedSession = session?.sessionID
        let events = await feed.changes()
        guard generation == feedGeneration else { return }
        feedReader = Task { [weak self] in
            do {
                for try await event in events {
                    guard let self else { return }
                    await self.handle(event, generation: generation)
                }
                await self?.feedEnded(nil, generation: generation)
            } catch {
                await self?.feedEnded(error, generation: generation)
            }
        }
        await feed.connect()
    }

    /// The change number a resume point names (`42` of `42:1f3a9c0b`); nil for none, or one not of that form.
    static func sequenceNumber(of point: String?) -> Int64? {
        guard let point, let number = point.split(separator: ":", omittingEmptySubsequences: false).first else {
            return nil
        }
        return Int64(number)
    }

    private func handle(_ event: LiveEvent, generation: Int) async {
        guard generation == feedGeneration else { return }
        switch event {
        case .connected:
            // The server answers: what waits is sent now rather than after its wait.
            retrySoon()
        case .change(let change):
            await apply(change)
        case .snapshot(let snapshot):
            apply(snapshot)
        case .account, .disconnected:
            break
        }
    }

    /// Applies the next change of the log; one out of sequence means a gap, and a snapshot is asked for.
    private func apply(_ change: ItemChange) async {
        guard let applied = layers.appliedSeq, change.seq <= applied + 1 else {
            await subscribe(forceSnapshot: true)
            return
        }
        guard change.seq == applied + 1 else { return }
        let own = layers.acked.contains { $0.seq == change.seq }
        layers.confirmed.apply(change)
        layers.appliedSeq = change.seq
        layers.acked.removeAll { $0.seq <= change.seq }
        if !own, change.op == .upsert, let item = change.item { giveWay(to: item) }
        changed()
    }

    /// Replaces the confirmed items with everything the server has, at once.
    private func apply(_ snapshot: LiveEvent.Snapshot) {
        layers.confirmed = Dictionary(
            snapshot.items.map { (ItemKey($0), $0) }, uniquingKeysWith: { _, last in last })
        layers.appliedSeq = snapshot.seq
        if snapshot.reason == .reset {
            // The server's log was restored from an older copy: answers it gave before may be gone from it.
            layers.acked = []
        } else {
            layers.acked.removeAll { $0.seq <= snapshot.seq }
        }
        if layers.queue.contains(where: { $0.action == .remove }) {
            for item in snapshot.items { giveWay(to: item) }
        }
        changed()
    }

    /// Drops the removal waiting for `item`, if the item was changed elsewhere after the removal was made and no
    /// earlier write of this device's on it waits (its answer could be this very change). A removal on its way gives
    /// way if it fails to arrive.
    private func giveWay(to item: SavedItem) {
        let key = ItemKey(item)
        guard let index = layers.queue.firstIndex(where: { $0.touches(key) }),
            layers.queue[index].action == .remove, item.updatedAt > layers.queue[index].madeAt,
            ownStamps[key] != item.updatedAt
        else { return }
        let write = layers.queue[index]
        guard write.ticket != inFlight else {
            yielding.insert(write.ticket)
            return
        }
        layers.queue.remove(at: index)
        settle(write.ticket, .success(nil))
    }

    /// The feed ended this mirror's stream: after falling behind, it subscribes again from a snapshot; when the
    /// session ended, it waits for the person to sign in again (`sessionChanged`). The end may come late, after this
    /// mirror followed the change it tells of (someone else signing in, or the same person signing in again): then
    /// it subscribes again.
    private func feedEnded(_ error: (any Error)?, generation: Int) async {
        guard generation == feedGeneration else { return }
        feedReader = nil
        if error is ChangeFeed.FellBehind {
            return await subscribe(forceSnapshot: true)
        }
        let userChanged = error is ChangeFeed.UserChanged
        guard userChanged || (error as? MarqueeError) == .signedOut, let user = userID,
            let session = try? await client.sessions.session(), session.userID == user,
            userChanged || session.sessionID != subscribedSession, generation == feedGeneration
        else { return }
        await subscribe(forceSnapshot: userChanged)
    }
}
