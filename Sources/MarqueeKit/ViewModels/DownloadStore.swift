public import MarqueeWire

/// Where titles kept for offline are stored. `FileDownloadStore` keeps them as files; an app may keep them
/// anywhere else.
public protocol DownloadStore: Sendable {
    /// Keeps `download`, in place of any earlier copy of the same title.
    func save(_ download: Download) async throws
    /// Every download, the most recently saved first.
    func all() async throws -> [Download]
    /// The download of one title, if it was saved.
    func download(kind: MediaKind, id: Int) async throws -> Download?
    /// Forgets the download of one title; nothing happens when there is none.
    func remove(kind: MediaKind, id: Int) async throws
}
