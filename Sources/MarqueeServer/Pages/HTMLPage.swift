import Foundation
import Hummingbird
import MarqueeCore
import NIOCore

/// A minimal server-rendered page: the pages mailed links open, until the web app gives them its own look.
/// Works without JavaScript; every value put in it is escaped.
enum HTMLPage {
    static func response(title: String, _ body: String, status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(escape(title)) · Marquee</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1b1b1f; }
            h1 { font-size: 1.4rem; }
            label, input, button { display: block; width: 100%; box-sizing: border-box; }
            input { margin: .25rem 0 1rem; padding: .6rem; font: inherit; }
            button { padding: .7rem; font: inherit; background: #c2185b; color: #fff; border: 0; border-radius: .4rem; cursor: pointer; }
            .error { color: #b00020; } .hint { color: #555; font-size: .9rem; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            \(body)
            </body>
            </html>
            """
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .init("X-Frame-Options")!: "DENY"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func escape(_ text: String) -> String { text.markupEscaped }

    /// The fields of an `application/x-www-form-urlencoded` body.
    static func form(_ request: Request, limit: Int = 16 * 1024) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: limit)
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        var fields: [String: String] = [:]
        for item in URLComponents(string: "?" + text)?.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }
}
