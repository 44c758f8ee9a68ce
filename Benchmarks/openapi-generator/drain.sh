#!/usr/bin/env bash
# Drains 100,000 items through the same swift-openapi-generator client, with Pagegen's
# paging extensions (`listProductsItems`, `listProductsPages`) and with a hand-written
# loop, from pagegen-mock on loopback, at 0 ms and at 20 ms a page, in release mode.
# Prints a table per latency: the median time of RUNS alternated drains of each, and
# each as a ratio to the hand-written loop measured in the same run.
#
# Usage: Benchmarks/openapi-generator/drain.sh      (RUNS=5 ITEMS=100000 LATENCY="0ms 20ms")
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(cd "$here/../.." && pwd)"
runs="${RUNS:-5}"
items="${ITEMS:-100000}"
latencies="${LATENCY:-0ms 20ms}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-openapi-drain.XXXXXX")"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

echo "==> building pagegen, pagegen-mock and the benchmark (release)" >&2
swift build -c release --package-path "$package" --product pagegen > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
swift build -c release --package-path "$package" --product pagegen-mock > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
swift build -c release --package-path "$here" --product DrainOpenAPI > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
tools="$(swift build -c release --package-path "$package" --show-bin-path)"
drain="$(swift build -c release --package-path "$here" --show-bin-path)/DrainOpenAPI"

# The mock serves the document as pagegen import reads it.
"$tools/pagegen" import "$here/Sources/DrainOpenAPI/openapi.yaml" --output "$work/catalog.pagegen.yaml" --quiet > /dev/null

for latency in $latencies; do
    "$tools/pagegen-mock" "$work/catalog.pagegen.yaml" --port 0 --items "$items" --latency "$latency" --quiet > "$work/mock" 2>&1 &
    server=$!
    base=""
    for _ in $(seq 1 100); do
        base="$(sed -n 's/^Serving .* at \(http[^ ]*\).*/\1/p' "$work/mock")"
        [ -n "$base" ] && break
        sleep 0.1
    done
    [ -n "$base" ] || { cat "$work/mock" >&2; exit 1; }
    echo
    echo "Latency $latency a page (pagegen-mock at $base):"
    "$drain" "$base" "$runs" 2> "$work/runs" || { cat "$work/runs" >&2; exit 1; }
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
done
