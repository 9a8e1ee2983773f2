// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 language mode comes from the tools version; these
/// make existential types and import visibility explicit, as the style guide asks.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Harbor",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Harbor", targets: ["Harbor"]),
        .library(name: "HarborRelay", targets: ["HarborRelay"]),
        .library(name: "HarborStores", targets: ["HarborStores"]),
        .library(name: "HarborTesting", targets: ["HarborTesting"]),
        .library(name: "HarborSQLite", targets: ["HarborSQLite"]),
        .library(name: "HarborHTTP", targets: ["HarborHTTP"]),
        .library(name: "HarborPostgres", targets: ["HarborPostgres"]),
        .library(name: "HarborPrometheus", targets: ["HarborPrometheus"]),
        .library(name: "HarborOTLP", targets: ["HarborOTLP"]),
        .library(name: "WordCounter", targets: ["WordCounter"]),
        .executable(name: "wordcounter", targets: ["wordcounter"]),
        .executable(name: "boxes", targets: ["boxes"]),
        .executable(name: "todos", targets: ["todos"]),
        .executable(name: "todos-server", targets: ["todos-server"]),
        .executable(name: "coffeeshop", targets: ["coffeeshop"]),
        .executable(name: "artists", targets: ["artists"]),
        .executable(name: "artists-server", targets: ["artists-server"]),
        .executable(name: "harbor-store-server", targets: ["harbor-store-server"]),
        .executable(name: "harbor-bench", targets: ["harbor-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // The runtime of the code swift-openapi-generator made from the examples' OpenAPI documents
        // (committed: scripts/openapi-generate), and its Hummingbird transport.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // Exact, so that every build runs on the NIO the suite was run on. Package.resolved is not
        // committed (the machines' package copies have commit ids of their own, so git ignores it),
        // and swift-nio is the one dependency whose copies offer two versions under one major,
        // 2.101.2 and 2.101.3: `from: "2.101.2"` resolves to 2.101.3, which changes HTTP/1 below
        // Hummingbird and async-http-client (HEAD and CONNECT responses lose their body in the
        // server pipeline; header blocks over 80 KB are refused, 2 MB before). The pin came with the
        // first use of NIO (b146f80, the web server) with no reason written down; this is what it keeps.
        // Tried with `from:` (2.101.3): the suites over NIO (HarborHTTP, WordCounterWeb, HarborPostgres,
        // the examples' servers, wordcounter on PostgreSQL) pass; moving is a choice, not a fix.
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // The Prometheus exposition of what swift-metrics records (`/metrics`).
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Traces over OTLP. Only the HTTP/protobuf exporter: without the `OTLPGRPC` trait, grpc-swift
        // and HTTP/2 are neither resolved nor built (collectors accept OTLP/HTTP on 4318).
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // The servers' settings: flags, environment variables, a JSON file and defaults, merged in that
        // order (docs/configuration.md). Only the `JSON` trait (its default): no YAML (Yams), no
        // reloading (ServiceLifecycle, Metrics), no command-line provider (Argument Parser parses argv).
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: ["JSON"]),
        // `swift package generate-documentation` (scripts/docs): builds the DocC catalogs in CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Harbor",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        // Storage plumbing the store adapters share and the core does not need (the field blob,
        // inotify folder watches): package-internal, not a product.
        .target(
            name: "HarborStorage",
            dependencies: ["Harbor"],
            swiftSettings: swiftSettings
        ),
        // Delivery across processes: the outbox relay and its durable subscribers.
        .target(
            name: "HarborRelay",
            dependencies: [
                "Harbor",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        // Stores built on the core's ports: JSON files in a folder, mirrored and fallback stores.
        .target(
            name: "HarborStores",
            dependencies: [
                "Harbor", "HarborStorage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // Server settings from flags, environment variables, an optional JSON file and defaults, over
        // swift-configuration: for the executables only (package-internal, not a product).
        .target(
            name: "HarborSettings",
            dependencies: [.product(name: "Configuration", package: "swift-configuration")],
            swiftSettings: swiftSettings
        ),
        // What the example servers share at their edges (package-internal, not a product).
        .target(
            name: "ExampleServerEdges",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Examples/Shared/Sources/ExampleServerEdges",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HarborTesting",
            dependencies: ["Harbor"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HarborSQLite",
            dependencies: [
                "Harbor", "HarborStorage", "CSQLiteClosing",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HarborHTTP",
            dependencies: [
                "Harbor",
                "HarborPrometheus",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // What swift-metrics records, kept in a Prometheus registry and served as `/metrics` text.
        .target(
            name: "HarborPrometheus",
            dependencies: [
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        // Traces exported over OTLP/HTTP when the environment names a collector; for executables.
        .target(
            name: "HarborOTLP",
            dependencies: [
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "harbor-store-server",
            dependencies: [
                "Harbor",
                "HarborSettings",
                "HarborHTTP",
                "HarborOTLP",
                "HarborPrometheus",
                "HarborPostgres",
                "HarborSQLite",
                "HarborStores",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HarborPostgres",
            dependencies: [
                "Harbor",
                "HarborStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CStatx",
            path: "Sources/CStatx"
        ),
        .target(
            name: "CByteClasses",
            path: "Sources/CByteClasses"
        ),
        .target(
            name: "CHeap",
            path: "Sources/CHeap"
        ),
        .target(
            name: "CSQLiteClosing",
            path: "Sources/CSQLiteClosing",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "WordCounter",
            dependencies: ["Harbor", "CByteClasses"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WordCounterAdapters",
            dependencies: [
                "WordCounter", "Harbor", "HarborStorage", "CStatx",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WordCounterWeb",
            dependencies: [
                "HarborPrometheus",
                "HarborRelay",
                "WordCounter",
                "Harbor",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The dashboard's stylesheet and script, and the API's OpenAPI document, compiled into
            // the program: a copied `wordcounter` binary needs no resource folder beside it.
            resources: [
                .embedInCode("Dashboard/Resources/dashboard.css"), .embedInCode("Dashboard/Resources/dashboard.js"),
                .embedInCode("openapi.yaml"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "wordcounter",
            dependencies: [
                "CHeap",  // sets how malloc grows its heaps, as the process starts: see its header
                "HarborSettings",
                "WordCounter",
                "WordCounterAdapters",
                "WordCounterWeb",
                "Harbor",
                "HarborOTLP",
                "HarborPrometheus",
                "HarborSQLite",
                "HarborPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings,
            // A release `wordcounter` carries the Swift runtime and Foundation inside it: a process
            // then starts in about 10 ms instead of 16 (no relocations of the shared libraries'
            // symbols), which every `update` and `status` run from a shell or a hook pays.
            // The libraries named after `-static-stdlib` are those Foundation's static archives use.
            // `-no-pie` links it at a fixed address: the loader then applies ~140,000 fewer relocations
            // (the runtime metadata's pointers), 1.7 ms of every start; the executable itself is not
            // placed at a random address (the libraries, the stack and the heap still are).
            // `--no-export-dynamic` undoes the `-export-dynamic` of `-static-stdlib`: the executable's
            // 49,000 public Swift symbols would be put in its dynamic symbol table, which the loader and
            // the runtime's start-up (a `dladdr` that scans that table) search, 1.7 ms of every start.
            // Nothing looks them up by name; crash backtraces read the full symbol table of the file.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                        "-l_FoundationCollections", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .target(
            name: "Boxes",
            dependencies: ["Harbor"],
            path: "Examples/Boxes/Sources/Boxes",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "boxes",
            dependencies: [
                "Boxes",
                "Harbor",
                "HarborTesting",
                "HarborSQLite",
                "HarborStores",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Boxes/Sources/boxes",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Todos",
            dependencies: ["Harbor", "HarborHTTP"],
            path: "Examples/Todos/Sources/Todos",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "todos",
            dependencies: [
                "Todos",
                "Harbor",
                "HarborHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Todos/Sources/todos",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "todos-server",
            dependencies: [
                "ExampleServerEdges", "HarborSettings",
                "Todos",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Examples/Todos/Sources/todos-server",
            exclude: ["openapi-generator-config.yaml"],
            resources: [.embedInCode("openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CoffeeShop",
            dependencies: ["Harbor"],
            path: "Examples/CoffeeShop/Sources/CoffeeShop",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "coffeeshop",
            dependencies: [
                "CoffeeShop",
                "Harbor",
                "HarborSQLite",
                "HarborPostgres",
                "HarborHTTP",
                "HarborStores",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Examples/CoffeeShop/Sources/coffeeshop",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Artists",
            dependencies: ["Harbor", "HarborHTTP"],
            path: "Examples/Artists/Sources/Artists",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "artists",
            dependencies: [
                "Artists",
                "Harbor",
                "HarborHTTP",
                "HarborSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Artists/Sources/artists",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "artists-server",
            dependencies: [
                "ExampleServerEdges", "HarborSettings",
                "Artists",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Artists/Sources/artists-server",
            resources: [.embedInCode("openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "harbor-bench",
            dependencies: [
                "HarborRelay",
                "Harbor",
                "HarborTesting",
                "WordCounter",
                "HarborSQLite",
                "HarborHTTP",
                "HarborStores",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                "HarborPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/harbor-bench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborTests",
            dependencies: [
                "HarborRelay",
                "Harbor",
                "HarborTestSupport",
                "HarborTesting",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborStoresTests",
            dependencies: [
                "Harbor",
                "HarborTestSupport",
                "HarborStores",
                "HarborTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborStorageTests",
            dependencies: ["Harbor", "HarborStorage"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoxesTests",
            dependencies: ["Boxes", "Harbor", "HarborSQLite", "HarborTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WordCounterTests",
            dependencies: ["WordCounter", "WordCounterAdapters", "Harbor", "HarborTesting", "CByteClasses"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WordCounterAdaptersTests",
            dependencies: [
                "WordCounter", "WordCounterAdapters", "Harbor", "HarborTesting", "HarborSQLite",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WordCounterCLITests",
            dependencies: ["WordCounter", "HarborTesting", "CHeap"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WordCounterWebTests",
            dependencies: [
                "WordCounter",
                "WordCounterAdapters",
                "WordCounterWeb",
                "HarborPrometheus",
                "CollectorStandIn",
                .product(name: "Metrics", package: "swift-metrics"),
                "Harbor",
                "HarborTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborTestingTests",
            dependencies: ["Harbor", "HarborTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborSQLiteTests",
            dependencies: [
                "HarborRelay",
                "Harbor",
                "HarborTestSupport",
                "HarborTesting",
                "HarborSQLite",
                "HarborStores",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborSettingsTests",
            dependencies: ["HarborSettings", .product(name: "Configuration", package: "swift-configuration")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodosTests",
            dependencies: ["Todos", "Harbor", "HarborHTTP", "ChildOutput"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArtistsTests",
            dependencies: ["Artists", "Harbor", "HarborHTTP", "HarborSQLite", "HarborTesting", "ChildOutput"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborHTTPTests",
            dependencies: [
                "HarborRelay",
                "Harbor",
                "HarborHTTP",
                "HarborPrometheus",
                "CollectorStandIn",
                .product(name: "Metrics", package: "swift-metrics"),
                "HarborTesting",
                "HarborSQLite",
                "ChildOutput",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborPrometheusTests",
            dependencies: [
                "HarborPrometheus",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborOTLPTests",
            dependencies: ["HarborOTLP"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CoffeeShopTests",
            dependencies: ["CoffeeShop", "Harbor", "HarborSQLite", "HarborTesting", "ChildOutput"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HarborPostgresTests",
            dependencies: [
                "Harbor",
                "HarborTestSupport",
                "HarborTesting",
                "HarborPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Every ```swift sample in the docs and doc comments is found in compiled code; the
        // samples that live nowhere else are compiled here.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "HarborRelay",
                "Harbor", "HarborTesting", "HarborSQLite", "HarborHTTP", "HarborStores", "WordCounter",
                "WordCounterAdapters", "WordCounterWeb", "Boxes", "HarborPrometheus", "HarborOTLP",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Reads test children's pipes on threads of their own: no dispatch read sources, whose
        // teardown on Linux can crash the test process.
        // What HarborTests and HarborStoresTests share: lists, gates and a log handler for tests.
        .target(
            name: "HarborTestSupport",
            dependencies: [
                "Harbor", "HarborTesting", .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            path: "Tests/Support/HarborTestSupport",
            swiftSettings: swiftSettings
        ),
        // A stand-in OpenTelemetry collector on loopback, for the executables' trace export tests.
        .target(
            name: "CollectorStandIn",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/Support/CollectorStandIn",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ChildOutput",
            path: "Tests/Support/ChildOutput",
            swiftSettings: swiftSettings
        ),
        // A child process for HarborSQLiteTests: several processes sharing one SQLite file.
        .executableTarget(
            name: "harbor-sqlite-probe",
            dependencies: ["Harbor", "HarborSQLite", "HarborStores", "HarborTestSupport", "HarborTesting"],
            path: "Tests/Support/harbor-sqlite-probe",
            swiftSettings: swiftSettings
        ),
        // A child process for HarborPostgresTests: several processes sharing one PostgreSQL schema.
        .executableTarget(
            name: "harbor-postgres-probe",
            dependencies: ["Harbor", "HarborPostgres", "HarborTestSupport"],
            path: "Tests/Support/harbor-postgres-probe",
            swiftSettings: swiftSettings
        ),
    ]
)
