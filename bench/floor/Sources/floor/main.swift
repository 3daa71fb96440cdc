import Hummingbird

/// `floor PORT`: serves `GET /healthz` with "ok" and nothing else — no middleware, no logging.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 18090
let router = Router()
router.get("healthz") { _, _ in "ok" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
