import Foundation
import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeEvents
import MarqueeSaved
import MarqueeStore
import MarqueeWeb
import MarqueeWire

extension WebPages {
    func registerPersonalPages(on router: Router<MarqueeRequestContext>) {
        router.get("account") { request, context in
            try await rendering(request, context) { visit in
                guard let user = visit.user else { return signInFirst(request) }
                let account = AccountPage.Account(
                    id: user.id.description, method: user.signInMethod, email: user.email,
                    emailVerified: user.emailVerified, isGuest: user.isGuest, hasPassword: user.passwordHash != nil,
                    createdAt: user.createdAt, displayName: user.profile.displayName,
                    region: user.profile.region, language: user.profile.language,
                    temperatureUnit: user.profile.temperatureUnit, experience: visit.experience)
                return try responses.page(
                    AccountPage(
                        chrome: chrome("Account", .settings, visit, scripts: ["forms.js"]), account: account,
                        rules: Self.passwordRules))
            }
        }
        for list in SavedList.allCases {
            router.get(RouterPath(stringLiteral: list.rawValue)) { request, context in
                try await rendering(request, context) { visit in
                    guard let auth = visit.auth else { return signInFirst(request) }
                    let parse = try RequestParsing(request: request, context: context)
                    // The list is part of the cursor's fingerprint, so it is set before the cursor is read.
                    let query = try ItemRoutes.listQuery(
                        SavedPageForm.rewritten(parse).overriding(["list": list.rawValue]))
                    // The page's stream resumes from the visit's latest change, read before these items, so nothing
                    // saved while the page was being drawn is missed (a change already drawn is simply applied again).
                    let (page, cursor) = try await items.page(query, for: auth.userID)
                    let saved = SavedPage(
                        chrome: chrome(
                            list == .favorites ? "Favourites" : "Watchlist",
                            list == .favorites ? .favorites : .watchlist, visit, scripts: ["saved.js"]),
                        list: list, kind: query.kind, watched: query.watched, sort: query.sort.rawValue,
                        order: query.descending ? "desc" : "asc",
                        query: parse.query("q") ?? "", items: page.items, next: cursor,
                        hasEnded: { [now = events.demo.now()] in
                            $0.kind == .event && $0.snapshot.eventHasEnded(now: now)
                        })
                    return try responses.page(saved)
                }
            }
        }
        // Settings are the account page's preferences (what the app is about, units, region, language).
        router.get("settings") { request, context in
            try await rendering(request, context) { visit in
                guard visit.auth != nil else { return signInFirst(request) }
                return responses.redirect(to: "/account#prefs")
            }
        }
        router.get("downloads") { request, context in
            try await rendering(request, context) { visit in
                try responses.page(DownloadsPage(chrome: chrome("Downloads", .downloads, visit)))
            }
        }
    }

    /// The policy's rules, for the forms that set a password.
    static let passwordRules = PasswordPolicy.Problem.allCases.map {
        PasswordRule(
            code: $0.code, text: $0 == .tooCommon ? $0.message + " (checked when you send it)" : $0.message)
    }

    /// The `next` query parameter when it is a path on this site, else the home page.
    func safeNext(_ request: Request) -> String {
        Self.sitePath(request.linkValue("next")) ?? "/"
    }

    /// `path` when it is a path on this site, else nil.
    static func sitePath(_ path: String?) -> String? {
        // Browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example` would leave the site.
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"),
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }),
            let components = URLComponents(string: path), components.scheme == nil, components.host == nil
        else { return nil }
        return path
    }
}
