// swift-tools-version: 6.2
import PackageDescription

/// The example holds its code, generated code included, to the same bar as Pagegen
/// itself: `any` spelled out for existentials, and no warnings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

// Generates a client from each of the target's two specs while it builds, with
// PagegenPlugin.
//
// The dependency is given a name ("Pagegen") so that `package:` below does not
// depend on the name of the folder the Pagegen checkout happens to live in: for a
// path dependency SwiftPM otherwise identifies the package by its folder's name.
// A package that depends on Pagegen by URL writes `package:` with the last path
// component of the URL, without `.git`.
let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // The plugins need the "Generator" trait; the mock server's and the importer's
        // dependencies stay out of this package's graph.
        .package(name: "Pagegen", path: "../..", traits: ["Generator"])
    ],
    targets: [
        .target(
            name: "Storefront",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: strictSettings,
            plugins: [.plugin(name: "PagegenPlugin", package: "Pagegen")]
        ),
        .testTarget(
            name: "StorefrontTests",
            dependencies: ["Storefront", .product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: strictSettings
        ),
    ]
)
