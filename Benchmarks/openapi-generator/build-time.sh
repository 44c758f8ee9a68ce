#!/usr/bin/env bash
# What Pagegen's paging extensions add to the debug build of the client
# swift-openapi-generator generates for a whole document: swift-openapi-generator's
# Types and Client for the document go into WholeClient, and the same files with
# PagegenPaging.swift (pagegen openapi-paging, same configuration) into
# WholeClientPaged; each target is then compiled alone (its dependencies built before),
# RUNS times, alternating. Prints the median wall and processor times and the share
# the extensions add. Also times the two generators.
#
# Usage: Benchmarks/openapi-generator/build-time.sh   (DOCS="spotify-fixed-open-api.yml github-api.json" RUNS=3 NAMING=defensive)
# DOCS are names in ../shared/fixtures/openapi-full (beside the package); NAMING is
# swift-openapi-generator's naming strategy, defensive (its default) or idiomatic.
# Needs GNU time: /usr/bin/time on Linux (apt-get install time), `gtime` on macOS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(cd "$here/../.." && pwd)"
fixtures="$package/../shared/fixtures/openapi-full"
runs="${RUNS:-3}"
docs="${DOCS:-spotify-fixed-open-api.yml github-api.json}"
naming="${NAMING:-defensive}"
timer="$(command -v gtime || echo /usr/bin/time)"
[ -x "$timer" ] || { echo "error: GNU time is missing: apt-get install time (brew install gnu-time on macOS)" >&2; exit 1; }
[ -d "$fixtures" ] || { echo "error: $fixtures is missing" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-openapi-build.XXXXXX")"
plain="$here/Sources/WholeClient/Generated"
paged="$here/Sources/WholeClientPaged/Generated"
trap 'rm -rf "$work" "$plain" "$paged"' EXIT

echo "==> building swift-openapi-generator and pagegen (release), and the runtimes (debug)" >&2
swift build -c release --package-path "$here" --product swift-openapi-generator > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
swift build -c release --package-path "$package" --product pagegen > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
apple="$(swift build -c release --package-path "$here" --show-bin-path)/swift-openapi-generator"
pagegen="$(swift build -c release --package-path "$package" --show-bin-path)/pagegen"
debug="$(swift build --package-path "$here" --show-bin-path)"

# Runs "$@" under GNU time; prints "processor-seconds wall-seconds".
timed() {
    "$timer" -f '%U %S %e' -o "$work/time" "$@" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    awk '{ printf "%.2f %.2f\n", $1 + $2, $3 }' "$work/time" | tail -1
}

# Compiles the target $1 again, and only it: its dependencies are brought up to date
# first, under the same timer (SwiftPM compiles every module again when the
# environment differs from the last build's), then its objects are removed.
compile() {
    "$timer" -o /dev/null swift build --package-path "$here" --target "$1" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    find "$here/Sources/$1" -name '*.swift' -exec touch {} +
    find "$debug/$1.build" \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.priors' \) -delete 2>/dev/null || true
    rm -rf "$debug/Modules/$1.swiftmodule" "$debug/$1.swiftmodule"
    timed swift build --package-path "$here" --target "$1"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '| document | generating: swift-openapi-generator | pagegen openapi-paging | paged operations | client build (wall) | with the extensions | added | processor time added |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
for doc in $docs; do
    rm -rf "$plain" "$paged" && mkdir -p "$plain" "$paged"
    printf 'generate:\n  - types\n  - client\nnamingStrategy: %s\n' "$naming" > "$work/config.yaml"
    apple_time="$(timed "$apple" generate "$fixtures/$doc" --config "$work/config.yaml" --output-directory "$plain" | cut -d' ' -f2)"
    cp "$plain"/*.swift "$paged/"
    pagegen_time="$(timed "$pagegen" openapi-paging "$fixtures/$doc" --config "$work/config.yaml" --output "$paged/PagegenPaging.swift" --quiet | cut -d' ' -f2)"
    operations="$(grep -c 'func [A-Za-z_]*PageLoader(' "$paged/PagegenPaging.swift")"
    : > "$work/plain" && : > "$work/paged"
    for run in $(seq 1 "$runs"); do
        echo "    $doc, run $run of $runs" >&2
        compile WholeClient >> "$work/plain"
        compile WholeClientPaged >> "$work/paged"
    done
    plain_wall="$(cut -d' ' -f2 "$work/plain" | median)"
    paged_wall="$(cut -d' ' -f2 "$work/paged" | median)"
    plain_cpu="$(cut -d' ' -f1 "$work/plain" | median)"
    paged_cpu="$(cut -d' ' -f1 "$work/paged" | median)"
    awk -v d="$doc ($naming)" -v a="$apple_time" -v p="$pagegen_time" -v n="$operations" -v pw="$plain_wall" -v qw="$paged_wall" \
        -v pc="$plain_cpu" -v qc="$paged_cpu" 'BEGIN {
        printf "| %s | %.2f s | %.2f s | %d | %.1f s | %.1f s | %+.1f%% | %+.1f%% |\n", d, a, p, n, pw, qw, (qw / pw - 1) * 100, (qc / pc - 1) * 100
    }'
done
