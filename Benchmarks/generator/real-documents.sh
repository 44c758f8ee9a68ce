#!/usr/bin/env bash
# Pagegen next to swift-openapi-generator on whole public OpenAPI documents: for each
# document, both generate the same operations — the paths of its list operations in
# paged-operations.json, every method on them (swift-openapi-generator's `filter:
# paths:`, pagegen import's `--operations /path`) — and a debug build of each
# generated target (its dependencies built before) is timed, with its peak memory:
# wall time (what a developer waits for) and processor time (user + system, which
# other work on a shared machine changes less).
# Runs alternate RUNS times (default 1: one build of a large client takes minutes).
# What one of them cannot do (a document it refuses, a build that fails or takes
# longer than BUILD_LIMIT seconds, default 3600) is printed in the table as such.
#
# Usage: Benchmarks/generator/real-documents.sh      (DOCS="github-api.json stripe-spec3.json" RUNS=3 Benchmarks/generator/real-documents.sh)
# DOCS are names in ../shared/fixtures/openapi-full (beside the package); by default every document there.
# Needs GNU time: /usr/bin/time on Linux (apt-get install time), `gtime` (brew install gnu-time) on macOS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(cd "$here/../.." && pwd)"
fixtures="$package/../shared/fixtures/openapi-full"
runs="${RUNS:-1}"
limit="${BUILD_LIMIT:-3600}"
[ -f "$fixtures/paged-operations.json" ] || { echo "error: $fixtures/paged-operations.json is missing" >&2; exit 1; }
docs="${DOCS:-github-api.json stripe-spec3.json twilio-api-v2010.json asana-oas.yaml spotify-fixed-open-api.yml mistral-openapi.yaml}"
timer="$(command -v gtime || echo /usr/bin/time)"
[ -x "$timer" ] || { echo "error: GNU time is missing: apt-get install time (brew install gnu-time on macOS)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-real-documents.XXXXXX")"
apple_out="$here/Sources/RealOpenAPIGeneratorOutput/Generated"
pagegen_out="$here/Sources/RealPagegenOutput/Generated"
trap 'rm -rf "$work" "$apple_out" "$pagegen_out"' EXIT

step() { printf '%s\n' "$*" >&2; }

# The paths of a document's list operations, one a line.
paths_of() {
    awk -v doc="\"$1\"" '
        $1 == doc ":" { inside = 1; next }
        inside && /\]/ { exit }
        inside { gsub(/^[ ]*"[A-Z]+ |",?[ ]*$/, ""); print }
    ' "$fixtures/paged-operations.json" | sort -u
}

# Runs "$@" under GNU time with a time limit; prints "processor wall maxRSS-KiB status".
timed() {
    local status=0
    "$timer" -f '%U %S %e %M' -o "$work/time" timeout "$limit" "$@" > "$work/log" 2>&1 || status=$?
    awk -v s="$status" '{ printf "%.1f %.1f %d %d\n", $1 + $2, $3, $4, s }' "$work/time" | tail -1
}

