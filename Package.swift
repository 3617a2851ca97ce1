// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// A product the server (and its CLI) needs, used only with the `Server` trait. An app that adds
/// this package with `traits: []` gets the SDK and the wire types, and SwiftPM fetches none of the
/// server's packages: it leaves out a dependency whose every use is behind a disabled trait.
/// The trait is on by default, so `swift run latchkey serve` and `swift test` build everything.
func server(_ product: String, from package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Server"]))
}

/// How the embedded store's SQLite is compiled. Each connection is driven by one thread at a time
/// under its handle's lock and opened with `SQLITE_OPEN_NOMUTEX`, so the connections need no
/// mutex of their own (`THREADSAFE=2`); string literals in double quotes are errors, not
/// identifiers that fall back to strings (`DQS=0`); nothing loads extensions, shares a cache,
/// calls a deprecated function or a progress handler, so those are left out; freed pages are
/// zeroed by default as the store asks with `PRAGMA secure_delete`; `sqlite_stmt` lets a test count
/// re-preparations; and a statement may bind as many values as it did under sqlite-nio's build.
let sqliteSettings: [CSetting] = [
    .define("SQLITE_THREADSAFE", to: "2"),
    .define("SQLITE_DQS", to: "0"),
    .define("SQLITE_DEFAULT_MEMSTATUS", to: "0"),
    .define("SQLITE_LIKE_DOESNT_MATCH_BLOBS"),
    .define("SQLITE_OMIT_DEPRECATED"),
    .define("SQLITE_OMIT_LOAD_EXTENSION"),
    .define("SQLITE_OMIT_SHARED_CACHE"),
    .define("SQLITE_OMIT_PROGRESS_CALLBACK"),
    .define("SQLITE_SECURE_DELETE"),
    .define("SQLITE_ENABLE_STMTVTAB"),
    .define("SQLITE_MAX_VARIABLE_NUMBER", to: "250000"),
    .define("SQLITE_USE_ALLOCA"),
    .define("SQLITE_ENABLE_API_ARMOR", .when(configuration: .debug)),
]

