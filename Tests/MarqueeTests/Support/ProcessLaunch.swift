import Foundation

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux crashed (a bad pointer while
/// copying the launch state) when suites started processes at the same moment, so every test launch goes here.
enum ProcessLaunch {
    private static let lock = NSLock()

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        // An explicit environment: left nil, `Process.run` copies the C environment itself, and it once crashed
        // doing so (a bad read in memcpy) while other tests were busy.
        if process.environment == nil { process.environment = ProcessInfo.processInfo.environment }
        try process.run()
    }
}
