import Logging
import MarqueeAccounts
import ServiceLifecycle

/// Sends mail in the background, so a request never waits on (or reveals through its timing) the mail server.
/// Failed deliveries are retried with growing pauses; what still fails is logged.
struct MailQueue: Mailer, Service {
    private let delivery: any Mailer
    private let logger: Logger
    private let retryDelays: [Duration]
    private let stream: AsyncStream<MailMessage>
    private let continuation: AsyncStream<MailMessage>.Continuation

    init(delivery: any Mailer, logger: Logger, retryDelays: [Duration] = [.seconds(5), .seconds(30), .seconds(120)]) {
        self.delivery = delivery
        self.logger = logger
        self.retryDelays = retryDelays
        (stream, continuation) = AsyncStream.makeStream(of: MailMessage.self)
    }

    func send(_ message: MailMessage) {
        continuation.yield(message)
    }

    func run() async throws {
        await withDiscardingTaskGroup { group in
            for await message in stream.cancelOnGracefulShutdown() {
                group.addTask { await deliver(message) }
            }
        }
    }

    private func deliver(_ message: MailMessage) async {
        for attempt in 0...retryDelays.count {
            do {
                try await delivery.send(message)
                return
            } catch {
                guard attempt < retryDelays.count else {
                    logger.error(
                        "Mail could not be delivered", metadata: ["to": "\(message.to)", "error": "\(error)"])
                    return
                }
                logger.warning(
                    "Mail delivery failed; will retry",
                    metadata: ["to": "\(message.to)", "error": "\(error)", "attempt": "\(attempt + 1)"])
                try? await Task.sleep(for: retryDelays[attempt])
            }
        }
    }
}
