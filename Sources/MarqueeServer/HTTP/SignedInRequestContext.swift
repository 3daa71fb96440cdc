public import Hummingbird
public import MarqueeAccounts
import MarqueeCore

/// The context of a route that needs a sign-in: its group runs `AuthenticationMiddleware` first, so a handler here
/// always has `auth`, the one place a request's sign-in is kept.
public struct SignedInRequestContext: ChildRequestContext, MarqueeContext {
    public var coreContext: CoreRequestContextStorage
    public let clientAddress: String
    /// Who signed in, and how.
    public let auth: Authentication

    /// The signed-in context of a request `AuthenticationMiddleware` has checked.
    public init(context: MarqueeRequestContext) throws {
        guard let auth = context.auth else { throw AuthenticationMiddleware.required }
        coreContext = context.coreContext
        clientAddress = context.clientAddress
        self.auth = auth
    }
}
