import Foundation
import Testing

@testable import MarqueeKit

@Suite struct ServerSentEventParserTests {
    /// Every kind of line the format has, with all three line ends and text of one to four UTF-8 bytes a character.
    static let sample = Array(
        ("retry: 2000\n\n"
            + ": heartbeat\n\n"
            + "id: 42:1f3a9c0b\nevent: change\ndata: {\"title\":\"Amélie ∞ 🎬\"}\n\n"
            + "event: snapshot\ndata: first\ndata:second\ndata\n\n"
            + "id: 7\r\nevent: crlf\r\ndata: a\r\n\r\n"
            + "event: cr\rdata: b\r\r"
            + "unknown: field\nretry: soon\ndata:  two spaces\n\n"
            + "event: no-data\nid: 8\n\n"
            + "data: unfinished\n").utf8)

    static let expected: [ServerSentEventParser.Output] = [
        .retry(2000),
        .comment("heartbeat"),
        .event(ServerSentEvent(type: "change", data: "{\"title\":\"Amélie ∞ 🎬\"}", id: "42:1f3a9c0b")),
        .event(ServerSentEvent(type: "snapshot", data: "first\nsecond\n", id: nil)),
        .event(ServerSentEvent(type: "crlf", data: "a", id: "7")),
        .event(ServerSentEvent(type: "cr", data: "b", id: nil)),
        .event(ServerSentEvent(type: "message", data: " two spaces", id: nil)),
    ]

    @Test func readsTheWholeStreamInOneChunk() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Self.sample) == Self.expected)
    }

    @Test func readsTheSameWhereverTheStreamIsCutInTwo() throws {
        for cut in 0...Self.sample.count {
            var parser = ServerSentEventParser()
            let output = try parser.parse(Self.sample[..<cut]) + parser.parse(Self.sample[cut...])
            #expect(output == Self.expected, "cut at byte \(cut)")
        }
    }

    @Test func readsTheSameByteByByte() throws {
        var parser = ServerSentEventParser()
        var output: [ServerSentEventParser.Output] = []
        for byte in Self.sample { output += try parser.parse(CollectionOfOne(byte)) }
        #expect(output == Self.expected)
    }

    @Test func readsDataDelivered() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Data("data: x\n\n".utf8)) == [.event(ServerSentEvent(type: "message", data: "x"))])
    }

    @Test func joinsACharacterSplitAcrossChunks() throws {
        let bytes = Array("data: 🎬\n\n".utf8)
        var parser = ServerSentEventParser()
        #expect(try parser.parse(bytes[..<8]).isEmpty)
        #expect(try parser.parse(bytes[8...]) == [.event(ServerSentEvent(type: "message", data: "🎬"))])
    }

    @Test func takesACarriageReturnEndingAChunkAndALineFeedStartingTheNextAsOneLineEnd() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Array("data: a\r".utf8)).isEmpty)
        // Were the `\n` a line end of its own, it would end the event here.
        #expect(
            try parser.parse(Array("\ndata: b\r\n\r\n".utf8)) == [
                .event(ServerSentEvent(type: "message", data: "a\nb"))
            ])
    }

    @Test func skipsAByteOrderMarkAtTheStartOnly() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var parser = ServerSentEventParser()
        #expect(try parser.parse(bom[..<2]).isEmpty)
        let output = try parser.parse(
            bom[2...] + Array("data: x\n\n".utf8) + bom + Array("data: y\n\ndata: z\n\n".utf8))
        // The second mark makes `\u{FEFF}data` a field nobody knows, so `y` is not an event's data.
        #expect(
            output == [
                .event(ServerSentEvent(type: "message", data: "x")),
                .event(ServerSentEvent(type: "message", data: "z")),
            ])
    }

    @Test func refusesALineLongerThanTheLimitEvenInPieces() throws {
        var parser = ServerSentEventParser(limit: 16)
        #expect(try parser.parse(Array("data: 1234567890".utf8)).isEmpty)
        #expect(throws: ServerSentEventParser.TooLong(limit: 16)) { try parser.parse(Array("x".utf8)) }
    }

    @Test func acceptsALineExactlyAtTheLimit() throws {
        var parser = ServerSentEventParser(limit: 16)
        #expect(
            try parser.parse(Array("data: 1234567890\n\n".utf8)) == [
                .event(ServerSentEvent(type: "message", data: "1234567890"))
            ])
    }

    @Test func refusesAnEventWhoseDataGrowsPastTheLimit() throws {
        var parser = ServerSentEventParser(limit: 16)
        #expect(throws: ServerSentEventParser.TooLong(limit: 16)) {
            try parser.parse(Array("data: 12345\ndata: 12345\ndata: 12345\n".utf8))
        }
    }
}
