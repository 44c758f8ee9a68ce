#!/usr/bin/env bash
# How long `pagegen generate` takes on a big spec.
#
# Writes a spec of MODELS models (default 200; each with 14 fields and an inline
# enum, and a page envelope) and 2×MODELS endpoints (a paged one with a path
# parameter, an optional enum query parameter and a page size, and a single-item
# one), builds pagegen in release mode, and runs `pagegen generate` on it RUNS times
# (default 5), printing the median, min and max of the processor time (user + system)
# and of the wall time. The processor time is the figure to compare: on a shared
# machine the wall time depends on what else runs.
#
# BASELINE=/path/to/another/pagegen times that binary on the same spec first, and the
# ratio of the medians is printed (for example a release build of an older commit:
# `git worktree add /tmp/old <commit> && swift build -c release --package-path /tmp/old`).
#
# Usage: Benchmarks/generate-time.sh      (MODELS=400 RUNS=9 BASELINE=… Benchmarks/generate-time.sh)
# Needs GNU time: /usr/bin/time on Linux, `gtime` (brew install gnu-time) on macOS.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
models="${MODELS:-200}"
runs="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-generate-time.XXXXXX")"
trap 'rm -rf "$work"' EXIT
spec="$work/big.pagegen.yaml"

{
    printf 'pagegen: 1\nname: Big\nnamespace: BigAPI\nbaseURL: https://big.example.com/v1\nauth: { bearer: {} }\nmodels:\n'
    for ((i = 0; i < models; i++)); do
        printf '  Item%d:\n    id: Int\n' "$i"
        printf '    name: String\n    count: Int\n    ratio: Double?\n    enabled: Bool\n    created_at: Date?\n'
        printf '    homepage: URL?\n    tags: [String]\n    note: String?\n    parent_id: Int?\n    owner_name: String\n'
        printf '    updated_at: Date?\n    score: Double\n    summary_text: String?\n'
        printf '    status: { enum: [active, archived, pending_review] }\n'
        printf '  Item%dPage:\n    items: [Item%d]\n    total: Int\n' "$i" "$i"
    done
    printf 'endpoints:\n'
    for ((i = 0; i < models; i++)); do
        printf '  items%d:\n    summary: The items of kind %d.\n    get: /groups/{group_id}/items%d\n' "$i" "$i" "$i"
        printf '    path: { group_id: String }\n    query:\n      sort: { enum: [name, date], optional: true }\n      q: String?\n'
        printf '    returns: Item%dPage\n    paging:\n      page: { param: page, first: 1 }\n' "$i"
        printf '      size: { param: per_page, default: 30, max: 100 }\n      items: items\n      total: total\n'
        printf '  item%d:\n    get: /items%d/{id}\n    path: { id: Int }\n    returns: Item%d\n' "$i" "$i" "$i"
    done
} > "$spec"

swift build -c release --product pagegen --package-path "$root" > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; echo "error: the release build of pagegen failed" >&2; exit 1; }
pagegen="$(swift build -c release --product pagegen --package-path "$root" --show-bin-path)/pagegen"

timer="$(command -v gtime || echo /usr/bin/time)"

# Prints "processor wall" seconds of each run, one run a line.
measure() {
    local binary="$1"
    for ((run = 0; run < runs; run++)); do
        rm -rf "$work/out"
        "$timer" -f '%U %S %e' -o "$work/time" "$binary" generate "$spec" --output "$work/out" --quiet
        awk '{ printf "%.2f %.2f\n", $1 + $2, $3 }' "$work/time"
    done
}

# Prints "median min max" of column $1 of stdin.
stats() {
    sort -n -k "$1" | awk -v c="$1" '{ v[NR] = $c } END { printf "%.2f %.2f %.2f", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

report() {
    local label="$1" times="$2"
    read -r cpu cpu_min cpu_max <<< "$(stats 1 <<< "$times")"
    read -r wall wall_min wall_max <<< "$(stats 2 <<< "$times")"
    printf '| %s | %s s (%s–%s) | %s s (%s–%s) |\n' "$label" "$cpu" "$cpu_min" "$cpu_max" "$wall" "$wall_min" "$wall_max"
}

lines="$(wc -l < "$spec" | tr -d ' ')"
printf 'pagegen generate on a spec of %s models and %s endpoints (%s lines), %s runs each:\n\n' "$models" "$((2 * models))" "$lines" "$runs"
printf '| pagegen | processor time, median (min–max) | wall time, median (min–max) |\n|---|---:|---:|\n'
if [ -n "${BASELINE:-}" ]; then
    baseline_times="$(measure "$BASELINE")"
    report "baseline ($BASELINE)" "$baseline_times"
fi
current_times="$(measure "$pagegen")"
report "this checkout" "$current_times"
generated="$(cat "$work/out"/*.swift | wc -l | tr -d ' ')"
printf '\nIt writes %s lines of Swift.\n' "$generated"
if [ -n "${BASELINE:-}" ]; then
    awk -v b="$(stats 1 <<< "$baseline_times" | cut -d' ' -f1)" -v c="$(stats 1 <<< "$current_times" | cut -d' ' -f1)" \
        'BEGIN { printf "This checkout takes %.2f× the baseline'"'"'s processor time.\n", c / b }'
fi
