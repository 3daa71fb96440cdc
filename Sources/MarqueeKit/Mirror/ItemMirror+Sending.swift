import Foundation
import MarqueeWire

/// Sending the queue: one write at a time, oldest first.
extension ItemMirror {
    /// How a write's attempt went.
    enum Outcome {
        /// The server made it: the changes it logged (none when there was nothing to change).
        case done([ItemChange])
        /// A removal from offline found the item changed elsewhere since it was made, and was not sent.
        case gaveWay
        /// The server could not be reached, or asked to come back later: try again after a wait.
        case later
        /// The server turned it down for good.
        case refused(MarqueeError)
        /// Not now: no session to send it with, or the mirror is stopping. It waits for the session or `start()`.
        case paused
    }

    /// Says the server can be reached again (the network came back): waiting writes are sent now, without waiting
    /// out the time left, and the feed reconnects if it was not connected.
    public func retryNow() async {
        retrySoon()
        await feed.setReachable(true)
    }

    /// Ends the wait before the next attempt, or, when an attempt is on its way, skips the wait after it.
    func retrySoon() {
        failures = 0
        if let backoff {
            backoff.cancel()
        } else if sender != nil {
            retryRequested = true
        }
        kickSender()
    }

    /// Starts sending, unless already sending or there is nothing to send.
    func kickSender() {
        guard started, sender == nil, userID != nil, !layers.queue.isEmpty else { return }
        senderGeneration += 1
        retryRequested = false
        let generation = senderGeneration
        sender = Task { await self.sendQueue(generation) }
    }

    private func sendQueue(_ generation: Int) async {
        defer {
            if generation == senderGeneration { sender = nil }
        }
        while generation == senderGeneration, !Task.isCancelled {
            dropExpired()
            guard let write = layers.queue.first, let user = userID else { return }
            // Never send one person's writes with another's session.
            guard await client.sessions.userID() == user else { return }
            guard generation == senderGeneration, layers.queue.first?.ticket == write.ticket else { continue }
            inFlight = write.ticket
            var outcome = await attempt(write)
            guard generation == senderGeneration else { return }
            inFlight = nil
            if yielding.remove(write.ticket) != nil {
                switch outcome {
                case .later, .paused: outcome = .gaveWay
                case .done, .gaveWay, .refused: break
                }
            }
            // Discarded meanwhile (another person signed in): its answer no longer matters.
            guard layers.queue.first?.ticket == write.ticket else { continue }
            switch outcome {
            case .done(let changes):
                completed(changes)
            case .gaveWay:
                layers.queue.removeFirst()
                settle(write.ticket, .success(nil))
                changed()
            case .refused(let error):
                refuse(error)
            case .paused:
                return
            case .later:
                for index in layers.queue.indices { layers.queue[index].delayed = true }
                persist()
                await waitBeforeRetrying()
            }
        }
    }

    /// Sends `write` once (a clear of several kinds, once per kind).
    private func attempt(_ write: QueuedWrite) async -> Outcome {
        do {
            switch write.action {
            case .save:
                guard let key = write.key, let edit = write.edit else { return .done([]) }
                return .done([try await client.save(list: key.list, kind: key.kind, id: key.id, edit)])
            case .remove:
                guard let key = write.key else { return .done([]) }
                if write.delayed, await changedSince(write, key: key) { return .gaveWay }
                do {
                    return .done([try await client.remove(list: key.list, kind: key.kind, id: key.id)])
                } catch let error as MarqueeError where error.code == "items.not_found" {
                    return .done([])
                }
            case .clear:
                var changes: [ItemChange] = []
                for (kind, experience) in Self.clearRequests(write.kinds) {
                    if let change = try await client.clear(list: write.list, kind: kind, experience: experience) {
                        changes.append(change)
                    }
                }
                return .done(changes)
            }
        } catch let error as MarqueeError {
            return Self.outcome(of: error)
        } catch {
            return .later
        }
    }

