public import Foundation

/// Where a `ChangeFeed` keeps its resume point (the id of the last change it delivered), so that it resumes after a
/// relaunch instead of asking for everything again. It keeps one point, for one user: saving one for another user
/// replaces it, and loading for another user finds nothing.
///
/// Persist a point only alongside the items it describes: an app that keeps its lists in memory alone should use
/// `MemoryResumePointStore`, or it would resume after changes it no longer holds.
public protocol ResumePointStore: Sendable {
    /// The point saved for `user`, or nil when there is none or it was saved for someone else.
    func load(for user: String) async -> String?
    /// Keeps `point` as `user`'s, replacing any point (of any user).
    func save(_ point: String, for user: String) async
    /// Forgets the point.
    func clear() async
}

/// A `ResumePointStore` in memory: points last as long as the process.
public actor MemoryResumePointStore: ResumePointStore {
    private var saved: (user: String, point: String)?

    /// An empty store.
    public init() {}

    public func load(for user: String) async -> String? {
        saved?.user == user ? saved?.point : nil
    }

    public func save(_ point: String, for user: String) async {
        saved = (user, point)
    }

    public func clear() async {
        saved = nil
    }
}

/// A `ResumePointStore` in one small JSON file (`resume-point.json`) in `directory`, made when first needed. A
/// point that cannot be read or written is treated as none: at worst the next connection starts with a snapshot.
public actor FileResumePointStore: ResumePointStore {
    private struct Saved: Codable, Equatable {
        var user: String
        var point: String
    }

    private let file: URL
    /// What the file holds, once read (`.some(nil)`: no file).
    private var cached: Saved??

    /// A store whose file is in `directory`.
    public init(directory: URL) {
        file = directory.appendingPathComponent("resume-point.json", isDirectory: false)
    }

    public func load(for user: String) async -> String? {
        guard let saved = read() else { return nil }
        guard saved.user == user else {
            // Another user signed in here: their predecessor's point must never be sent for them.
            remove()
            return nil
        }
        return saved.point
    }

    public func save(_ point: String, for user: String) async {
        let saved = Saved(user: user, point: point)
        guard read() != saved else { return }
        cached = .some(saved)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(saved).write(to: file, options: .atomic)
        } catch {
            // A point that was not written only costs a snapshot after the next launch.
        }
    }

    public func clear() async {
        remove()
    }

    private func read() -> Saved? {
        if let cached { return cached }
        let saved = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Saved.self, from: $0) }
        cached = .some(saved)
        return saved
    }

    private func remove() {
        cached = .some(nil)
        try? FileManager.default.removeItem(at: file)
    }
}
