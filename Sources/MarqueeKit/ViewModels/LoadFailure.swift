/// How an error reads on screen: the server's sentence when it refused, MarqueeKit's own otherwise. There is none
/// for a cancellation: a screen that was left, or a query that was replaced, has nothing to say.
struct LoadFailure: Sendable, Equatable {
    var message: String
    var code: String?

    /// The failure `error` shows as; nil when it is a cancellation.
    init?(_ error: any Error) {
        if error is CancellationError { return nil }
        if let error = error as? DeviceFailure {
            self.init(message: error.message, code: nil)
            return
        }
        guard let error = error as? MarqueeError else {
            self.init(message: "Something went wrong. Try again.", code: nil)
            return
        }
        switch error {
        case .cancelled:
            return nil
        case .server(let code, let message, _, _, _):
            self.init(message: message, code: code)
        case .offline:
            self.init(message: "You're offline. Check your connection and try again.", code: nil)
        case .signedOut:
            self.init(message: "You're signed out. Sign in to carry on.", code: nil)
        case .storageUnavailable:
            self.init(message: "Your sign-in can't be read right now. Unlock your device and try again.", code: nil)
        case .unreadableResponse:
            self.init(message: "The server's answer couldn't be read. Try again later.", code: nil)
        }
    }

    init(message: String, code: String?) {
        self.message = message
        self.code = code
    }
}

extension LoadState {
    /// The state of a load that failed with `error`; nil when it was cancelled.
    static func failure(_ error: any Error) -> LoadState? {
        LoadFailure(error).map { .failed(message: $0.message, code: $0.code) }
    }
}

/// Something on this device failed (a file that could not be read), with the sentence to show for it.
struct DeviceFailure: Error, Sendable {
    var message: String
}
