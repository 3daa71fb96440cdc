import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process of a test, started with `posix_spawn`.
///
/// Foundation's `Process.run()` on Linux scans `/proc/self/fd` with a 256-byte copy of each directory entry, which
/// reads past glibc's buffer now and then (swift-corelibs-foundation#5472): the test process crashed in it once
/// the suites held many sockets. Spawning directly avoids the scan. The child keeps only descriptors 0–2 and starts
/// with no blocked signals, whatever the test thread had.
final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    enum Stream {
        /// The test process's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// An open descriptor, such as one end of a `Pipe` or a `FileHandle`'s.
        case descriptor(Int32)
    }

    /// The child's process id.
    let pid: pid_t
    /// The exit status once the child has been reaped.
    private let status = Mutex<Int32?>(nil)

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `executable` (a path, or a name looked up on `PATH`) with `arguments`; `environment` defaults to
    /// this process's.
    static func launch(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        stdin: Stream = .null, stdout: Stream = .inherit, stderr: Stream = .inherit
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            switch stream {
            case .inherit: break
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw ChildProcessFailed(executable: executable, errno: result) }
        return ChildProcess(pid: pid)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not import.
    private static let closeFromAction:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()

    /// Whether the child has not exited yet.
    var isRunning: Bool {
        guard status.withLock({ $0 }) == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return status.withLock { $0 } == nil }
        status.withLock { $0 = Self.decode(raw) }
        return false
    }

    /// Sends `signal` (SIGTERM by default) unless the child has already exited.
    func signal(_ signal: Int32 = SIGTERM) {
        guard isRunning else { return }
        _ = kill(pid, signal)
    }

    /// Waits for the child to exit; its exit code, or 128 + the signal that ended it.
    @discardableResult
    func waitUntilExit() -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, 0)
            if result == pid { break }
            // Another caller reaped it (through `isRunning`) in the meantime.
            if result == -1, errno != EINTR { return status.withLock { $0 } ?? -1 }
        }
        let code = Self.decode(raw)
        status.withLock { $0 = code }
        return code
    }

    /// `waitpid`'s status: WIFEXITED and friends are macros Swift cannot import.
    private static func decode(_ raw: Int32) -> Int32 {
        raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }

    deinit {
        if isRunning {
            _ = kill(pid, SIGKILL)
            waitUntilExit()
        }
    }
}

struct ChildProcessFailed: Error, CustomStringConvertible {
    let executable: String
    let errno: Int32
    var description: String { "could not start \(executable): \(String(cString: strerror(errno)))" }
}