    /// Whether the item a removal from offline is about was changed elsewhere after the removal was made (as the web
    /// app checks before sending one). Not when the change was this device's own save.
    private func changedSince(_ write: QueuedWrite, key: ItemKey) async -> Bool {
        guard let current = try? await client.item(list: key.list, kind: key.kind, id: key.id) else { return false }
        return current.updatedAt > write.madeAt && ownStamps[key] != current.updatedAt
    }

    /// The requests a clear of `kinds` takes: one for the whole list, one kind, or an experience's kinds; else one
    /// per kind.
    static func clearRequests(_ kinds: [SavedKind]?) -> [(SavedKind?, Experience?)] {
        guard let kinds else { return [(nil, nil)] }
        if kinds.count == 1 { return [(kinds[0], nil)] }
        if let experience = Experience.allCases.first(where: { Set($0.kinds) == Set(kinds) }) {
            return [(nil, experience)]
        }
        return kinds.map { ($0, nil) }
    }

    /// What a failed attempt means for the write.
    static func outcome(of error: MarqueeError) -> Outcome {
        switch error {
        case .offline:
            return .later
        case .server(let code, _, let status, _, _):
            if status == 408 || status == 429 || status >= 500 { return .later }
            // The session, not the write: it waits for a session that works.
            if status == 401 || code.hasPrefix("auth.") { return .paused }
            return .refused(error)
        case .unreadableResponse(let status):
            // It went through; the feed brings what it changed.
            if (200..<300).contains(status) { return .done([]) }
            if status == 408 || status == 429 || status >= 500 { return .later }
            return .refused(error)
        case .signedOut, .storageUnavailable, .cancelled:
            return .paused
        }
    }

    /// The head of the queue was answered.
    private func completed(_ changes: [ItemChange]) {
        let write = layers.queue.removeFirst()
        for change in changes {
            if change.op == .upsert, let item = change.item { ownStamps[ItemKey(item)] = item.updatedAt }
            if let applied = layers.appliedSeq, change.seq <= applied { continue }
            guard !layers.acked.contains(where: { $0.seq == change.seq }) else { continue }
            layers.acked.append(change)
        }
        layers.acked.sort { $0.seq < $1.seq }
        failures = 0
        settle(write.ticket, .success(changes.last))
        changed()
    }

    /// The server turned the head of the queue down: it is dropped, and its item shows what the server has.
    private func refuse(_ error: MarqueeError) {
        let write = layers.queue[0]
        let message: String
        if case .server(_, let text, _, _, _) = error {
            message = text
        } else {
            message = error.description
        }
        drop(write, code: error.code ?? "mirror.unreadable", message: message)
        settle(write.ticket, .failure(error))
        changed()
    }

    /// Drops the writes that waited more than `writeLifetime` (not one on its way).
    func dropExpired() {
        let oldest = now().addingTimeInterval(-Self.writeLifetime)
        let expired = layers.queue.filter { $0.madeAt < oldest && $0.ticket != inFlight }
        guard !expired.isEmpty else { return }
        for write in expired {
            drop(
                write, code: Refusal.expiredCode,
                message: "Not saved: this change waited more than a week for Marquee to be reachable.")
            settle(write.ticket, .failure(.offline))
        }
        changed()
    }

    /// Takes `write` out of the queue, marks its item refused and lists the refusal.
    private func drop(_ write: QueuedWrite, code: String, message: String) {
        let item = write.key.flatMap { shown[$0]?.item ?? layers.serverItems[$0] }
        layers.queue.removeAll { $0.ticket == write.ticket }
        if let key = write.key { layers.refused[key] = message }
        refusalList.append(
            Refusal(
                ticket: write.ticket, code: code, message: message, action: write.action, list: write.list,
                item: item, madeAt: write.madeAt))
    }

    /// Waits longer after each failure in a row, from 2 seconds to 5 minutes; `retryNow()` and the feed connecting
    /// end the wait early.
    private func waitBeforeRetrying() async {
        guard !retryRequested else {
            retryRequested = false
            return
        }
        failures += 1
        let delay = Duration.seconds(min(1 << min(failures, 9), 300))
        let sleep = sleep
        let wait = Task {
            _ = try? await sleep(delay)
        }
        backoff = wait
        await wait.value
        if backoff == wait { backoff = nil }
    }
}
