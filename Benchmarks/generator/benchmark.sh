#!/usr/bin/env bash
# Pagegen next to swift-openapi-generator, on the same synthetic API, in one run.
#
# Writes the API of N resources (default 200: 400 endpoints) in both forms
# (write-api.sh), builds swift-openapi-generator and pagegen in release mode, runs
# both generators alternately RUNS times (default 3), compiles both outputs
# alternately RUNS times in this package (a debug build of the generated target
# alone, its dependencies built before), and prints the medians and ratios. Then
# times both generators for SCALE resources (default 10 200 1000 5000), with their
# peak memory, to show how the time grows with the spec; swift-openapi-generator
# only up to APPLE_MAX resources (default 1000: it takes minutes beyond).
#
# Generate times are processor time (user + system), which another process on the
# machine changes little; the scaling table adds pagegen's wall time (it renders its
# three files at the same time). Compile times are given as wall time (what a
# developer waits for, with the build's parallel jobs) and as processor time.
#
# Usage: Benchmarks/generator/benchmark.sh      (N=1000 RUNS=5 SCALE="10 200" APPLE_MAX=5000 Benchmarks/generator/benchmark.sh)
# Needs GNU time: /usr/bin/time on Linux (apt-get install time), `gtime` (brew install gnu-time) on macOS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
n="${N:-200}"
runs="${RUNS:-3}"
scale="${SCALE:-10 200 1000 5000}"
apple_max="${APPLE_MAX:-1000}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-generator-benchmark.XXXXXX")"
trap 'rm -rf "$work"' EXIT
timer="$(command -v gtime || echo /usr/bin/time)"
[ -x "$timer" ] || { echo "error: GNU time is missing: apt-get install time (brew install gnu-time on macOS)" >&2; exit 1; }

apple_out="$here/Sources/OpenAPIGeneratorOutput/Generated"
pagegen_out="$here/Sources/PagegenOutput/Generated"

step() { printf '%s\n' "$*" >&2; }

# Runs "$@" quietly; on failure prints its output and stops.
quietly() {
    "$@" > "$work/log" 2>&1 || { cat "$work/log" >&2; echo "error: failed: $*" >&2; exit 1; }
}

# Runs "$@" under GNU time and prints "processor wall maxRSS-KiB".
timed() {
    "$timer" -f '%U %S %e %M' -o "$work/time" "$@" > "$work/log" 2>&1 \
        || { cat "$work/log" >&2; echo "error: failed: $*" >&2; exit 1; }
    awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }' "$work/time"
}

# The median of column $1 of stdin.
median() { sort -n -k "$1" | awk -v c="$1" '{ v[NR] = $c } END { printf "%.3f", v[int((NR + 1) / 2)] }'; }

