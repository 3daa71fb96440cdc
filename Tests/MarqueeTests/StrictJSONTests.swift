import Foundation
import Testing

@testable import MarqueeServer

/// Request bodies are JSON exactly as RFC 8259 writes it.
@Suite("Strict JSON")
struct StrictJSONTests {
    @Test("Valid JSON passes, as Foundation reads it too")
    func valid() throws {
        let texts = [
            "{}", "[]", " {\"a\" : [1, 2.5, -0, 1e5, 2E-3, true, false, null, \"x\\u00e9\\ud83d\\ude00\\n\"]}\r\n",
            #"{"a":{"b":{"c":[[]]}},"b":"\"quoted\" \/ \\"}"#, "\"just a string\"", "0", "-12.5e+3",
        ]
        for text in texts {
            #expect(throws: Never.self, "\(text)") { _ = try StrictJSON.check(Array(text.utf8)) }
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
        }
    }

    @Test("Trailing commas, repeated keys (however spelled) and everything else outside the grammar are refused")
    func invalid() {
        let texts = [
            #"{"note":"a",}"#, "[1,]", #"{"note":"x","note":"y"}"#, #"{"note":1,"\u006eote":2}"#, "{'a':1}", "01", "1.",
            "-", "1e", #""\x""#, "\"tab\there\"", #""open"#, "{} x", "{\"a\" 1}", "[1 2]", "tru", "nul", "",
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100), #""\u12""#,
        ]
        for text in texts {
            #expect(throws: StrictJSON.Problem.self, "\(text)") { _ = try StrictJSON.check(Array(text.utf8)) }
        }
    }

    @Test("The outline holds the top-level keys and those of objects one level in, directly or in an array")
    func outline() throws {
        let text =
            #"{"b":1,"snapshot":{"title":"X","extra":{"deep":"1"}},"items":[{"id":"1"},{"id":"2","x":[{"no":1}]},3],"a":[[{"no":1}]]}"#
        let outline = try StrictJSON.check(Array(text.utf8))
        #expect(outline.keys == ["b", "snapshot", "items", "a"])
        #expect(outline.inner == ["snapshot": [["title", "extra"]], "items": [["id"], ["id", "x"]]])
        #expect(try StrictJSON.check(Array("[{\"a\":1}]".utf8)).keys == nil)
    }
}
