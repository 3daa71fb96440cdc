// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "marquee",
    // The server's modules use Synchronization (macOS 15); MarqueeKit itself needs no more than iOS 17 / macOS 14.
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "marquee", targets: ["marquee"]),
        // The Swift SDK: Foundation and the wire types only.
        .library(name: "MarqueeKit", targets: ["MarqueeKit", "MarqueeWire"]),
        // MarqueeKit's end-to-end example.
        .executable(name: "marquee-kit-demo", targets: ["marquee-kit-demo"]),
        // MarqueeKit over AsyncHTTPClient, for server-side Swift.
        .library(name: "MarqueeKitAsyncHTTPClient", targets: ["MarqueeKitAsyncHTTPClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "4.1.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // Builds MarqueeKit's documentation: `swift package generate-documentation --target MarqueeKit`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // What the API sends and accepts: Foundation only, so the Swift SDK can share it.
        .target(
            name: "MarqueeWire",
            swiftSettings: swiftSettings
        ),
        // The Swift SDK an app sits on: Foundation and the wire types, nothing of the server.
        .target(
            name: "MarqueeKit",
            dependencies: ["MarqueeWire"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "marquee-kit-demo",
            dependencies: ["MarqueeKit", "MarqueeWire"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeKitAsyncHTTPClient",
            dependencies: [
                "MarqueeKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeCore",
            dependencies: ["MarqueeWire"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeStore",
            dependencies: ["MarqueeCore", "MarqueeWire"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeStoreSQL",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                // Its SQLite is used through the C API too (VaporCSQLite, which has no product of its own).
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeUpstream",
            dependencies: [
                "MarqueeCore",
                "MarqueeStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeCatalog",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeUpstream",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/catalog")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeWeather",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeUpstream",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/cities")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeArt",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeUpstream",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/art")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeEvents",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeUpstream",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeAccounts",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeSaved",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeCatalog",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeWeb",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources/templates"), .copy("Resources/static")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MarqueeServer",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeWeb",
                "MarqueeStore",
                "MarqueeStoreSQL",
                "MarqueeCatalog",
                "MarqueeAccounts",
                "MarqueeSaved",
                "MarqueeWeather",
                "MarqueeArt",
                "MarqueeEvents",
                "MarqueeUpstream",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            resources: [.copy("Resources/openapi.json")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "marquee",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeServer",
                "MarqueeCatalog",
                "MarqueeStore",
                "MarqueeStoreSQL",
                "MarqueeAccounts",
                "MarqueeWeather",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MarqueeTests",
            dependencies: [
                "MarqueeCore",
                "MarqueeWire",
                "MarqueeStore",
                "MarqueeStoreSQL",
                "MarqueeCatalog",
                "MarqueeAccounts",
                "MarqueeSaved",
                "MarqueeServer",
                "MarqueeWeb",
                "MarqueeWeather",
                "MarqueeArt",
                "MarqueeEvents",
                "MarqueeUpstream",
                "MarqueeKit",
                "MarqueeKitAsyncHTTPClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        // The SDK on its own, against scripted transports; MarqueeTests drives it against the real server.
        .testTarget(
            name: "MarqueeKitTests",
            dependencies: ["MarqueeKit", "MarqueeWire"],
            swiftSettings: swiftSettings
        ),
    ]
)
