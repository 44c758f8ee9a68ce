// swift-tools-version: 6.2
import PackageDescription

/// Pagegen's paging extensions for swift-openapi-generator clients, measured:
///
/// - `build-time.sh`: what the extensions add to the debug build of the client
///   swift-openapi-generator generates for a whole document (WholeClient against
///   WholeClientPaged, the same sources plus the extensions);
/// - `drain.sh`: draining 100,000 items through the extensions, against a hand-written
///   loop over the same client (DrainOpenAPI, built with both plugins);
/// - `../store/run.sh`: the same client's lists kept in a `PagegenStore` (StoreOpenAPI):
///   first content from the store, revalidation, and draining with the store.
///
/// A package of its own, so that Pagegen's package stays light.
let package = Package(
    name: "OpenAPIGeneratorPagingBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(name: "Pagegen", path: "../..", traits: ["OpenAPIGenerator", "Store"]),
    ],
    targets: [
        // Written by build-time.sh (and ignored by git): a whole document's client, and the
        // same with the paging extensions.
        .target(
            name: "WholeClient",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        .target(
            name: "WholeClientPaged",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
            ]
        ),
        .executableTarget(
            name: "DrainOpenAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
                .product(name: "PagegenRuntime", package: "Pagegen"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ],
            plugins: [
                .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"),
                .plugin(name: "PagegenOpenAPIPlugin", package: "Pagegen"),
            ]
        ),
        .executableTarget(
            name: "StoreOpenAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "PagegenOpenAPIRuntime", package: "Pagegen"),
                .product(name: "PagegenRuntime", package: "Pagegen"),
                .product(name: "PagegenStore", package: "Pagegen"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .treatAllWarnings(as: .error),
            ],
            plugins: [
                .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"),
                .plugin(name: "PagegenOpenAPIPlugin", package: "Pagegen"),
            ]
        ),
    ]
)
