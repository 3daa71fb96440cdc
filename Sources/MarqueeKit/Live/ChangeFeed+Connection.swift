import Foundation
import MarqueeWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one connection attempt ended.
enum ConnectionEnding: Sendable {
    /// The server ended the session (`end`), or there is none.
    case signedOut
    /// The runner was stopped.
    case cancelled
    /// The server closed the stream.
    case closed
    /// The idle timeout passed without a byte.
    case idle
    /// No answer, a broken connection, or a stream that could not be read.
    case failed(MarqueeError)
    /// An answer other than 200.
    case refused(Refusal)

    /// The server's answer to a connection it refused.
    struct Refusal: Sendable {
        var error: MarqueeError
        var status: Int
        /// `Retry-After`, in seconds.
        var retryAfter: Int?
        /// The token the request carried.
        var token: String
    }
}

/// What an event of the stream says, read off the actor.
enum FeedMessage: Sendable {
    case change(ItemChange, id: String?)
    case snapshotPart(StreamSnapshot, id: String?)
    case account(Account.Profile)
    case end
    case retry(Duration)
}

extension ChangeFeed {
    /// One attempt: asks for a token, opens the stream and reads it until it ends, while a watchdog drops it when it
    /// is silent (before the answer too) for the idle timeout.
    func attempt(_ generation: Int) async -> ConnectionEnding {
        guard let user = await credentials.userID() else { return .signedOut }
        guard await adopt(user: user, generation: generation) else { return .cancelled }
        let token: String
        do {
            token = try await credentials.accessToken()
        } catch {
            return Self.ending(for: error)
        }
        let request = streamRequest(token: token)
        let activity = Locked(ContinuousClock.now)
        let idleTimeout = policy.idleTimeout
        return await withTaskGroup(of: ConnectionEnding?.self) { group in
            group.addTask { await self.read(request, token: token, generation: generation, activity: activity) }
            group.addTask { await Self.watch(activity, idleTimeout: idleTimeout) }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .cancelled
        }
    }

    /// The stream's request: the token, and the point to resume from when there is one.
    private func streamRequest(token: String) -> URLRequest {
        var request = URLRequest(url: streamURL)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue(prepareConnection(), forHTTPHeaderField: "Last-Event-ID")
        return request
    }

    /// Opens the stream and hands what it says to the actor, chunk by chunk; parsing and decoding happen here, off
    /// the actor.
    private nonisolated func read(
        _ request: URLRequest, token: String, generation: Int, activity: Locked<ContinuousClock.Instant>
    ) async -> ConnectionEnding {
        let head: HTTPURLResponse
        let body: AsyncThrowingStream<Data, any Error>
        do {
            (head, body) = try await transport.stream(request)
        } catch {
            return Self.ending(for: error)
        }
        activity.withLock { $0 = .now }
        guard head.statusCode == 200 else {
            return .refused(await Self.refusal(head, body: body, token: token))
        }
        let type = head.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        guard type.hasPrefix("text/event-stream") else { return .failed(.unreadableResponse(status: 200)) }
        guard await opened(generation: generation) else { return .cancelled }

        var parser = ServerSentEventParser()
        let decoder = WireJSON.makeDecoder()
        do {
            for try await chunk in body {
                activity.withLock { $0 = .now }
                let (messages, readable) = Self.messages(try parser.parse(chunk), decoder: decoder)
                if !messages.isEmpty, let ending = await deliver(messages, generation: generation) { return ending }
                // What could not be read is not skipped, which would leave a gap: the next connection resumes
                // from the last change delivered.
                guard readable else { return .failed(.unreadableResponse(status: 200)) }
            }
        } catch is ServerSentEventParser.TooLong {
            return .failed(.unreadableResponse(status: 200))
        } catch {
            return Self.ending(for: error)
        }
        return Task.isCancelled ? .cancelled : .closed
    }

    /// Returns `.idle` once nothing has happened for `idleTimeout`, or nil when cancelled.
    private static func watch(_ activity: Locked<ContinuousClock.Instant>, idleTimeout: Duration) async
        -> ConnectionEnding?
    {
        while true {
            let deadline = activity.current + idleTimeout
            if ContinuousClock.now >= deadline { return .idle }
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return nil
            }
        }
    }

    /// The events of one chunk as messages; `readable` is false when one could not be decoded (those before it are
    /// kept). Comments and events of kinds a later server may add are left out.
    private static func messages(
        _ outputs: [ServerSentEventParser.Output], decoder: JSONDecoder
    ) -> (messages: [FeedMessage], readable: Bool) {
        var messages: [FeedMessage] = []
        for output in outputs {
            switch output {
            case .comment:
                continue
            case .retry(let milliseconds):
                messages.append(.retry(.milliseconds(milliseconds)))
            case .event(let event):
                do {
                    let data = Data(event.data.utf8)
                    switch event.type {
                    case "change":
                        messages.append(.change(try decoder.decode(ItemChange.self, from: data), id: event.id))
                    case "snapshot":
                        messages.append(
                            .snapshotPart(try decoder.decode(StreamSnapshot.self, from: data), id: event.id))
                    case "account":
                        messages.append(.account(try decoder.decode(AccountNotice.self, from: data).profile))
                    case "end":
                        messages.append(.end)
                    default:
                        continue
                    }
                } catch {
                    return (messages, false)
                }
            }
        }
        return (messages, true)
    }

    /// What a refusal's body (the API's error body, when it is one) and headers say.
    private static func refusal(
        _ head: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>, token: String
    ) async -> ConnectionEnding.Refusal {
        var data = Data()
        do {
            for try await chunk in body {
                data.append(chunk)
                if data.count > 64 << 10 { break }
            }
        } catch {
            // A body cut short is read as far as it came.
        }
        // Read as any answer is: the error body, or the status alone.
        let reply = Reply(data: data, response: head)
        return ConnectionEnding.Refusal(
            error: reply.error, status: reply.status, retryAfter: reply.retryAfter, token: token)
    }

    /// How an error thrown by the transport or the credentials ends an attempt (as `Connection.failure` reads it).
    static func ending(for error: any Error) -> ConnectionEnding {
        switch Connection.failure(error) {
        case .cancelled: .cancelled
        case .signedOut: .signedOut
        case let failure: .failed(failure)
        }
    }
}

/// The data of an `account` event.
private struct AccountNotice: Decodable {
    var profile: Account.Profile
}