lines_of() { cat "$1"/*.swift | wc -l | tr -d ' '; }

step "Writing the API of $n resources…"
"$here/write-api.sh" "$n" "$work/api"

step "Building swift-openapi-generator and pagegen (release)…"
mkdir -p "$apple_out" "$pagegen_out"
touch "$apple_out/Placeholder.swift" "$pagegen_out/Placeholder.swift"
# pagegen is an executable target of Pagegen, not a product: it is built in the
# Pagegen package itself.
pagegen_package="$(cd "$here/../.." && pwd)"
quietly swift build -c release --package-path "$here" --product swift-openapi-generator
quietly swift build -c release --package-path "$pagegen_package" --product pagegen
apple="$(swift build -c release --package-path "$here" --show-bin-path)/swift-openapi-generator"
pagegen="$(swift build -c release --package-path "$pagegen_package" --show-bin-path)/pagegen"
rm -f "$apple_out/Placeholder.swift" "$pagegen_out/Placeholder.swift"

step "Generating, alternately, $runs times each…"
apple_gen=""
pagegen_gen=""
for ((run = 0; run < runs; run++)); do
    rm -rf "$apple_out" && mkdir -p "$apple_out"
    apple_gen+="$(timed "$apple" generate "$work/api/openapi.yaml" --mode types --mode client \
        --access-modifier public --output-directory "$apple_out")"$'\n'
    rm -rf "$pagegen_out"
    pagegen_gen+="$(timed "$pagegen" generate "$work/api/synthetic.pagegen.yaml" --output "$pagegen_out" --quiet)"$'\n'
done
apple_lines="$(lines_of "$apple_out")"
pagegen_lines="$(lines_of "$pagegen_out")"

step "Compiling both outputs (debug), alternately, $runs times each…"
quietly swift build --package-path "$here" --target OpenAPIGeneratorOutput
quietly swift build --package-path "$here" --target PagegenOutput
debug="$(swift build --package-path "$here" --show-bin-path)"
# Compiles the target $1 again, and only it: its sources are touched and its
# objects and module removed (its build folder stays: SwiftPM writes the folder's
# file maps when it plans the build, not at every build). Its runtime, the target $2,
# is brought up to date first, untimed, so that a runtime changed since the last run
# is not counted as the client's build; it runs under the same timer as the timed
# build, since SwiftPM compiles every module again when the environment differs from
# the last build's, and the shell sets `_` to the program it starts.
compile() {
    "$timer" -o /dev/null swift build --package-path "$here" --target "$2" > /dev/null
    find "$here/Sources/$1" -name '*.swift' -exec touch {} +
    find "$debug/$1.build" \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.priors' \) -delete
    rm -rf "$debug/Modules/$1.swiftmodule" "$debug/$1.swiftmodule"
    timed swift build --package-path "$here" --target "$1"
}
apple_compile=""
pagegen_compile=""
for ((run = 0; run < runs; run++)); do
    apple_compile+="$(compile OpenAPIGeneratorOutput OpenAPIRuntime)"$'\n'
    pagegen_compile+="$(compile PagegenOutput PagegenRuntime)"$'\n'
done

step "Generating at N = $scale, alternately, $runs times each…"
scaling=""
for size in $scale; do
    "$here/write-api.sh" "$size" "$work/scale"
    times=""
    apple_times=""
    for ((run = 0; run < runs; run++)); do
        if [ "$size" -le "$apple_max" ]; then
            rm -rf "$work/scale-apple" && mkdir -p "$work/scale-apple"
            apple_times+="$(timed "$apple" generate "$work/scale/openapi.yaml" --mode types --mode client \
                --access-modifier public --output-directory "$work/scale-apple")"$'\n'
        fi
        rm -rf "$work/scale-out"
        times+="$(timed "$pagegen" generate "$work/scale/synthetic.pagegen.yaml" --output "$work/scale-out" --quiet)"$'\n'
    done
    if [ -n "$apple_times" ]; then
        apple_cell="$(median 1 <<< "$apple_times") $(median 3 <<< "$apple_times")"
    else
        apple_cell="- -"
    fi
    scaling+="$size $(median 1 <<< "$times") $(median 2 <<< "$times") $(median 3 <<< "$times") $(lines_of "$work/scale-out") $apple_cell"$'\n'
done

# The table.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
row() {  # label, apple, pagegen, unit, ratio word, goal
    printf '| %s | %s%s | %s%s | %s× %s | %s |\n' "$1" "$2" "$4" "$3" "$4" "$(ratio "$2" "$3")" "$5" "$6"
}
ag="$(median 1 <<< "$apple_gen")"; pg="$(median 1 <<< "$pagegen_gen")"
acw="$(median 2 <<< "$apple_compile")"; pcw="$(median 2 <<< "$pagegen_compile")"
acp="$(median 1 <<< "$apple_compile")"; pcp="$(median 1 <<< "$pagegen_compile")"

printf '\nLoad average at the end: %s\n' "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime)"
printf '\n| N = %s (%s endpoints) | swift-openapi-generator | Pagegen | ratio | goal |\n|---|---:|---:|---:|---:|\n' "$n" "$((2 * n))"
row "generate (release), processor time, median of $runs" "$ag" "$pg" " s" "faster" "≥ 20× faster"
am="$(median 3 <<< "$apple_gen")"; pm="$(median 3 <<< "$pagegen_gen")"
printf '| generate, peak memory | %.0f MiB | %.0f MiB | %s× less | |\n' "$(awk -v k="$am" 'BEGIN { print k / 1024 }')" \
    "$(awk -v k="$pm" 'BEGIN { print k / 1024 }')" "$(ratio "$am" "$pm")"
printf '| generated lines | %s | %s | %s× fewer | ≥ 5× fewer |\n' "$apple_lines" "$pagegen_lines" "$(ratio "$apple_lines" "$pagegen_lines")"
row "debug compile of the generated target, wall time, median of $runs" "$acw" "$pcw" " s" "faster" "≥ 5× faster"
row "debug compile of the generated target, processor time, median of $runs" "$acp" "$pcp" " s" "faster" "≥ 5× faster"

printf '\n| N resources | endpoints | Pagegen generate, processor time, median of %s | per resource | wall time | peak memory | generated lines | swift-openapi-generator, processor time | peak memory | ratio |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' "$runs"
while read -r size cpu wall rss lines acpu arss; do
    [ -n "$size" ] || continue
    awk -v n="$size" -v t="$cpu" -v w="$wall" -v m="$rss" -v l="$lines" -v at="$acpu" -v am="$arss" 'BEGIN {
        printf "| %d | %d | %.3f s | %.0f µs | %.3f s | %.0f MiB | %d |", n, 2 * n, t, t / n * 1e6, w, m / 1024, l
        if (at == "-") printf " - | - | - |\n"
        else printf " %.3f s | %.0f MiB | %.1f× |\n", at, am / 1024, at / t
    }'
done <<< "$scaling"
