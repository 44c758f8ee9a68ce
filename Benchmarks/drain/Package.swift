// swift-tools-version: 6.2
import PackageDescription

/// The drain benchmark: a generated client and a hand-written loop drain the same
/// long list from a local server, in one process. A package of its own, so that
/// Pagegen's package stays light; it uses Pagegen as an app would, through the
/// build plugin.
let package = Package(
    name: "DrainBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Pagegen", path: "../..", traits: ["Generator"])
    ],
    targets: [
        .executableTarget(
            name: "DrainBenchmark",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ],
            plugins: [.plugin(name: "PagegenPlugin", package: "Pagegen")]
        )
    ]
)
