#!/usr/bin/env bash
# Builds every trait combination the README names, each in its own scratch folder
# under .build, and only what that combination claims; then checks which packages a
# package that depends on Pagegen that way resolves, and which modules each compiled:
#
#   traits: []    .build/traits-none: a package whose target imports PagegenRuntime
#                 resolves no package and compiles PagegenRuntime alone of Pagegen's
#   Store         .build/traits-store: one that imports PagegenStore resolves GRDB.swift
#                 alone, and compiles PagegenRuntime and PagegenStore
#   Generator     .build/traits-generator: Pagegen's pagegen-generator (the plugins'
#                 tool) and pagegen, compiling none of OpenAPIKit, FlyingFox or GRDB; that
#                 pagegen generates, and its `import` says it needs the Importer trait.
#                 .build/traits-generator-dependent: a package that depends with
#                 traits: ["Generator"] resolves swift-argument-parser and swift-mustache
#                 alone (the example packages build both plugins that way:
#                 Scripts/test-examples.sh)
#   Importer      .build/traits-importer: pagegen with `import`, compiling neither
#                 FlyingFox nor GRDB; it imports a small OpenAPI document
#   AsyncHTTPClient  .build/traits-asynchttpclient-dependent: one that uses
#                 PagegenAsyncHTTPClient resolves AsyncHTTPClient and SwiftNIO's graph,
#                 and none of the generator's, the store's or the mock server's packages
#   OpenAPIGenerator .build/traits-openapigenerator-dependent: one that uses
#                 PagegenOpenAPIRuntime (and PagegenOpenAPIPlugin, whose tool is pagegen
#                 with the importer) resolves swift-openapi-runtime, swift-http-types,
#                 OpenAPIKit, swift-argument-parser and swift-mustache
#   default       .build/traits-default-dependent: a package that depends without
#                 `traits:` resolves the dependencies of every product: FlyingFox,
#                 GRDB.swift, OpenAPIKit, AsyncHTTPClient, swift-openapi-runtime,
#                 swift-argument-parser, swift-mustache… The suite itself builds with the
#                 default traits: Scripts/test.sh
#
# Usage: Scripts/check-traits.sh
# Exits non-zero at the first failure, saying which combination failed and why.
# Each step's time is printed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source Scripts/swiftpm.sh

started=$SECONDS
step() {
    printf '\n==> %s\n' "$1"
    step_started=$SECONDS
}
done_step() {
    printf '    ok (%ss)\n' "$((SECONDS - step_started))"
}
fail() {
    printf '\nerror: %s\n' "$1" >&2
    exit 1
}

# The packages a scratch folder resolved, sorted, on one line ("" for none).
resolved() {
    ls "$1/checkouts" 2>/dev/null | sort | tr '\n' ' ' | sed 's/ $//'
}

# Pagegen's Swift modules compiled in a scratch folder's debug build, on one line.
pagegen_modules() {
    ls "$1/debug/Modules" 2>/dev/null | sed -n 's/\.swiftmodule$//p' | grep -E '^(Pagegen|pagegen)' | sort | tr '\n' ' ' | sed 's/ $//'
}

expect_equal() {  # WHAT ACTUAL EXPECTED
    [ "$2" = "$3" ] || fail "$1: [$2], expected [$3]"
    printf '    %s: %s\n' "$1" "${2:-none}"
}

# Fails unless the packages $2 (one line) hold each of $3…, for the combination $1.
expect_includes() {
    local combination="$1" packages=" $2 "
    shift 2
    for package in "$@"; do
        [[ "$packages" == *" $package "* ]] || fail "$combination — $package was not resolved: [${packages# }]"
    done
    printf '    resolved, among others: %s\n' "$*"
}

# Fails when the packages $2 (one line) hold one of $3…, which the combination $1 does not use.
expect_excludes() {
    local combination="$1" packages=" $2 "
    shift 2
    for package in "$@"; do
        [[ "$packages" != *" $package "* ]] || fail "$combination — $package was resolved, though no $combination product uses it"
    done
    printf '    not resolved: %s\n' "$*"
}

