/// What a screen shows: nothing asked for yet, a spinner, an empty state, its content, or why it failed.
///
/// `failed` carries the sentence to show: the server's own when it refused (with its `area.reason` code), or
/// MarqueeKit's when the server could not be reached. A cancelled load never becomes `failed`.
public enum LoadState<Content: Sendable>: Sendable {
    /// Nothing was asked for yet.
    case idle
    /// The answer is on its way.
    case loading
    /// The answer came, with nothing in it.
    case empty
    /// The answer.
    case loaded(Content)
    /// No answer: `message` is for people, `code` is the server's (`catalog.not_found`) when it refused.
    case failed(message: String, code: String?)

    /// The content, when loaded.
    public var content: Content? {
        if case .loaded(let content) = self { return content }
        return nil
    }

    /// Whether the answer is on its way.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Whether the answer came and was empty.
    public var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    /// The sentence to show, when it failed.
    public var errorMessage: String? {
        if case .failed(let message, _) = self { return message }
        return nil
    }

    /// The server's code, when it refused.
    public var errorCode: String? {
        if case .failed(_, let code) = self { return code }
        return nil
    }
}

extension LoadState: Equatable where Content: Equatable {}
