// marquee-kit-demo: MarqueeKit's end-to-end example, built on MarqueeKit alone. It signs in (or starts a guest),
// prints the favourites, and keeps printing them as they change on any device.
//
//   swift run marquee-kit-demo [--server http://127.0.0.1:8080] [--email ada@example.com --password …]
//
// The session, the mirror of the favourites and the stream's resume point are kept in ~/.marquee-kit-demo (or
// $MARQUEE_KIT_DEMO_DIR), so the next run carries on where this one stopped.
import Foundation
import MarqueeKit
import MarqueeWire

let options = DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
let folder = options.folder
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

let sessions = SessionManager(storage: FileSessionStorage(url: folder.appending(path: "session.json")))
let client = MarqueeClient(baseURL: options.server, sessions: sessions)

do {
    switch try await sessions.restore() {
    case .signedIn(let session, _) where options.email == nil:
        say("Signed in as \(session.isGuest ? "a guest" : session.userID.prefix(8)) (kept from the last run).")
    default:
        if let email = options.email, let password = options.password {
            let account = try await client.signIn(email: email, password: password)
            say("Signed in as \(account.email ?? email).")
        } else {
            let account = try await client.startGuest()
            say(
                "Started a guest (\(account.shortId)). Heart something in the web app signed in as it, or pass "
                    + "--email and --password.")
        }
    }
    let feed = ChangeFeed(
        baseURL: options.server, transport: URLSessionTransport(), credentials: sessions,
        resumePoints: FileResumePointStore(directory: folder))
    let mirror = ItemMirror(client: client, feed: feed, store: FileMirrorStore(directory: folder))
    let updates = await mirror.updates()
    await mirror.start()
    var shown = await mirror.items(in: .favorites)
    printFavourites(shown)
    for await _ in updates {
        let now = await mirror.items(in: .favorites)
        guard now != shown else { continue }
        shown = now
        printFavourites(now)
    }
} catch let error as MarqueeError {
    FileHandle.standardError.write(Data("marquee-kit-demo: \(error)\n".utf8))
    exit(1)
}

/// Prints the favourites as the mirror has them, a pending save marked with `…`.
func printFavourites(_ items: [MirroredItem]) {
    let time = Date().formatted(date: .omitted, time: .standard)
    say("\n\(time) · \(items.count) favourite\(items.count == 1 ? "" : "s")")
    for entry in items {
        let mark =
            switch entry.state {
            case .confirmed: " "
            case .pending: "…"
            case .refused: "!"
            }
        let note = entry.item.note.map { " — \($0)" } ?? ""
        say(" \(mark) [\(entry.item.kind.rawValue)] \(entry.item.snapshot.title)\(note)")
    }
}

/// Writes a line at once (`print` would hold it in a buffer when the output is a file or a pipe).
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// What the command line says.
struct DemoOptions {
    var server = URL(string: "http://127.0.0.1:8080")!
    var email: String?
    var password: String?
    var folder: URL

    init(arguments: [String]) {
        folder =
            ProcessInfo.processInfo.environment["MARQUEE_KIT_DEMO_DIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".marquee-kit-demo")
        var rest = arguments[...]
        while let name = rest.popFirst() {
            let value = rest.popFirst()
            switch (name, value) {
            case ("--server", let text?): server = URL(string: text) ?? server
            case ("--email", let text?): email = text
            case ("--password", let text?): password = text
            default:
                say("Usage: marquee-kit-demo [--server URL] [--email ADDRESS --password PASSWORD]")
                exit(name == "--help" ? 0 : 2)
            }
        }
    }
}
