// swift-tools-version: 6.2
// What MarqueeKit costs an app: `bench/kit` runs this against a release `marquee serve`. It depends on the MarqueeKit
// product as an app would, so building it builds the SDK and the wire types only.
import PackageDescription

let package = Package(
    name: "kit-bench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "marquee", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "kit-bench",
            dependencies: [.product(name: "MarqueeKit", package: "marquee")]
        )
    ]
)
