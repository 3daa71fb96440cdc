// swift-tools-version: 6.2
// The smallest Hummingbird 2 server: one route answering "ok". `bench/one-connection` measures it beside Marquee
// to show how much of a round trip the HTTP stack itself takes on this machine.
import PackageDescription

let package = Package(
    name: "floor",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1")
    ],
    targets: [
        .executableTarget(
            name: "floor",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        )
    ]
)
