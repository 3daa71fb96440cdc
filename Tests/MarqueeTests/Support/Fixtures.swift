import Foundation

/// Test fixtures shipped in `Fixtures/`.
enum Fixtures {
    static func data(_ relativePath: String) throws -> Data {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: root.appendingPathComponent(relativePath))
    }
}
