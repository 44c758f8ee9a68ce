// swift-tools-version: 6.2
import PackageDescription

// The program `Scripts/quickstart.sh` runs: it walks a list of a client that the script
// generates into Sources/Quickstart/Generated (not committed) with `pagegen generate`,
// against `pagegen-mock` serving the same spec. It depends on PagegenRuntime alone, as
// an app with committed generated sources does: with `traits: []` it resolves and
// builds nothing of Pagegen's but the runtime.
let package = Package(
    name: "Quickstart",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Pagegen", path: "../..", traits: [])
    ],
    targets: [
        .executableTarget(
            name: "Quickstart",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ]
        )
    ]
)
