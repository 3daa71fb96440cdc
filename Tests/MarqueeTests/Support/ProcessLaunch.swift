import Foundation

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux crashed (a bad pointer while
/// copying the launch state) when suites started processes at the same moment, so every test launch goes here.
enum ProcessLaunch {
    private static let lock = NSLock()

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