# Fails when the scratch folder $2 compiled one of the modules $3…, which the
# combination $1 does not use. (Pagegen's own builds share its Package.resolved, which
# the default build fills, so what they compile is checked rather than what they resolve.)
expect_none() {
    local combination="$1" scratch="$2"
    shift 2
    for module in "$@"; do
        [ ! -e "$scratch/debug/Modules/$module.swiftmodule" ] || fail "$combination — $module was compiled, though no $combination target uses it"
    done
    printf '    not compiled: %s\n' "$*"
}

# Writes a package at $1 that depends on this checkout with the traits $2 (a Swift
# array, or "" for no `traits:` argument), whose one target depends on the products
# $3 and holds the Swift file $4.
write_dependent() {
    local folder="$1" traits="$2" products="$3" source="$4"
    rm -rf "$folder/Sources" "$folder/Package.swift"
    mkdir -p "$folder/Sources/App"
    local traits_argument=""
    [ -n "$traits" ] && traits_argument=", traits: $traits"
    cat > "$folder/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Pagegen", path: "../.."$traits_argument)],
    targets: [.target(name: "App", dependencies: [$products])]
)
SWIFT
    printf '%s\n' "$source" > "$folder/Sources/App/App.swift"
}

step "traits: [] — a package that uses PagegenRuntime alone"
folder=.build/traits-none
write_dependent "$folder" "[]" '.product(name: "PagegenRuntime", package: "Pagegen")' '
import PagegenRuntime

public let transport: any HTTPTransport = URLSessionTransport()'
swiftpm build --package-path "$folder" || fail "traits: [] — the package that uses PagegenRuntime did not build"
expect_equal "packages resolved" "$(resolved "$folder/.build")" ""
expect_equal "Pagegen modules compiled" "$(pagegen_modules "$folder/.build")" "PagegenRuntime"
done_step

step "Store — a package that uses PagegenStore"
folder=.build/traits-store
write_dependent "$folder" '["Store"]' \
    '.product(name: "PagegenRuntime", package: "Pagegen"), .product(name: "PagegenStore", package: "Pagegen")' '
import Foundation
import PagegenRuntime
import PagegenStore

public func openStore(at url: URL) throws -> any PageStore { try PagegenStore(at: url) }'
swiftpm build --package-path "$folder" || fail "Store — the package that uses PagegenStore did not build"
expect_equal "packages resolved" "$(resolved "$folder/.build")" "GRDB.swift"
expect_equal "Pagegen modules compiled" "$(pagegen_modules "$folder/.build")" "PagegenRuntime PagegenStore"
done_step

work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-traits.XXXXXX")"
trap 'rm -rf "$work"' EXIT

step "Generator — pagegen-generator and pagegen, without the importer"
scratch=.build/traits-generator
for product in pagegen-generator pagegen; do
    swiftpm build --product "$product" --traits Generator --scratch-path "$scratch" \
        || fail "Generator — swift build --product $product --traits Generator failed"
done
expect_equal "Pagegen modules compiled" "$(pagegen_modules "$scratch")" \
    "PagegenCLI PagegenCore PagegenTemplates PagegenYAML pagegen pagegen_generator"
expect_none "Generator" "$scratch" OpenAPIKit OpenAPIKitCore FlyingFox FlyingSocks GRDB
"$scratch/debug/pagegen-generator" generate specs/numbers.pagegen.yaml --output "$work/generated" --quiet \
    || fail "Generator — pagegen-generator generate failed"
[ -f "$work/generated/NumbersClient.swift" ] || fail "Generator — pagegen-generator wrote no NumbersClient.swift"
"$scratch/debug/pagegen" lint specs/numbers.pagegen.yaml > /dev/null || fail "Generator — pagegen lint failed"
status=0
"$scratch/debug/pagegen" import todo.openapi.json 2> "$work/import.err" || status=$?
[ "$status" = 1 ] || fail "Generator — pagegen import exited with $status, expected 1"
grep -q "built without the Importer trait" "$work/import.err" \
    || fail "Generator — pagegen import did not say it needs the Importer trait: $(cat "$work/import.err")"
# docs/command-line.md shows the message as this build prints it.
grep -qxF "$(cat "$work/import.err")" docs/command-line.md \
    || fail "Generator — docs/command-line.md does not show what pagegen import prints: $(cat "$work/import.err")"
printf '    pagegen import: %s\n' "$(cat "$work/import.err")"
done_step

