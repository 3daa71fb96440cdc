public import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `MirrorStore` in one JSON file (`mirror.json`) in `directory`, made when first needed and replaced whole at
/// each save. On iOS, put it in the app's Application Support (or an app group's container): it holds the person's
/// lists and the writes they made offline, which must outlive a restart.
public actor FileMirrorStore: MirrorStore {
    private let directory: URL
    private let file: URL

    /// A store whose file is in `directory`.
    public init(directory: URL) {
        self.directory = directory
        file = directory.appendingPathComponent("mirror.json", isDirectory: false)
    }

    public func load() throws -> MirrorContents? {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
            return nil
        }
        // A file of another format, or damaged, holds nothing that can be used: the next save replaces it.
        return try? JSONDecoder().decode(MirrorContents.self, from: data)
    }

    public func save(_ contents: MirrorContents) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(contents)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    public func remove() throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }
}
