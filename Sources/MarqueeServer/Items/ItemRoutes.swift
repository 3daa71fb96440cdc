import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWire
import NIOCore

/// `/api/v1/me/items`, `/api/v1/me/changes`, export and import: the caller's favourites and watchlist over HTTP.
/// The owner is always the signed-in caller; nothing in a request can name another account.
struct ItemRoutes {
    let items: SavedItemService
    let importer: ItemImporter
    let hub: ChangeHub<ByteBuffer>
    let authentication: AuthenticationMiddleware
    let streams: LiveStreamOpener
    /// The weather beside saved cities (none when the server has no weather provider).
    let cityWeather: SavedCitiesWeather
    /// The lane exports are read and encoded in.
    let bulk: WorkLane
    let now: @Sendable () -> Date

    /// The largest import body.
    static let maxImportSize = 8 << 20

    func register(on router: Router<MarqueeRequestContext>) {
        let me = router.group("api/v1/me").add(middleware: authentication).group(context: SignedInRequestContext.self)
        me.get("items") { request, context in
            json(try await page(try RequestParsing(request: request, context: context), auth: context.auth))
        }
        me.post("items/states") { request, context in
            let body = try await JSONBody.decode(
                ItemStatesRequest.self, from: request, context: context)
            // Any valid id, as for reading an item: one saved before the plain-number rule still has a state.
            let pairs = try body.items.map {
                SavedItemKey(kind: try ItemRules.kind($0.mediaType), id: try ItemRules.id($0.id.text))
            }
            let states = try await items.states(of: pairs, for: context.auth.userID)
            return try json(
                ItemStates(
                    results: pairs.map { pair in
                        let lists = states[pair] ?? []
                        return ItemState(
                            mediaType: pair.kind, id: pair.id, favorites: lists.contains(.favorites),
                            watchlist: lists.contains(.watchlist))
                    }))
        }
        me.get("items/:list/:kind/:id") { request, context in
            let (list, kind, id) = try itemPath(context)
            return json(
                ItemResponses.item(try await items.item(list: list, kind: kind, id: id, for: context.auth.userID)))
        }
        me.put("items/:list/:kind/:id") { request, context in
            let (list, kind, id) = try itemPath(context, saving: true)
            let body = try await JSONBody.decode(
                ItemEditBody.self, from: request, context: context,
                nullable: ItemEditBody.nullable)
            let saved = try await items.save(
                try body.edit(now: now()), list: list, kind: kind, id: id, for: context.auth.userID)
            return json(ItemResponses.change(saved.change), status: saved.created ? .created : .ok)
        }
        me.patch("items/:list/:kind/:id") { request, context in
            let (list, kind, id) = try itemPath(context)
            let body = try await JSONBody.decode(
                ItemEditBody.self, from: request, context: context,
                nullable: ItemEditBody.nullable)
            guard !body.isEmpty else {
                throw DomainError(
                    .invalidBody,
                    "Send at least one field to change: \(BodyFields.of(ItemEditBody.self).top.sorted().joined(separator: ", "))."
                )
            }
            let change = try await items.edit(
                try body.edit(now: now()), list: list, kind: kind, id: id, for: context.auth.userID)
            return json(ItemResponses.change(change))
        }
        me.delete("items/:list/:kind/:id") { request, context in
            let (list, kind, id) = try itemPath(context)
            _ = try RequestParsing(request: request, context: context).query(NoQuery.self)
            return json(
                ItemResponses.change(try await items.remove(list: list, kind: kind, id: id, for: context.auth.userID)))
        }
        me.delete("items/:list") { request, context in
            let list = try ItemRules.list(RequestParsing.pathParameter("list", in: context))
            let query = try RequestParsing(request: request, context: context).query(ClearQuery.self)
            let kinds = try query.kinds()
            guard kinds?.isEmpty != true,
                let change = try await items.clear(list: list, kinds: kinds, for: context.auth.userID)
            else {
                return Response(status: .noContent)
            }
            return json(ItemResponses.change(change))
        }
        me.get("changes") { request, context in
            let parsing = try RequestParsing(request: request, context: context)
            let since = try LiveStreamOpener.since(parsing.query("since"), name: "since") ?? ResumePoint(seq: 0)
            let limit = try parsing.optionalInt("limit", range: 1...1_000) ?? 500
            return try await changes(for: context.auth.userID, since: since, limit: limit)
        }
        me.get("export") { request, context in
            let format = try RequestParsing(request: request, context: context).choice(
                "format", default: ExportFormat.json)
            let snapshot = try await items.snapshot(for: context.auth.userID, batchSize: 50)
            let day = RFC3339.string(now()).prefix(10)
            var response: Response
            switch format {
            case .json:
                response = Response(
                    status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                    body: StreamedItems.export(snapshot, at: now(), in: bulk))
            case .csv:
                response = Response(
                    status: .ok, headers: [.contentType: "text/csv; charset=utf-8"],
                    body: StreamedItems.csv(snapshot, in: bulk))
            }
            response.headers[.contentDisposition] = "attachment; filename=\"marquee-items-\(day).\(format.rawValue)\""
            response.headers[.cacheControl] = "no-store"
            return response
        }
        me.post("import") { request, context in
            let query = try RequestParsing(request: request, context: context).query(ImportQuery.self)
            let format = try query.format.map { text in
                guard let format = ItemImporter.Format(rawValue: text) else {
                    throw DomainError(.unknownImportFormat, "format must be one of: json, csv, letterboxd, imdb.")
                }
                return format
            }
            let list = try query.list.map(ItemRules.list)
            let buffer = try await request.body.collect(upTo: Self.maxImportSize)
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw DomainError(
                    .invalidBody,
                    "The file is not UTF-8 text. Save it as UTF-8 (in a spreadsheet: \"CSV UTF-8\") and import it again."
                )
            }
            guard !text.isEmpty else { throw DomainError(.invalidBody, "The file is empty.") }
            return try json(try await importer.run(text, format: format, list: list, for: context.auth.userID))
        }
        // Not in `me`: the opener checks the sign-in itself, as it does for streams served on the connection.
        router.group("api/v1/me").get("changes/stream") { request, context in
            // Connections normally have this served by `LiveStreamHandler`; it comes here for the errors (and when
            // a connection still owes earlier responses).
            let (stream, since) = try await streams.stream(for: request, logger: context.logger)
            let (subscription, events) = try hub.subscribe(user: stream.auth.userID, sessionID: stream.auth.sessionID)
            try await streams.confirmActive(stream)
            let logger = context.logger
            return Response(
                status: .ok, headers: LiveStreamOpener.headers,
                body: ResponseBody { writer in
                    do {
                        try await stream.run(subscription, events: events, since: since, writer: &writer)
                    } catch let error as ChannelError where error == .ioOnClosedChannel {
                        // The client went away: the usual end of a stream.
                    } catch {
                        logger.notice("Live stream ended", metadata: ["error": "\(error)"])
                        throw error
                    }
                })
        }
    }

    private enum ExportFormat: String, CaseIterable {
        case json, csv
    }

    private func changes(for user: UserID, since: ResumePoint, limit: Int) async throws -> Response {
        let feed = try await items.changes(for: user, after: since, limit: limit)
        if case .changes(let changes, let latest) = feed {
            return json(
                ItemResponses.changes(
                    changes, latest: latest, hasMore: (changes.last?.seq ?? latest) < latest,
                    next: changes.last.map(ResumePoint.init(after:)) ?? since))
        }
        let reason: SnapshotReason = if case .compacted = feed { .compacted } else { .reset }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: StreamedItems.changesSnapshot(try await items.snapshot(for: user), reason: reason, in: bulk))
    }

    /// The saved-items query a request's parameters ask for (also used by the favourites and watchlist pages).
    static func listQuery(_ parsing: RequestParsing) throws -> SavedItemQuery {
        var query = SavedItemQuery()
        query.list = try parsing.query("list").map(ItemRules.list)
        query.kind = try parsing.query("kind").map(ItemRules.kind)
        query.watched = try parsing.flag("watched")
        if let typed = parsing.query("q"), let text = try SearchQuery.text(typed) {
            query.text = text.searchFolded
        }
        query.sort = try parsing.choice("sort", default: SavedItemQuery.Sort.created)
        let defaultOrder = query.sort == .title ? SortOrder.asc : .desc
        query.descending = try parsing.choice("order", default: defaultOrder) == .desc
        query.limit = try parsing.optionalInt("limit", range: 1...100) ?? 20
        if let cursor = parsing.query("cursor")?.nonEmpty { query.after = try ItemCursor.decode(cursor, for: query) }
        return query
    }

    /// The directions of `order`.
    enum SortOrder: String, CaseIterable {
        case asc, desc
    }

    /// The item a path names. Saving holds the id to its kind's form; reading, editing and removing take any valid
    /// id, so that an item saved before that rule can still be reached.
    private func itemPath(_ context: SignedInRequestContext, saving: Bool = false) throws -> (
        SavedList, SavedKind, String
    ) {
        let list = try ItemRules.list(RequestParsing.pathParameter("list", in: context))
        let kind = try ItemRules.kind(RequestParsing.pathParameter("kind", in: context))
        let text = RequestParsing.pathParameter("id", in: context)
        return (list, kind, saving ? try ItemRules.id(text, kind: kind) : try ItemRules.id(text))
    }

    private func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(try JSONResponse.body(value), status: status)
    }

    func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        JSONResponse.make(body, status: status, cacheControl: "no-store")
    }
}
