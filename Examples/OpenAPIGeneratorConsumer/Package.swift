// swift-tools-version: 6.2
import PackageDescription

/// The tests are held to the same bar as Pagegen itself: `any` spelled out for
/// existentials, and no warnings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

/// A target that swift-openapi-generator generates a client into from its openapi.yaml
/// (or .json) and openapi-generator-config.yaml, and that Pagegen extends with pagers and
/// lists from the same two files: the two plugins, side by side.
///
/// Warnings stay warnings here, for swift-openapi-generator's own files: where a document
/// deprecates a property, its initializers use it, and with `accessModifier: public` it
/// warns that a `public import` is not used. Scripts/test-examples.sh fails on any
/// warning in Pagegen's file, PagegenPaging.swift.
func client(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: [
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
        ],
        swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
        plugins: [
            .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"),
            .plugin(name: "PagegenOpenAPIPlugin", package: "Pagegen"),
        ]
    )
}

// Real documents, pruned to a few list operations (GitHub, Spotify, Jira, Dub, Discord), one
// written for a cursor in a response header (Events), and one whose every text tries to
// declare code (Hostile): every paging style Pagegen's importer finds, under both of
// swift-openapi-generator's naming strategies.
let package = Package(
    name: "OpenAPIGeneratorConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        // The plugin and PagegenOpenAPIRuntime need the "OpenAPIGenerator" trait; the
        // tests serve the documents with pagegen-mock ("MockServer") and keep lists in
        // PagegenStore ("Store").
        .package(name: "Pagegen", path: "../..", traits: ["OpenAPIGenerator", "MockServer", "Store"]),
    ],
    targets: [
        client("GitHub"),  // the Link header (defensive names)
        client("GitHubIdiomatic"),  // the same document, idiomatic names
        client("Spotify"),  // next URLs in the body, a cursor in the body, allOf bodies (idiomatic)
        client("SpotifyDefensive"),  // the same document, defensive names, public
        client("Jira"),  // offsets with a total, next URLs (defensive)
        client("Dub"),  // page numbers, the last item's id (idiomatic)
        client("Events"),  // a cursor in a response header (idiomatic)
        client("Discord"),  // a bare array paged by the last item's id, fields never null (idiomatic)
        client("Hostile"),  // every text of the document tries to declare code (defensive)
        // A walk kept in a PagegenStore, which a test kills with SIGKILL and starts again.
        .executableTarget(
            name: "StoredWalk",
            dependencies: [
                "SpotifyDefensive",
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
                .product(name: "PagegenRuntime", package: "Pagegen"),
                .product(name: "PagegenStore", package: "Pagegen"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenAPIGeneratorConsumerTests",
            dependencies: [
                "GitHub", "Spotify", "Jira", "Dub", "Events", "Discord", "StoredWalk",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
                .product(name: "PagegenRuntime", package: "Pagegen"),
                .product(name: "PagegenMock", package: "Pagegen"),
                .product(name: "PagegenStore", package: "Pagegen"),
            ],
            resources: [.copy("Specs")],
            swiftSettings: strictSettings
        ),
    ]
)
