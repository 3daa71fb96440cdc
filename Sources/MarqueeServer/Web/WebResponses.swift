import Foundation
import HTTPTypes
import Hummingbird
import MarqueeCore
import MarqueeWeb
import MarqueeWire
import NIOCore

/// How pages and static files are answered: the security headers every page carries, and conditional requests
/// for static files.
struct WebResponses: Sendable {
    let renderer: WebRenderer
    /// Origins images may come from besides this server (the TMDB image host when TMDB is the source).
    let imageOrigins: [String]
    let publicURL: PublicBaseURL
    /// Static files gzipped once at start, by name (those that shrink).
    private let gzipped: [String: ByteBuffer]

    init(renderer: WebRenderer, imageOrigins: [String], publicURL: PublicBaseURL) {
        self.renderer = renderer
        self.imageOrigins = imageOrigins
        self.publicURL = publicURL
        gzipped = Dictionary(
            uniqueKeysWithValues: renderer.assets.all.compactMap { asset in
                Gzip.compress(ByteBuffer(bytes: asset.body)).map { (asset.name, $0) }
            })
    }

    /// A rendered page. Pages carry the viewer's CSRF token, so no shared cache may keep them; pages holding a
    /// secret of their own (a mailed link's token) pass `no-store`.
    ///
    /// This server's own images (the embedded catalog's come as the API gives them, absolute) are given as paths:
    /// shorter (about 2 KiB off the home page) and good under whatever name the browser used. Only the attributes
    /// that hold images are rewritten; text such as a search for this server's address stays as typed.
    func page<Page: WebPage>(
        _ page: Page, status: HTTPResponse.Status = .ok, cacheControl: String? = nil
    ) throws -> Response {
        var html = try renderer.render(page)
        for attribute in [" src=\"", " data-image=\""] {
            html = html.replacingOccurrences(of: attribute + publicURL.value + "/", with: attribute + "/")
        }
        var response = Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: cacheControl ?? "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        addSecurityHeaders(&response.headers)
        return response
    }

    /// A 303 redirect (never stored): to a page of this site, or to the sign-in provider.
    func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
    }

    /// A static file, gzipped when the browser takes it, answering `If-None-Match` with 304. Versioned URLs (`?v=`
    /// matching the file) may be cached for a year; other requests revalidate after five minutes.
    func asset(_ asset: WebAsset, request: Request, cacheControl: String? = nil) -> Response {
        let versioned = request.linkValue("v").map { $0 == asset.version } ?? false
        let compressed = Gzip.accepted(by: request) ? gzipped[asset.name] : nil
        // Each encoding is a different representation, so it has its own strong validator.
        let gzipTag = String(asset.etag.dropLast()) + "-gz\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: compressed == nil ? asset.etag : gzipTag,
            .cacheControl: cacheControl ?? (versioned ? "public, max-age=31536000, immutable" : "public, max-age=300"),
            .xContentTypeOptions: "nosniff",
        ]
        if gzipped[asset.name] != nil { Gzip.addVary(&headers) }
        let served = headers[.eTag] ?? asset.etag
        if let tags = request.headers[.ifNoneMatch],
            tags.split(separator: ",").contains(where: {
                [served, "*"].contains($0.trimmingCharacters(in: .whitespaces))
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        let body = compressed ?? ByteBuffer(bytes: asset.body)
        if compressed != nil { headers[.contentEncoding] = "gzip" }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Scripts and styles only from this server; images also from the image host; frames only for YouTube's
    /// privacy-enhanced player; nothing may frame these pages.
    func addSecurityHeaders(_ headers: inout HTTPFields) {
        let images = (["'self'", Authenticator.origin(of: publicURL.value)] + imageOrigins).joined(separator: " ")
        // connect-src lists the image hosts too: "Save for offline" fetches the poster into the cache.
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src \(images) data:; script-src 'self'; style-src 'self'; "
            + "connect-src \(images); frame-src https://www.youtube-nocookie.com; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "strict-origin-when-cross-origin"
        headers[.xFrameOptions] = "DENY"
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let serviceWorkerAllowed = Self("Service-Worker-Allowed")!
}