step "Generator — what a package that uses the plugins resolves"
folder=.build/traits-generator-dependent
write_dependent "$folder" '["Generator"]' '.product(name: "PagegenRuntime", package: "Pagegen")' 'import PagegenRuntime'
swiftpm package --package-path "$folder" resolve || fail "Generator — the dependent package did not resolve"
expect_equal "packages resolved" "$(resolved "$folder/.build")" "swift-argument-parser swift-mustache"
done_step

step "Importer — pagegen with import"
scratch=.build/traits-importer
swiftpm build --product pagegen --traits Importer --scratch-path "$scratch" \
    || fail "Importer — swift build --product pagegen --traits Importer failed"
expect_equal "Pagegen modules compiled" "$(pagegen_modules "$scratch")" \
    "PagegenCLI PagegenCore PagegenImport PagegenTemplates PagegenYAML pagegen"
expect_none "Importer" "$scratch" FlyingFox FlyingSocks GRDB
cat > "$work/todo.openapi.json" <<'JSON'
{
  "openapi": "3.1.0",
  "info": { "title": "Todo", "version": "1.0" },
  "servers": [{ "url": "https://todo.example.com/v1" }],
  "paths": {
    "/tasks": {
      "get": {
        "operationId": "listTasks",
        "parameters": [
          { "name": "page", "in": "query", "schema": { "type": "integer" } },
          { "name": "per_page", "in": "query", "schema": { "type": "integer", "maximum": 100 } }
        ],
        "responses": {
          "200": {
            "description": "A page of tasks.",
            "content": { "application/json": { "schema": {
              "type": "object", "required": ["tasks", "total"],
              "properties": {
                "tasks": { "type": "array", "items": { "$ref": "#/components/schemas/Task" } },
                "total": { "type": "integer" }
              }
            } } }
          }
        }
      }
    }
  },
  "components": { "schemas": { "Task": {
    "type": "object", "required": ["id", "title"],
    "properties": { "id": { "type": "integer" }, "title": { "type": "string" } }
  } } }
}
JSON
"$scratch/debug/pagegen" import "$work/todo.openapi.json" --output "$work/todo.pagegen.yaml" --quiet \
    || fail "Importer — pagegen import of a small OpenAPI document failed"
grep -q "page: { param: page, first: 1 }" "$work/todo.pagegen.yaml" \
    || fail "Importer — the imported spec does not page by page number: $(cat "$work/todo.pagegen.yaml")"
done_step

step "AsyncHTTPClient — what a package that uses the server transport resolves"
folder=.build/traits-asynchttpclient-dependent
write_dependent "$folder" '["AsyncHTTPClient"]' '.product(name: "PagegenAsyncHTTPClient", package: "Pagegen")' 'import PagegenAsyncHTTPClient'
swiftpm package --package-path "$folder" resolve || fail "AsyncHTTPClient — the dependent package did not resolve"
packages="$(resolved "$folder/.build")"
expect_includes "AsyncHTTPClient" "$packages" async-http-client swift-nio
expect_excludes "AsyncHTTPClient" "$packages" FlyingFox GRDB.swift OpenAPIKit swift-mustache swift-openapi-runtime
done_step

step "OpenAPIGenerator — what a package that pages swift-openapi-generator clients resolves"
folder=.build/traits-openapigenerator-dependent
write_dependent "$folder" '["OpenAPIGenerator"]' '.product(name: "PagegenOpenAPIRuntime", package: "Pagegen")' 'import PagegenOpenAPIRuntime'
swiftpm package --package-path "$folder" resolve || fail "OpenAPIGenerator — the dependent package did not resolve"
expect_equal "packages resolved" "$(resolved "$folder/.build")" \
    "OpenAPIKit swift-argument-parser swift-http-types swift-mustache swift-openapi-runtime"
done_step

step "default — what a package that depends without traits: resolves"
folder=.build/traits-default-dependent
write_dependent "$folder" "" '.product(name: "PagegenRuntime", package: "Pagegen")' 'import PagegenRuntime'
swiftpm package --package-path "$folder" resolve || fail "default — the dependent package did not resolve"
expect_includes "default" "$(resolved "$folder/.build")" FlyingFox GRDB.swift OpenAPIKit async-http-client swift-argument-parser \
    swift-mustache swift-openapi-runtime
done_step

printf '\nEvery trait combination builds what it claims (%ss).\n' "$((SECONDS - started))"
