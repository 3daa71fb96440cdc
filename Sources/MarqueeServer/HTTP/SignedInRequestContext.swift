package import Hummingbird
package import MarqueeAccounts
import MarqueeCore

/// The context of a route that needs a sign-in: its group runs `AuthenticationMiddleware` first, so a handler here
/// always has `auth`, the one place a request's sign-in is kept.
package struct SignedInRequestContext: ChildRequestContext, MarqueeContext {
    package var coreContext: CoreRequestContextStorage
    package let clientAddress: String
    /// Who signed in, and how.
    package let auth: Authentication

    /// The signed-in context of a request `AuthenticationMiddleware` has checked.
    package init(context: MarqueeRequestContext) throws {
        guard let auth = context.auth else { throw AuthenticationMiddleware.required }
        coreContext = context.coreContext
        clientAddress = context.clientAddress
        self.auth = auth
    }
}
