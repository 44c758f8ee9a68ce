#!/usr/bin/env bash
# The documentation check: builds the DocC documentation of PagegenRuntime,
# PagegenCore and PagegenAsyncHTTPClient with warnings as errors (a symbol link that no longer resolves, a
# parameter missing from a `- Parameters:` list, a broken catalog page), then
# requires a doc comment of its own on every public declaration of these modules,
# those only generated code sees (`@_spi(Generated)`) included.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swiftpm.sh

modules=(PagegenRuntime PagegenCore PagegenAsyncHTTPClient)

for module in "${modules[@]}"; do
    echo "Building the documentation of $module, warnings as errors…"
    swiftpm package generate-documentation --target "$module" --warnings-as-errors 2>&1 |
        { grep -v -E '^\[[0-9]+/[0-9]+\] ' || true; } || {
        echo "error: the documentation of $module has warnings (above)" >&2
        exit 1
    }
done

# The symbol graphs, from the modules the documentation build just compiled, with
# SPI symbols and without doc comments inherited from protocols.
modules_dir="$(swift build --show-bin-path)/Modules"
symbols_dir=.build/docs/symbol-graphs
rm -rf "$symbols_dir" && mkdir -p "$symbols_dir"
triple=$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)
extract_flags=(-I "$modules_dir" -I Sources/CYAML -target "$triple")
if [ "$(uname -s)" = Darwin ]; then
    extract_flags+=(-sdk "$(xcrun --sdk macosx --show-sdk-path)")
fi
for include in $(pkg-config --cflags-only-I yaml-0.1 2>/dev/null); do
    extract_flags+=(-Xcc "$include")
done
# The C modules under PagegenAsyncHTTPClient's dependencies (SwiftNIO's, swift-crypto's…):
# their module maps, those the build wrote and those the packages hold.
while IFS= read -r map; do
    extract_flags+=(-Xcc "-fmodule-map-file=$map")
done < <(find "$(swift build --show-bin-path)" -maxdepth 2 -name module.modulemap; find .build/checkouts -path '*/Sources/*/include/module.modulemap')
for module in "${modules[@]}"; do
    swift symbolgraph-extract -module-name "$module" "${extract_flags[@]}" \
        -minimum-access-level public -include-spi-symbols -skip-inherited-docs \
        -output-dir "$symbols_dir"
done
swift Scripts/undocumented-symbols.swift "$symbols_dir"/*.symbols.json
