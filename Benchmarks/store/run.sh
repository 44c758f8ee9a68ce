#!/usr/bin/env bash
# The page store, measured (see StoreBenchmark.swift): builds StoreBenchmark and pagegen-mock in
# release, starts pagegen-mock twice on specs/catalog.pagegen.yaml (100,000 products, and
# 2,500 for the 50-page list), runs the benchmark and prints its table. Then the same for a
# swift-openapi-generator client's lists (StoreOpenAPI, in Benchmarks/openapi-generator):
# pagegen-mock three times more on that client's document as `pagegen import` reads it
# (100,000 products, 2,500, and 100,000 answered 20 ms late).
#
# Usage: Benchmarks/store/run.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-store-benchmark.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
fail() { printf 'error: %s\n' "$1" >&2; exit 1; }

cd "$root"
for product in pagegen-mock StoreBenchmark; do
    swift build -c release --product "$product" > "$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; fail "swift build -c release --product $product failed"; }
done
bin="$(swift build -c release --show-bin-path)"

# Reads the first line a server prints: its URL.
wait_for_url() {
    local log="$1"
    for _ in $(seq 1 400); do
        if [ -s "$log" ]; then
            grep -o 'http://[0-9.]*:[0-9]*[^ ]*' "$log" | head -n 1 && return 0
        fi
        sleep 0.05
    done
    fail "pagegen-mock did not start: $(cat "$log")"
}

"$bin/pagegen-mock" specs/catalog.pagegen.yaml --port 0 --items 100000 --quiet > "$work/big.log" 2>&1 &
pids+=($!)
"$bin/pagegen-mock" specs/catalog.pagegen.yaml --port 0 --items 2500 --quiet > "$work/fifty.log" 2>&1 &
pids+=($!)
big="$(wait_for_url "$work/big.log")"
fifty="$(wait_for_url "$work/fifty.log")"
"$bin/StoreBenchmark" "$big" "$fifty"

# A swift-openapi-generator client with `storingIn:` (Benchmarks/openapi-generator/Sources/StoreOpenAPI).
openapi="$root/Benchmarks/openapi-generator"
swift build -c release --product pagegen > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; fail "swift build -c release --product pagegen failed"; }
swift build -c release --package-path "$openapi" --product StoreOpenAPI > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; fail "swift build -c release --product StoreOpenAPI failed"; }
store_openapi="$(swift build -c release --package-path "$openapi" --show-bin-path)/StoreOpenAPI"
"$bin/pagegen" import "$openapi/Sources/StoreOpenAPI/openapi.yaml" --output "$work/products.pagegen.yaml" --quiet > /dev/null
"$bin/pagegen-mock" "$work/products.pagegen.yaml" --port 0 --items 100000 --quiet > "$work/openapi-big.log" 2>&1 &
pids+=($!)
"$bin/pagegen-mock" "$work/products.pagegen.yaml" --port 0 --items 2500 --quiet > "$work/openapi-fifty.log" 2>&1 &
pids+=($!)
"$bin/pagegen-mock" "$work/products.pagegen.yaml" --port 0 --items 100000 --latency 20ms --quiet > "$work/openapi-slow.log" 2>&1 &
pids+=($!)
echo
"$store_openapi" "$(wait_for_url "$work/openapi-big.log")" "$(wait_for_url "$work/openapi-fifty.log")" \
    "$(wait_for_url "$work/openapi-slow.log")"
