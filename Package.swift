// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every target of this package: Swift 6 language mode (the tools
/// version's default), `any` spelled out for existentials, and no warnings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Pagegen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // The command lines (pagegen, pagegen-mock) are not products: a plain `swift build`
    // builds the products of a package's dependencies, so a package that only uses the
    // plugins would build the importer (OpenAPIKit) with them. They are run or installed
    // from a clone of Pagegen, where every executable target is one (`swift run pagegen`,
    // `swift package experimental-install --product pagegen`: docs/command-line.md).
    products: [
        .library(name: "PagegenRuntime", targets: ["PagegenRuntime"]),
        .library(name: "PagegenCore", targets: ["PagegenCore"]),
        .library(name: "PagegenMock", targets: ["PagegenMock"]),
        .library(name: "PagegenStore", targets: ["PagegenStore"]),
        .library(name: "PagegenOpenAPIRuntime", targets: ["PagegenOpenAPIRuntime"]),
        .library(name: "PagegenAsyncHTTPClient", targets: ["PagegenAsyncHTTPClient"]),
        .plugin(name: "PagegenPlugin", targets: ["PagegenPlugin"]),
        .plugin(name: "PagegenCommand", targets: ["PagegenCommand"]),
        .plugin(name: "PagegenOpenAPIPlugin", targets: ["PagegenOpenAPIPlugin"]),
    ],
    // What each part needs beyond Foundation is behind a trait, so that an app that
    // uses only PagegenRuntime (`traits: []`) resolves and builds nothing else:
    // the plugins need "Generator", the package's own tests every trait (the default).
    traits: [
        .trait(
            name: "Generator",
            description:
                "PagegenCore, the pagegen command line without import, and the plugins (swift-mustache, swift-argument-parser)."
        ),
        .trait(
            name: "Importer",
            description: "pagegen import, from OpenAPI documents (OpenAPIKit).",
            enabledTraits: ["Generator"]
        ),
        .trait(
            name: "MockServer",
            description: "PagegenMock and pagegen-mock (FlyingFox).",
            enabledTraits: ["Generator"]
        ),
        .trait(
            name: "Store",
            description: "PagegenStore, the page store on SQLite (GRDB.swift, and the system's libsqlite3)."
        ),
        .trait(
            name: "OpenAPIGenerator",
            description:
                "Paging for swift-openapi-generator clients: PagegenOpenAPIRuntime (swift-openapi-runtime) and the PagegenOpenAPIPlugin build plugin.",
            enabledTraits: ["Importer"]
        ),
        .trait(
            name: "AsyncHTTPClient",
            description: "PagegenAsyncHTTPClient, a transport on AsyncHTTPClient and SwiftNIO, for servers."
        ),
        .default(enabledTraits: ["Generator", "Importer", "MockServer", "Store", "OpenAPIGenerator", "AsyncHTTPClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: Reading specs

        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "PagegenYAML",
            dependencies: ["CYAML"],
            swiftSettings: strictSettings
        ),

        // MARK: The generator

        // The templates of Templates/Swift are compiled into the binary (as the Swift
        // source BundledTemplateTexts.swift, which the tests write from them), so that an
        // installed or copied pagegen needs no resource bundle beside it.
        .target(
            name: "PagegenTemplates",
            path: "Templates",
            exclude: ["Swift"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PagegenCore",
            dependencies: [
                "PagegenYAML",
                "PagegenTemplates",
                .product(name: "Mustache", package: "swift-mustache", condition: .when(traits: ["Generator"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PagegenCLI",
            dependencies: [
                "PagegenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Generator"])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "pagegen-generator",
            dependencies: ["PagegenCLI"],
            swiftSettings: strictSettings
        ),

        // MARK: Importing OpenAPI documents (the pagegen command only)

        .target(
            name: "PagegenImport",
            dependencies: [
                "PagegenCore",
                "PagegenYAML",
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["Importer"])),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["Importer"])),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit", condition: .when(traits: ["Importer"])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "pagegen",
            dependencies: [
                "PagegenCLI",
                // Without the Importer trait, `pagegen import` says which trait it needs.
                .target(name: "PagegenImport", condition: .when(traits: ["Importer"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Generator"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Build and command plugins

        .plugin(
            name: "PagegenPlugin",
            capability: .buildTool(),
            dependencies: ["pagegen-generator"]
        ),
        .plugin(
            name: "PagegenCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-paged-client", description: "Generate Swift sources from the *.pagegen.yaml specs of a target"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift sources next to the specs")]
            ),
            dependencies: ["pagegen-generator"]
        ),

        .plugin(
            name: "PagegenOpenAPIPlugin",
            capability: .buildTool(),
            dependencies: ["pagegen"]
        ),

        // MARK: The mock server (the only part on a server library)

        .target(
            name: "PagegenMock",
            dependencies: [
                "PagegenCore",
                "PagegenRuntime",
                .product(name: "FlyingSocks", package: "FlyingFox", condition: .when(traits: ["MockServer"])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "pagegen-mock",
            dependencies: [
                "PagegenMock", "PagegenCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Generator"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: What generated code imports (Foundation only)

        .target(
            name: "PagegenRuntime",
            swiftSettings: strictSettings
        ),

        // MARK: Paging for swift-openapi-generator clients (swift-openapi-runtime)

        .target(
            name: "PagegenOpenAPIRuntime",
            dependencies: [
                "PagegenRuntime",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPIGenerator"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPIGenerator"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: A transport for servers (AsyncHTTPClient, on SwiftNIO)

        .target(
            name: "PagegenAsyncHTTPClient",
            dependencies: [
                "PagegenRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: The page store (SQLite, through GRDB)

        .target(
            name: "PagegenStore",
            dependencies: [
                "PagegenRuntime",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Store"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Benchmarks

        .executableTarget(
            name: "ScrollBenchmark",
            dependencies: ["PagegenRuntime"],
            path: "Benchmarks/ScrollBenchmark",
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                "PagegenRuntime",
                .target(name: "PagegenStore", condition: .when(traits: ["Store"])),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Store"])),
            ],
            path: "Benchmarks/store",
            exclude: ["run.sh"],
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "ImportCorpus",
            dependencies: [
                "PagegenCore", "PagegenYAML", .target(name: "PagegenImport", condition: .when(traits: ["Importer"])),
            ],
            path: "Benchmarks/import/ImportCorpus",
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "MockLoadBaseline",
            dependencies: [.product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["MockServer"]))],
            path: "Benchmarks/MockLoadBaseline",
            swiftSettings: strictSettings
        ),

        // MARK: Tests

        // Starts the programs the tests run (Foundation's Process can crash doing it on Linux).
        .target(name: "CChildProcess", path: "Tests/CChildProcess"),
        .target(
            name: "PagegenTestSupport",
            dependencies: ["PagegenRuntime", "CChildProcess"],
            path: "Tests/PagegenTestSupport",
            swiftSettings: strictSettings
        ),
        .target(
            name: "PagegenTestServer",
            dependencies: [
                "PagegenMock",
                .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["MockServer"])),
                .product(name: "FlyingSocks", package: "FlyingFox", condition: .when(traits: ["MockServer"])),
            ],
            path: "Tests/PagegenTestServer",
            swiftSettings: strictSettings
        ),
        .target(
            name: "PagegenSpecMutations",
            path: "Tests/PagegenSpecMutations",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "pagegen-store-writer",
            dependencies: ["PagegenStore", "PagegenRuntime"],
            path: "Tests/PagegenStoreWriter",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenStoreTests",
            dependencies: [
                "PagegenStore", "PagegenRuntime", "PagegenTestSupport", "PagegenMock", "pagegen-store-writer",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Store"])),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenYAMLTests",
            dependencies: ["PagegenYAML", "PagegenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenCoreTests",
            dependencies: [
                "PagegenCore", "PagegenSpecMutations", "PagegenTemplates", "PagegenTestSupport",
                .product(name: "Mustache", package: "swift-mustache", condition: .when(traits: ["Generator"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenRuntimeTests",
            dependencies: [
                "PagegenRuntime", "PagegenTestServer", "PagegenTestSupport",
                .target(name: "PagegenAsyncHTTPClient", condition: .when(traits: ["AsyncHTTPClient"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenConsumerTests",
            dependencies: [
                "PagegenRuntime", "PagegenTestServer", "PagegenTestSupport", "PagegenMock",
                .target(name: "PagegenStore", condition: .when(traits: ["Store"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenMockTests",
            dependencies: ["PagegenMock", "PagegenRuntime", "PagegenSpecMutations", "PagegenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenCompileTests",
            dependencies: ["PagegenCore", "PagegenImport", "PagegenRuntime", "PagegenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenImportTests",
            dependencies: ["PagegenImport", "PagegenCore", "PagegenYAML", "PagegenTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenOpenAPIRuntimeTests",
            dependencies: [
                "PagegenOpenAPIRuntime", "PagegenRuntime",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPIGenerator"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPIGenerator"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PagegenCLITests",
            dependencies: ["pagegen", "pagegen-generator", "pagegen-mock", "PagegenSpecMutations", "PagegenTestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
