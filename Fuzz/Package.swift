// swift-tools-version: 6.2
import PackageDescription

/// A libFuzzer harness for the spec reader, linter, generator and mock-server loader.
/// Built apart from the main package because every target it links is compiled
/// with coverage instrumentation; see README.md here, or run Scripts/fuzz.sh.
let package = Package(
    name: "PagegenFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Pagegen", path: "..", traits: ["Generator"])
    ],
    targets: [
        .target(name: "CFuzzer"),
        .executableTarget(
            name: "SpecFuzzer",
            dependencies: [
                "CFuzzer",
                .product(name: "PagegenCore", package: "Pagegen"),
                .product(name: "PagegenMock", package: "Pagegen"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ]
        ),
    ]
)
