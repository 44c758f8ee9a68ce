// swift-tools-version: 6.2
import PackageDescription

// A Hummingbird service that drains a partner's paginated API through a generated
// client on AsyncHTTPClient: `Scripts/test-examples.sh` runs it against `pagegen-mock`.
// It depends on PagegenRuntime and PagegenAsyncHTTPClient with the AsyncHTTPClient
// trait alone, so it resolves neither the generator's packages nor the mock server's;
// the catalog's generated client is committed in Sources/CatalogSync/Generated (the
// reference tests keep that copy up to date).
let package = Package(
    name: "CatalogSync",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Pagegen", path: "../..", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "CatalogSync",
            dependencies: [
                .product(name: "PagegenRuntime", package: "Pagegen"),
                .product(name: "PagegenAsyncHTTPClient", package: "Pagegen"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ]
        )
    ]
)