lines_of() { cat "$1"/*.swift 2>/dev/null | wc -l | tr -d ' '; }

step "Building swift-openapi-generator and pagegen (release)…"
mkdir -p "$apple_out" "$pagegen_out"
swift build -c release --package-path "$here" --product swift-openapi-generator > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
swift build -c release --package-path "$package" --product pagegen > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
apple="$(swift build -c release --package-path "$here" --show-bin-path)/swift-openapi-generator"
pagegen="$(swift build -c release --package-path "$package" --show-bin-path)/pagegen"
step "Building the runtimes (debug)…"
"$timer" -o /dev/null swift build --package-path "$here" --target RealOpenAPIGeneratorOutput > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
"$timer" -o /dev/null swift build --package-path "$here" --target RealPagegenOutput > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
debug="$(swift build --package-path "$here" --show-bin-path)"

# Compiles the target $1 again, and only it (as benchmark.sh does): its runtime, the
# target $2, is brought up to date first, untimed, so that a runtime changed since
# the last run is not counted as the client's build.
compile() {
    # Under the same timer as the timed build: SwiftPM compiles every module again when
    # the environment differs from the last build's, and the shell sets `_` to the
    # program it starts.
    "$timer" -o /dev/null timeout "$limit" swift build --package-path "$here" --target "$2" > "$work/log" 2>&1 \
        || { cat "$work/log" >&2; exit 1; }
    find "$here/Sources/$1" -name '*.swift' -exec touch {} +
    find "$debug/$1.build" \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.priors' \) -delete 2>/dev/null || true
    rm -rf "$debug/Modules/$1.swiftmodule" "$debug/$1.swiftmodule"
    local result
    result="$(timed swift build --package-path "$here" --target "$1")"
    # The time is the client's alone only if nothing else was compiled with it; if
    # something was, the build reports status 98 ("failed"), with what it compiled.
    if grep -E '^\[[0-9]+/[0-9]+\] Compiling ' "$work/log" | grep -vqE "^\[[0-9]+/[0-9]+\] Compiling $1 "; then
        echo "error: the timed build of $1 compiled more than $1:" >&2
        grep -E '^\[[0-9]+/[0-9]+\] Compiling ' "$work/log" | grep -vE "Compiling $1 " | head -5 >&2
        result="${result% *} 98"
    fi
    echo "$result"
}

median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] }'; }

printf '| document | operations (paths) | generate, processor time: swift-openapi-generator | Pagegen (import + generate) | lines (swift-openapi-generator / Pagegen) | debug build: swift-openapi-generator | debug build: Pagegen | build ratio | build processor time (swift-openapi-generator / Pagegen) | peak memory of the builds |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for doc in $docs; do
    paths="$(paths_of "$doc")"
    count="$(printf '%s\n' "$paths" | grep -c . || true)"
    step "$doc: $count paths…"
    {
        printf 'generate: [types, client]\naccessModifier: public\nfilter:\n  paths:\n'
        printf '%s\n' "$paths" | sed "s/.*/    - '&'/"
    } > "$work/openapi-generator-config.yaml"
    selectors="$(printf '%s\n' "$paths" | paste -sd, -)"

    rm -rf "$apple_out" "$pagegen_out"; mkdir -p "$apple_out" "$pagegen_out"
    read -r agen awall amem astatus < <(timed "$apple" generate "$fixtures/$doc" --config "$work/openapi-generator-config.yaml" --output-directory "$apple_out")
    apple_note=""
    [ "$astatus" = 0 ] || apple_note="failed ($(grep -m1 -iE 'error' "$work/log" | cut -c1-120))"
    read -r pgen pwall pmem pstatus < <(timed sh -c "'$pagegen' import '$fixtures/$doc' --operations '$selectors' --quiet --output '$work/spec.pagegen.yaml' && '$pagegen' generate '$work/spec.pagegen.yaml' --output '$pagegen_out' --quiet")
    pagegen_note=""
    [ "$pstatus" = 0 ] || pagegen_note="failed ($(grep -m1 -iE 'error' "$work/log" | cut -c1-120))"
    operations="$(grep -o '[0-9]* endpoints' "$work/log" | head -1 | cut -d ' ' -f 1)"
    lines="$(lines_of "$apple_out") / $(lines_of "$pagegen_out")"

    apple_builds=""; pagegen_builds=""; apple_cpus=""; pagegen_cpus=""; apple_peak=0; pagegen_peak=0; apple_build_status=0; pagegen_build_status=0
    for ((run = 0; run < runs; run++)); do
        if [ -z "$apple_note" ]; then
            read -r cpu wall mem status < <(compile RealOpenAPIGeneratorOutput OpenAPIRuntime)
            apple_builds+="$wall"$'\n'; apple_cpus+="$cpu"$'\n'; [ "$mem" -gt "$apple_peak" ] && apple_peak="$mem"; [ "$status" = 0 ] || apple_build_status="$status"
        fi
        if [ -z "$pagegen_note" ]; then
            read -r cpu wall mem status < <(compile RealPagegenOutput PagegenRuntime)
            pagegen_builds+="$wall"$'\n'; pagegen_cpus+="$cpu"$'\n'; [ "$mem" -gt "$pagegen_peak" ] && pagegen_peak="$mem"; [ "$status" = 0 ] || pagegen_build_status="$status"
        fi
    done
    describe_build() {  # builds, status, note
        if [ -n "$3" ]; then printf '%s' "-"
        elif [ "$2" = 124 ]; then printf 'over %s s (stopped)' "$limit"
        elif [ "$2" != 0 ]; then printf 'failed (status %s)' "$2"
        else printf '%s s' "$(printf '%s' "$1" | median)"; fi
    }
    ab="$(describe_build "$apple_builds" "$apple_build_status" "$apple_note")"
    pb="$(describe_build "$pagegen_builds" "$pagegen_build_status" "$pagegen_note")"
    ratio="-"; cpu_ratio="-"
    if [[ "$ab" == *" s" && "$pb" == *" s" && "$ab" != over* ]]; then
        ratio="$(awk -v a="${ab% s}" -v b="${pb% s}" 'BEGIN { printf "%.1f× faster", a / b }')"
        acpu="$(printf '%s' "$apple_cpus" | median)"; pcpu="$(printf '%s' "$pagegen_cpus" | median)"
        cpu_ratio="$acpu s / $pcpu s, $(awk -v a="$acpu" -v b="$pcpu" 'BEGIN { printf "%.1f× less", a / b }')"
    fi
    printf '| %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s MB / %s MB |\n' "$doc" "$operations" "$count" \
        "${apple_note:-$agen s}" "${pagegen_note:-$pgen s}" "$lines" "$ab" "$pb" "$ratio" "$cpu_ratio" "$((apple_peak / 1024))" "$((pagegen_peak / 1024))"
done
printf '\nLoad average at the end: %s\n' "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime)"
