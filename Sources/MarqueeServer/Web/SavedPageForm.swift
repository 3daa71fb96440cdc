import MarqueeWeb

/// The saved-list pages' form fields spelled as the API's query: the one sort menu (`order_by=title.asc`) as
/// `sort` and `order`, and the watchlist's Show menu (`show=to_watch`, `watched` or `all`) as `watched`.
enum SavedPageForm {
    static func rewritten(_ parse: RequestParsing) -> RequestParsing {
        var parse = parse
        if let choice = parse.query("order_by") {
            let parts = choice.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 { parse = parse.overriding(["sort": parts[0], "order": parts[1]]) }
        }
        if let show = parse.query("show").flatMap(SavedPage.Show.init), let watched = show.watched {
            parse = parse.overriding(["watched": String(watched)])
        }
        return parse
    }
}
