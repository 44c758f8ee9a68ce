#!/usr/bin/env bash
# `pagegen import` on whole public OpenAPI documents, as a user runs it: a release
# build, the document read, translated, written and the written spec linted. For
# each document, and for copies made 2× and 4× larger (enlarge.sh: its paths copied
# under new prefixes), prints the medians of RUNS runs (default 3) of the processor
# time (user + system, which other work on the machine changes little) and of the
# wall time, the peak memory (max RSS), and each copy's processor time as a multiple
# of the document's, so that growth is seen to be linear.
#
# Usage: Benchmarks/import/benchmark.sh      (DOCS="a.json b.yaml" RUNS=5 SCALES="1 2 4 8" Benchmarks/import/benchmark.sh)
# DOCS defaults to every document of ../shared/fixtures/openapi-full (beside the package).
# Needs GNU time: /usr/bin/time on Linux (apt-get install time), `gtime` (brew install gnu-time) on macOS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(cd "$here/../.." && pwd)"
fixtures="$package/../shared/fixtures/openapi-full"
runs="${RUNS:-3}"
scales="${SCALES:-1 2 4}"
if [ -z "${DOCS:-}" ]; then
    [ -d "$fixtures" ] || { echo "error: no DOCS given and no $fixtures" >&2; exit 1; }
    DOCS="$(ls "$fixtures"/*.json "$fixtures"/*.yaml "$fixtures"/*.yml 2>/dev/null | grep -v paged-operations.json)"
fi
timer="$(command -v gtime || echo /usr/bin/time)"
[ -x "$timer" ] || { echo "error: GNU time is missing: apt-get install time (brew install gnu-time on macOS)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-import-benchmark.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "Building pagegen (release)…" >&2
swift build -c release --package-path "$package" --product pagegen > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
pagegen="$(swift build -c release --package-path "$package" --show-bin-path)/pagegen"

median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'; }

printf '| document | size | × | operations | endpoints (paged) | warnings | processor time, median of %s | × the document'"'"'s | wall time | peak memory | exit |\n' "$runs"
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for doc in $DOCS; do
    name="$(basename "$doc")"
    base_time=""
    for scale in $scales; do
        copy="$work/x$scale-$name"
        "$here/enlarge.sh" "$doc" "$scale" "$copy"
        operations="$(grep -cE '^[[:space:]]*"?operationId"?[[:space:]]*:' "$copy" || true)"
        size="$(awk -v b="$(wc -c < "$copy")" 'BEGIN { printf "%.1f MB", b / 1048576 }')"
        times=""
        cpus=""
        peak=0
        status=0
        for ((run = 0; run < runs; run++)); do
            status=0
            "$timer" -f '%e %M %U %S' -o "$work/time" "$pagegen" import "$copy" --output "$work/out.pagegen.yaml" --quiet \
                > "$work/out" 2> "$work/err" || status=$?
            read -r wall rss user system < <(tail -1 "$work/time")
            times+="$wall"$'\n'
            cpus+="$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')"$'\n'
            [ "$rss" -gt "$peak" ] && peak="$rss"
        done
        wall="$(printf '%s' "$times" | median)"
        cpu="$(printf '%s' "$cpus" | median)"
        [ -n "$base_time" ] || base_time="$cpu"
        endpoints="$(grep -o '[0-9]* endpoints ([0-9]* paged)' "$work/out" | sed 's/ endpoints (\([0-9]*\) paged)/ (\1)/' || echo -)"
        warnings="$(grep -c ': warning: ' "$work/err" || true)"
        printf '| %s | %s | %s× | %s | %s | %s | %s s | %s | %s s | %s MB | %s |\n' "$name" "$size" "$scale" "$operations" \
            "${endpoints:--}" "$warnings" "$cpu" "$(awk -v a="$cpu" -v b="$base_time" 'BEGIN { printf "%.2f×", a / b }')" \
            "$wall" "$((peak / 1024))" "$status"
    done
done
printf '\nLoad average at the end: %s\n' "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime)"