let package = Package(
    name: "latchkey",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        .executable(name: "latchkey", targets: ["LatchkeyCLI"]),
        .library(name: "Latchkey", targets: ["Latchkey"]),
        .library(name: "LatchkeyServer", targets: ["LatchkeyServer"]),
        .library(name: "LatchkeyWire", targets: ["LatchkeyWire"]),
    ],
    traits: [
        .trait(name: "Server", description: "The server, its CLI and their dependencies; turn off to fetch only the SDK"),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.4"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // OTLP over HTTP only: the gRPC exporter would build gRPC for nothing.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // `serve`'s settings from flags, the environment and a JSON or YAML file.
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: ["JSON", "YAML", "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        // The configuration file's keys, checked against the declared settings.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(name: "LatchkeyWire", swiftSettings: swiftSettings),
        // The kernel's random bytes in one call (Sources/LatchkeySystemRandom/SystemRandom.c).
        .target(name: "LatchkeySystemRandom"),
        // SQLite, built from the amalgamation in its folder (its README says which and from where)
        // with the options the embedded store relies on.
        .target(name: "CLatchkeySQLite", exclude: ["README.md"], cSettings: sqliteSettings),
        .target(
            name: "LatchkeyServer",
            dependencies: [
                "LatchkeyWire",
                "LatchkeySystemRandom",
                "CLatchkeySQLite",
                server("Hummingbird", from: "hummingbird"),
                server("HummingbirdCore", from: "hummingbird"),
                server("HummingbirdHTTP2", from: "hummingbird"),
                server("NIOSSL", from: "swift-nio-ssl"),
                server("HummingbirdBcrypt", from: "hummingbird-auth"),
                server("Crypto", from: "swift-crypto"),
                server("Logging", from: "swift-log"),
                server("DequeModule", from: "swift-collections"),
                server("NIOCore", from: "swift-nio"),
                server("NIOPosix", from: "swift-nio"),
                server("NIOHTTPTypes", from: "swift-nio-extras"),
                server("ServiceLifecycle", from: "swift-service-lifecycle"),
                server("UnixSignals", from: "swift-service-lifecycle"),
                server("Prometheus", from: "swift-prometheus"),
                server("SQLKit", from: "sql-kit"),
                server("SQLiteKit", from: "sqlite-kit"),
                server("PostgresKit", from: "postgres-kit"),
                server("PostgresNIO", from: "postgres-nio"),
                server("AsyncHTTPClient", from: "async-http-client"),
                server("Mustache", from: "swift-mustache"),
                server("CryptoExtras", from: "swift-crypto"),
                server("AsyncAlgorithms", from: "swift-async-algorithms"),
                server("Tracing", from: "swift-distributed-tracing"),
                server("OTel", from: "swift-otel"),
                server("Configuration", from: "swift-configuration"),
                server("SystemPackage", from: "swift-system"),
                server("Yams", from: "Yams"),
            ],
            // Resources/ is compiled into the target by the EmbedResources plugin, not copied into a
            // bundle: a bundle is found by the build folder's path, which a copied binary lacks.
            exclude: ["Resources"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),
        // Writes a target's Resources/ as Swift source at build time (Plugins/EmbedResources).
        .executableTarget(name: "ResourceEmbedder", swiftSettings: swiftSettings),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .target(name: "Latchkey", dependencies: ["LatchkeyWire"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "LatchkeyCLI",
            dependencies: [
                "LatchkeyServer",
                server("ArgumentParser", from: "swift-argument-parser"),
                server("ServiceLifecycle", from: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "LatchkeyQuickStart",
            dependencies: ["Latchkey"],
            path: "Examples/QuickStart",
            swiftSettings: swiftSettings
        ),
        // Bare Hummingbird answering Latchkey's hello bytes: the hello scenario's floor in bench/run.
        .executableTarget(
            name: "LatchkeyHelloFloor",
            dependencies: [server("Hummingbird", from: "hummingbird")],
            path: "bench/hello-floor",
            swiftSettings: swiftSettings
        ),
        // The push stand-ins as a process of their own, for bench/push.
        .executableTarget(name: "LatchkeyPushFake", dependencies: ["LatchkeyPushFakes"], path: "bench/push-fake", swiftSettings: swiftSettings),
        .testTarget(name: "LatchkeyWireTests", dependencies: ["LatchkeyWire"], swiftSettings: swiftSettings),
        .testTarget(name: "ResourceEmbedderTests", dependencies: ["ResourceEmbedder"], swiftSettings: swiftSettings),
        // Sets Swift Testing's parallelism to four tests per core as the test process loads,
        // unless the environment sets it (Tests/LatchkeyTestParallelism/TestParallelism.c).
        .target(name: "LatchkeyTestParallelism", path: "Tests/LatchkeyTestParallelism"),
        // What both test targets use: a fake identity provider over real HTTP (a target, not a
        // test target, so its dependencies go behind the Server trait like the server's).
        .target(
            name: "LatchkeyTestSupport",
            dependencies: [
                "LatchkeyTestParallelism",
                "LatchkeyWire",
                server("Hummingbird", from: "hummingbird"),
                server("Crypto", from: "swift-crypto"),
                server("CryptoExtras", from: "swift-crypto"),
                server("ServiceLifecycle", from: "swift-service-lifecycle"),
                server("Logging", from: "swift-log"),
                server("NIOConcurrencyHelpers", from: "swift-nio"),
            ],
            path: "Tests/LatchkeyTestSupport",
            swiftSettings: swiftSettings
        ),
        // Stand-ins for APNs and FCM over TLS and HTTP/2 (a target of their own, so a bench can
        // run them too).
        .target(
            name: "LatchkeyPushFakes",
            dependencies: [
                "LatchkeyTestSupport",
                server("Hummingbird", from: "hummingbird"),
                server("HummingbirdHTTP2", from: "hummingbird"),
                server("NIOSSL", from: "swift-nio-ssl"),
                server("Crypto", from: "swift-crypto"),
                server("CryptoExtras", from: "swift-crypto"),
                server("X509", from: "swift-certificates"),
                server("SwiftASN1", from: "swift-asn1"),
                server("Logging", from: "swift-log"),
                server("NIOConcurrencyHelpers", from: "swift-nio"),
            ],
            path: "Tests/LatchkeyPushFakes",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LatchkeyTests",
            dependencies: [
                "Latchkey",
                "LatchkeyServer",
                "LatchkeyTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LatchkeyServerTests",
            dependencies: [
                "LatchkeyServer",
                "LatchkeyWire",
                "LatchkeyTestSupport",
                "LatchkeyPushFakes",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "CLatchkeySQLite",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
