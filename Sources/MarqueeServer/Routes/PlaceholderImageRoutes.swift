import Hummingbird
import MarqueeCatalog
import MarqueeCore
import MarqueeWire
import NIOCore

/// Generated placeholder artwork for the local catalog: `/images/placeholder/{kind}/{id}/{variant}`.
struct PlaceholderImageRoutes {
    let provider: LocalCatalogProvider

    func register(on router: Router<MarqueeRequestContext>) {
        router.get("images/placeholder/{kind}/{id}/{variant}") { request, context in
            let parse = try RequestParsing(request: request, context: context)
            let kind = try MediaKind(parameter: context.parameters.get("kind") ?? "")
            let id = try parse.id()
            guard let variant = context.parameters.get("variant").flatMap(PlaceholderImages.Variant.init(rawValue:))
            else {
                throw DomainError(.invalidParameter, "The image variant must be poster, backdrop or profile.")
            }
            guard let svg = provider.placeholder(kind: kind, id: id, variant: variant) else {
                throw DomainError(.catalogNotFound, "There is no \(kind.rawValue) with id \(id).")
            }
            return Response(
                status: .ok,
                headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
