// swift-tools-version:6.0
import PackageDescription

// Arrows point one way: trellis -> TrellisServer -> {HTTPServer, Layout, Storage};
// Layout -> Cassowary; Storage -> CSQLite, CLibPQ; TrellisServer -> CZlib (gzip);
// HTTPServer and TrellisServer -> Platform (locks, threads, clocks); TrellisSnap -> Layout.
// Swift's dynamic exclusivity checks off in release builds (see the solver's targets below).
// Declared before the package: top-level code runs in order.
let uncheckedInRelease: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Trellis",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "trellis", targets: ["trellis"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "Layout", targets: ["Layout"]),
        // SnapKit's DSL over a view tree of our own, solved in process or over HTTP.
        .library(name: "TrellisSnap", targets: ["TrellisSnap"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibUV", path: "Sources/CLibUV", pkgConfig: "libuv",
                       providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CLLHTTP", path: "Sources/CLLHTTP", pkgConfig: "libllhttp"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // PostgreSQL's client library, for the store a fleet shares (docs/fleet.md).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // gzip for clients that accept it (TrellisServer's Compression.swift).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The solver's inner loops index arrays held by its own classes, and a live layout's
        // edits read and change the state its class holds; Swift's dynamic exclusivity
        // checks there cost more than the work (seen in callgrind). Debug builds, which the
        // tests run, keep the checks.
        .target(name: "Cassowary", swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        .target(name: "Layout", dependencies: ["Cassowary"], swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        // Locks, threads, clocks, processor count and ASCII folding, shared by the server modules.
        // The server's modules too: their checks cost about 1.5 k instructions a request
        // (callgrind of a warm one-shot, 2026-11-29), on the state of connections and loops.
        .target(name: "Platform", swiftSettings: uncheckedInRelease),
        .target(name: "HTTPServer", dependencies: ["CLibUV", "CLLHTTP", "Platform"], exclude: ["README.md"],
                swiftSettings: uncheckedInRelease),
        // Sessions' durable histories (docs/durability.md): the store protocol, SQLite, and
        // PostgreSQL for a fleet (docs/fleet.md).
        .target(name: "Storage", dependencies: ["CSQLite", "CLibPQ", "Platform"]),
        // The spec and the playground are compiled in from their one copy in git (the
        // Resources/ entries are links to openapi.yaml and playground/); the playground's
        // own tests are not shipped.
        // Auto Layout's console logs read and explained (docs/explain.md): POST /v1/explain.
        .target(name: "LogExplain", dependencies: ["Layout"]),
        .target(name: "TrellisServer", dependencies: [
            "HTTPServer", "Layout", "LogExplain", "Storage", "CZlib", "Platform",
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Resources/playground/model.test.js"], resources: [
            .embedInCode("Resources/openapi.yaml"),
            .embedInCode("Resources/playground/index.html"), .embedInCode("Resources/playground/app.js"),
            .embedInCode("Resources/playground/examples.js"), .embedInCode("Resources/playground/model.js"),
            .embedInCode("Resources/playground/panels.js"), .embedInCode("Resources/playground/style.css"),
            .embedInCode("Resources/playground/logmode.js"), .embedInCode("Resources/playground/api.js"),
            // The TypeScript client's one-file build (a link to clients/typescript/dist/trellis.js).
            .embedInCode("Resources/playground/trellis.js"),
        ], swiftSettings: uncheckedInRelease),
        .executableTarget(name: "trellis", dependencies: [
            "TrellisServer", "Layout", "Storage", "Platform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Benchmark drivers (scripts/bench-*): replay anchor workloads on our code.
        .executableTarget(name: "trellis-bench", dependencies: ["Cassowary", "Layout"], swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        // Fuzzing (scripts/fuzz): the harnesses, and the libFuzzer driver that runs them.
        .target(name: "FuzzHarnesses", dependencies: ["Cassowary", "Layout", "LogExplain", "TestSupport", "TrellisServer", "Platform"]),
        .executableTarget(name: "trellis-fuzz", dependencies: ["FuzzHarnesses"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // SnapKit's public API over TrellisView (issue 42): builds a layout document, solves it
        // with Layout (or POSTs it to a server through URLSession) and fills the frames.
        .target(name: "TrellisSnap", dependencies: ["Layout"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        // What the tests and the fuzz harnesses share: random layout documents and edit
        // histories (the differential tests of sessions), and the one test HTTP client.
        .target(name: "TestSupport", dependencies: ["Layout"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Cassowary", "TestSupport", "LogExplain"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Platform", "TestSupport"]),
        .testTarget(name: "TrellisSnapTests", dependencies: [
            "TrellisSnap", "TrellisServer", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "CSQLite"]),
        .testTarget(name: "TrellisServerTests", dependencies: ["TrellisServer", "HTTPServer", "Layout", "Storage", "CSQLite", "TestSupport", "Platform"]),
    ],
    swiftLanguageModes: [.v6]
)
