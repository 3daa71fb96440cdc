import Crypto
import Foundation
import MarqueeCore

/// One static file of the web app, held in memory with its validator.
package struct WebAsset: Sendable {
    /// The file's name under `/static/`, e.g. `app.css`.
    package let name: String
    /// The `Content-Type` it is served with.
    package let contentType: String
    /// The file's bytes.
    package let body: [UInt8]
    /// A strong `ETag` (a quoted SHA-256 prefix of the bytes).
    package let etag: String
    /// The short content hash used to version its URL.
    package let version: String
}

/// The web app's stylesheet, scripts and icons: read once at start, served from memory with ETags, and linked by
/// versioned URLs (`/static/app.css?v=…`) so browsers may cache them for a long time.
package struct WebAssets: Sendable {
    private let assets: [String: WebAsset]

    /// Loads every file of the module's `static` folder.
    package static func load() throws -> WebAssets {
        guard let folder = Bundle.module.url(forResource: "static", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        var assets: [String: WebAsset] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let kind = (name as NSString).pathExtension
            if kind == "js" || kind == "css" {
                let text = CommentStripping.stripped(String(decoding: bytes, as: UTF8.self), lineComments: kind == "js")
                bytes = Array(text.utf8)
            }
            assets[name] = WebAsset(bytes: bytes, name: name)
        }
        return WebAssets(assets: assets)
    }

    init(assets: [String: WebAsset]) { self.assets = assets }

    /// Every asset.
    package var all: [WebAsset] { Array(assets.values) }

    /// The asset called `name`, if there is one.
    package func asset(named name: String) -> WebAsset? { assets[name] }

    /// The versioned URL of an asset (its plain path when unknown).
    package func url(_ name: String) -> String {
        guard let asset = assets[name] else { return "/static/\(name)" }
        return "/static/\(name)?v=\(asset.version)"
    }
}

extension WebAsset {
    init(bytes: [UInt8], name: String) {
        let digest = Hex.string(SHA256.hash(data: bytes))
        self.name = name
        self.body = bytes
        self.version = String(digest.prefix(12))
        self.etag = "\"\(digest.prefix(24))\""
        self.contentType = Self.contentType(of: name)
    }

    private static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }
}
