import Foundation
import Testing

@testable import MarqueeKit

@Suite struct ResumePointStoreTests {
    /// A directory of its own for each test, removed afterwards.
    static func withDirectory(_ body: (URL) async throws -> Void) async rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marquee-kit-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    @Test func keepsThePointOfOneUserAcrossInstances() async {
        await Self.withDirectory { directory in
            let store = FileResumePointStore(directory: directory)
            #expect(await store.load(for: "ada") == nil)
            await store.save("41:5c0e92d7", for: "ada")
            await store.save("42:1f3a9c0b", for: "ada")
            #expect(await store.load(for: "ada") == "42:1f3a9c0b")
            #expect(await FileResumePointStore(directory: directory).load(for: "ada") == "42:1f3a9c0b")
        }
    }

    @Test func forgetsThePointWhenAnotherUserLoads() async {
        await Self.withDirectory { directory in
            await FileResumePointStore(directory: directory).save("42:1f3a9c0b", for: "ada")
            let store = FileResumePointStore(directory: directory)
            #expect(await store.load(for: "grace") == nil)
            #expect(await store.load(for: "ada") == nil)
            #expect(await FileResumePointStore(directory: directory).load(for: "ada") == nil)
        }
    }

    @Test func replacesThePointWhenAnotherUserSaves() async {
        await Self.withDirectory { directory in
            let store = FileResumePointStore(directory: directory)
            await store.save("42:1f3a9c0b", for: "ada")
            await store.save("3:00000003", for: "grace")
            #expect(await FileResumePointStore(directory: directory).load(for: "grace") == "3:00000003")
            #expect(await FileResumePointStore(directory: directory).load(for: "ada") == nil)
        }
    }

    @Test func clears() async {
        await Self.withDirectory { directory in
            let store = FileResumePointStore(directory: directory)
            await store.save("42:1f3a9c0b", for: "ada")
            await store.clear()
            #expect(await store.load(for: "ada") == nil)
            #expect(await FileResumePointStore(directory: directory).load(for: "ada") == nil)
        }
    }

    @Test func readsAnUnreadableFileAsNoPoint() async throws {
        try await Self.withDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("not json".utf8).write(to: directory.appendingPathComponent("resume-point.json"))
            #expect(await FileResumePointStore(directory: directory).load(for: "ada") == nil)
        }
    }

    @Test func keepsAPointInMemoryForOneUser() async {
        let store = MemoryResumePointStore()
        await store.save("42:1f3a9c0b", for: "ada")
        #expect(await store.load(for: "ada") == "42:1f3a9c0b")
        #expect(await store.load(for: "grace") == nil)
        await store.clear()
        #expect(await store.load(for: "ada") == nil)
    }
}
