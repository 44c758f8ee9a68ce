// swift-tools-version: 6.2
import PackageDescription

/// The generator benchmark (`benchmark.sh`): builds swift-openapi-generator and
/// pagegen in release mode, and compiles what each generates for the same API as a
/// target of this package (debug), against the runtime it needs.
///
/// The generated sources go into `Sources/*/Generated/`, which `benchmark.sh` and
/// `real-documents.sh` write (and git ignores); each synthetic target also holds a
/// call of the generated client, as an app would make it.
let package = Package(
    name: "GeneratorBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(name: "Pagegen", path: "../.."),
    ],
    targets: [
        .target(
            name: "OpenAPIGeneratorOutput",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        .target(
            name: "PagegenOutput",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")]
        ),
        // The real-documents mode (`real-documents.sh`): what each generates for the
        // same operations of a public OpenAPI document.
        .target(
            name: "RealOpenAPIGeneratorOutput",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        .target(
            name: "RealPagegenOutput",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")]
        ),
    ]
)
