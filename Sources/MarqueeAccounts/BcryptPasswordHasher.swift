import Crypto
import Foundation
import HummingbirdBcrypt
package import NIOPosix

/// bcrypt, run on a thread pool so its deliberate slowness (about a quarter of a second at cost 12) never stalls
/// an event loop or the concurrency pool.
///
/// The password is first reduced to base64(SHA-256): bcrypt reads at most 72 bytes and stops at a NUL byte, so
/// without this, long passwords would be cut short and a NUL would end one early.
package struct BcryptPasswordHasher: PasswordHasher {
    private let cost: UInt8
    private let threadPool: NIOThreadPool

    /// Creates a hasher; `cost` below 12 is for tests only.
    package init(cost: UInt8 = 12, threadPool: NIOThreadPool = .singleton) {
        self.cost = cost
        self.threadPool = threadPool
    }

    package func hash(_ password: String) async throws -> String {
        let cost = cost
        let input = Self.prehash(password)
        return try await threadPool.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    package func verify(_ password: String, against hash: String) async throws -> Bool {
        let input = Self.prehash(password)
        return try await threadPool.runIfActive { Bcrypt.verify(input, hash: hash) }
    }

    static func prehash(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }
}
