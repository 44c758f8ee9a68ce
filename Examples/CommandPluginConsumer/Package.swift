// swift-tools-version: 6.2
import PackageDescription

/// The example holds its code, generated code included, to the same bar as Pagegen
/// itself: `any` spelled out for existentials, and no warnings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

// Uses a client generated ahead of time by the PagegenCommand plugin and committed
// in Sources/Feed/Generated. To regenerate it after editing the spec or the config:
//
//     swift package --allow-writing-to-package-directory generate-paged-client
//
// and `--check` verifies, without writing, that the committed files are up to date.
// The dependency is named "Pagegen" so that `package:` below does not depend on the
// name of the folder the Pagegen checkout lives in.
let package = Package(
    name: "CommandPluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // The plugins need the "Generator" trait; the mock server's and the importer's
        // dependencies stay out of this package's graph.
        .package(name: "Pagegen", path: "../..", traits: ["Generator"])
    ],
    targets: [
        // No build plugin here: the generated sources are ordinary files of the target.
        // The spec and the config are excluded from the build (nothing in it reads
        // them); the command plugin finds them in the target's folder all the same.
        .target(
            name: "Feed",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")],
            exclude: ["news.pagegen.yaml", "pagegen-config.yaml"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed", .product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: strictSettings
        ),
    ]
)
