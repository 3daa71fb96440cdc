import HummingbirdBcrypt
public import NIOPosix

/// bcrypt, run on a thread pool so its deliberate slowness (about a quarter of a second at cost 12) never stalls
/// an event loop or the concurrency pool.
public struct BcryptPasswordHasher: PasswordHasher {
    private let cost: UInt8
    private let threadPool: NIOThreadPool

    /// Creates a hasher; `cost` below 12 is for tests only.
    public init(cost: UInt8 = 12, threadPool: NIOThreadPool = .singleton) {
        self.cost = cost
        self.threadPool = threadPool
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
