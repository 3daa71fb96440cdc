import Foundation
import MarqueeKit
import MarqueeWire
import Testing

/// MarqueeKit stays an app's library: it depends on Foundation and the wire types only (the build's import check
/// holds each file to the target's declared dependencies; this holds the declaration), and it speaks the server's
/// own wire types, not copies of them.
@Suite("MarqueeKit's boundary")
struct MarqueeKitBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("The MarqueeKit target depends on MarqueeWire alone, and its files import nothing else but the platform")
    func dependencies() throws {
        let manifest = try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8)
        let target = try #require(manifest.firstMatch(of: /name: "MarqueeKit",\s*dependencies: \[([^\]]*)\]/))
        #expect(target.1.replacing(" ", with: "") == #""MarqueeWire""#)
        let sources = Self.root.appending(path: "Sources/MarqueeKit")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var imported = Set<String>()
        for case let file as URL in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(
                of: /(?m)^\s*(?:public |package )?import (\w+)/)
            {
                imported.insert(String(match.1))
            }
        }
        // The platform's C library (for fsync) and Observation (for the view models) ship with Swift, as Foundation
        // does.
        let allowed: Set = [
            "Foundation", "FoundationNetworking", "Observation", "MarqueeWire", "Darwin", "Glibc", "Musl",
        ]
        #expect(imported.isSubset(of: allowed), "\(imported)")
    }

    @Test("The SDK's answers are the server's wire types, read with the server's JSON conventions")
    func sharedTypes() throws {
        let change = ItemChange(
            seq: 3, op: .delete, list: .favorites, kind: .event, id: "demo-1-2-3", item: nil, at: Date())
        let bytes = ItemJSON.bytes(change)
        let read: MarqueeWire.ItemChange = try WireJSON.makeDecoder().decode(ItemChange.self, from: Data(bytes))
        #expect(read.id == change.id && read.kind == .event)
        let event: LiveEvent = .change(read)
        #expect(event == .change(read))
    }
}
