// swift-tools-version: 6.2
import PackageDescription

/// The drain benchmark: a generated client and a hand-written loop drain the same
/// long list from a local server, in one process, on URLSession and on
/// AsyncHTTPClient. A package of its own, so that Pagegen's package stays light; it
/// uses Pagegen as an app would, through the build plugin.
let package = Package(
    name: "DrainBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Pagegen", path: "../..", traits: ["Generator", "AsyncHTTPClient"]),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "DrainBenchmark",
            dependencies: [
                .product(name: "PagegenRuntime", package: "Pagegen"),
                .product(name: "PagegenAsyncHTTPClient", package: "Pagegen"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ],
            plugins: [.plugin(name: "PagegenPlugin", package: "Pagegen")]
        )
    ]
)
