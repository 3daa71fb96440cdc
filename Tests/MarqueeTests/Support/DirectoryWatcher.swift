import Foundation
import Glibc

/// Wakes a waiter whenever a file is written or moved into a folder (Linux inotify), so that tests wait for mail
/// to arrive rather than look for it every few milliseconds.
final class DirectoryWatcher: Sendable {
    /// One element per batch of arrivals; finishes once the watcher is stopped.
    let arrivals: AsyncStream<Void>
    private let descriptor: Int32
    private let watch: Int32

    init(_ path: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError.unavailable(errno) }
        watch = inotify_add_watch(descriptor, path, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
        guard watch >= 0 else {
            close(descriptor)
            throw WatchError.unavailable(errno)
        }
        let (arrivals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.arrivals = arrivals
        // A blocking read on a thread of its own: the cooperative pool must not be held up by it. Removing the
        // watch queues IN_IGNORED, which is what ends the read loop.
        Thread.detachNewThread { [descriptor] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            reading: while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                var offset = 0
                while offset + 16 <= count {
                    let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                    let nameLength = buffer.withUnsafeBytes {
                        $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
                    }
                    if mask & UInt32(IN_IGNORED) != 0 { break reading }
                    offset += 16 + Int(nameLength)
                }
                continuation.yield()
            }
            close(descriptor)
            continuation.finish()
        }
    }

    /// Stops watching; `arrivals` finishes.
    func stop() {
        inotify_rm_watch(descriptor, watch)
    }

    /// The first non-nil answer of `look`, asked now and after each arrival in `directory`; nil once `timeout` has
    /// passed without one.
    static func waitFor<T: Sendable>(
        in directory: String, timeout: Duration, _ look: @escaping @Sendable () -> T?
    ) async throws -> T? {
        // Watch before the first look, so that nothing arriving in between goes unnoticed.
        let watcher = try DirectoryWatcher(directory)
        defer { watcher.stop() }
        if let found = look() { return found }
        return await withTaskGroup(of: T?.self) { group in
            group.addTask {
                for await _ in watcher.arrivals {
                    if let found = look() { return found }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    enum WatchError: Error { case unavailable(Int32) }
}
