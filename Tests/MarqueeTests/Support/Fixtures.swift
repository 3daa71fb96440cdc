import Foundation

/// Test fixtures shipped in `Fixtures/`.
enum Fixtures {
    /// The fixture at `relativePath`.
    static func url(_ relativePath: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return root.appendingPathComponent(relativePath)
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
