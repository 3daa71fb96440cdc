/// The one error body: `{"error":{"code":…,"message":…,"requestId":…}}`. Its keys are spelled as the error contract
/// states (`requestId`), so it is encoded and decoded without the snake_case key strategy.
public struct APIError: Codable, Sendable, Equatable, Error {
    /// What went wrong.
    public struct Detail: Codable, Sendable, Equatable {
        /// A stable `area.reason` code, such as `auth.invalid_credentials`.
        public var code: String
        /// A sentence for people.
        public var message: String
        /// The id the server logged the request under.
        public var requestId: String

        /// Creates an error's detail.
        public init(code: String, message: String, requestId: String) {
            self.code = code
            self.message = message
            self.requestId = requestId
        }
    }

    public var error: Detail

    /// Creates an error body.
    public init(code: String, message: String, requestId: String) {
        error = Detail(code: code, message: message, requestId: requestId)
    }
}
