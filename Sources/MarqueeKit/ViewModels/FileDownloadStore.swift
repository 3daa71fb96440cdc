public import Foundation
public import MarqueeWire

/// Keeps each download as a JSON file in one directory (made when first needed): `movie-603.json`.
public actor FileDownloadStore: DownloadStore {
    /// The directory the files are in.
    public let directory: URL

    /// Creates a store of the files in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    public func save(_ download: Download) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = try WireJSON.makeEncoder().encode(download)
        try data.write(to: file(download.kind, download.titleID), options: .atomic)
    }

    public func all() throws -> [Download] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        // A file that cannot be read (half written by an older version, say) is left out rather than fail the list.
        let downloads = names.filter { $0.hasSuffix(".json") }.compactMap { name in
            try? read(directory.appendingPathComponent(name))
        }
        return downloads.sorted { $0.savedAt > $1.savedAt }
    }

    public func download(kind: MediaKind, id: Int) throws -> Download? {
        let url = file(kind, id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try read(url)
    }

    public func remove(kind: MediaKind, id: Int) throws {
        let url = file(kind, id)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }

    private func file(_ kind: MediaKind, _ id: Int) -> URL {
        directory.appendingPathComponent("\(kind.rawValue)-\(id).json")
    }

    private func read(_ url: URL) throws -> Download {
        try WireJSON.makeDecoder().decode(Download.self, from: Data(contentsOf: url))
    }
}
