#!/usr/bin/env bash
# What PagegenPlugin costs a build of Examples/PluginConsumer.
#
# Builds two copies of the example in a temporary folder:
#   with-plugin     the example as it is: PagegenPlugin generates the clients of
#                   shop.pagegen.yaml and blog.pagegen.yaml while the target builds;
#   without-plugin  the same target with the generated sources checked in (copied from
#                   the plugin's output) and no plugin;
# then times, RUNS times each (default 5), and prints the median, min and max:
#   - a no-op `swift build` of each (the plugin's overhead is the difference);
#   - a build after touching shop.pagegen.yaml (pagegen runs for that spec only,
#     writes nothing, nothing recompiles);
#   - a build after editing shop.pagegen.yaml (pagegen runs and the target
#     recompiles), next to the same edit made straight in the checked-in
#     generated file of the copy without the plugin.
#
# Usage: Benchmarks/plugin-overhead.sh          (RUNS=9 Benchmarks/plugin-overhead.sh)
# Uses hyperfine when it is installed, else a loop timed with `date +%s.%N`.
# The repository is not modified; the copies are removed at the end.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-plugin-overhead.XXXXXX")"
trap 'rm -rf "$work"' EXIT

fail() { printf 'error: %s\n' "$1" >&2; exit 1; }

# A copy of the example whose dependency on Pagegen points at this checkout.
copy_example() {
    local destination="$work/$1"
    mkdir -p "$destination"
    cp -R "$root/Examples/PluginConsumer/Package.swift" "$root/Examples/PluginConsumer/Sources" \
        "$root/Examples/PluginConsumer/Tests" "$destination/"
    sed "s|path: \"../..\"|path: \"$root\"|" "$root/Examples/PluginConsumer/Package.swift" > "$destination/Package.swift"
    grep -q "path: \"$root\"" "$destination/Package.swift" || fail "could not point the copy of Examples/PluginConsumer at $root"
}

build() {
    swift build --package-path "$1" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "swift build of $1 failed"; }
}

# Flips the end of a line between "at a time." and "at a time!" in a file: an edit
# that changes the generated code (a doc comment) and nothing else.
flip() {
    local file="$1"
    if grep -q 'at a time\.$' "$file"; then
        sed 's/at a time\.$/at a time!/' "$file" > "$file.new"
    else
        sed 's/at a time!$/at a time./' "$file" > "$file.new"
    fi
    mv "$file.new" "$file"
}

printf 'Preparing the two copies of Examples/PluginConsumer in %s …\n' "$work"
copy_example with-plugin
build "$work/with-plugin"
outputs="$(find "$work/with-plugin/.build/plugins/outputs" -path '*/Storefront/destination/PagegenPlugin/GeneratedSources' -type d)"
[ -n "$outputs" ] || fail "PagegenPlugin wrote no output for the copy with the plugin"

copy_example without-plugin
mkdir -p "$work/without-plugin/Sources/Storefront/Generated"
cp "$outputs"/*.swift "$work/without-plugin/Sources/Storefront/Generated/"
# The example's manifest without the plugin (the specs and config excluded instead).
cat > "$work/without-plugin/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Pagegen", path: "$root")],
    targets: [
        .target(
            name: "Storefront",
            dependencies: [.product(name: "PagegenRuntime", package: "Pagegen")],
            exclude: ["shop.pagegen.yaml", "blog.pagegen.yaml", "pagegen-config.yaml"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StorefrontTests",
            dependencies: ["Storefront", .product(name: "PagegenRuntime", package: "Pagegen")],
            swiftSettings: strictSettings
        ),
    ]
)
EOF
build "$work/without-plugin"
# Both copies up to date and their build descriptions cached before timing.
for copy in with-plugin without-plugin; do build "$work/$copy"; build "$work/$copy"; done

export -f flip build fail
export work
spec="$work/with-plugin/Sources/Storefront/shop.pagegen.yaml"
checked_in="$work/without-plugin/Sources/Storefront/Generated/ShopClient.swift"
grep -q 'at a time\.$' "$checked_in" || fail "ShopClient.swift lacks the line the edit scenario flips"

# measure NAME PREPARE DIRECTORY: prints "NAME|median|min|max" in seconds.
if command -v hyperfine > /dev/null; then
    timer="hyperfine"
    measure() {
        hyperfine --shell bash --style none --runs "$runs" --warmup 1 --prepare "$2" \
            --export-csv "$work/result.csv" "swift build --package-path '$3'" > /dev/null 2>&1 \
            || fail "hyperfine could not time: $1"
        # command,mean,stddev,median,user,system,min,max
        awk -F, -v name="$1" 'NR == 2 { printf "%s|%.3f|%.3f|%.3f\n", name, $4, $7, $8 }' "$work/result.csv"
    }
else
    timer="date +%s.%N loop"
    measure() {
        local times=() i start end
        bash -c "$2"; build "$3"  # warm-up
        for ((i = 0; i < runs; i++)); do
            bash -c "$2"
            start="$(date +%s.%N)"
            build "$3"
            end="$(date +%s.%N)"
            times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
        done
        printf '%s\n' "${times[@]}" | sort -n | awk -v name="$1" '
            { t[NR] = $1 }
            END {
                median = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
                printf "%s|%.3f|%.3f|%.3f\n", name, median, t[1], t[NR]
            }'
    }
fi

printf 'Timing %s runs of each scenario with %s …\n' "$runs" "$timer"
results=()
results+=("$(measure "no-op build, without plugin (generated sources checked in)" "true" "$work/without-plugin")")
results+=("$(measure "no-op build, with PagegenPlugin (2 specs)" "true" "$work/with-plugin")")
results+=("$(measure "touch shop.pagegen.yaml, build (pagegen runs, no recompile)" "touch '$spec'" "$work/with-plugin")")
results+=("$(measure "edit shop.pagegen.yaml, build (regenerate + recompile)" "flip '$spec'" "$work/with-plugin")")
results+=("$(measure "same edit in checked-in ShopClient.swift, build (recompile)" "flip '$checked_in'" "$work/without-plugin")")

without="$(cut -d'|' -f2 <<< "${results[0]}")"
with="$(cut -d'|' -f2 <<< "${results[1]}")"
edit_with="$(cut -d'|' -f2 <<< "${results[3]}")"
edit_without="$(cut -d'|' -f2 <<< "${results[4]}")"

printf '\n%s, %s cores, %s runs each (%s)\n\n' "$(swift --version 2>/dev/null | head -1)" \
    "$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)" "$runs" "$timer"
printf '| %-62s | %8s | %8s | %8s |\n' "scenario" "median" "min" "max"
printf '|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..64})" "---------:" "---------:" "---------:"
for row in "${results[@]}"; do
    IFS='|' read -r name median min max <<< "$row"
    printf '| %-62s | %7.2fs | %7.2fs | %7.2fs |\n' "$name" "$median" "$min" "$max"
done
overhead="$(awk -v a="$with" -v b="$without" 'BEGIN { printf "%.3f", a - b }')"
regenerate="$(awk -v a="$edit_with" -v b="$edit_without" 'BEGIN { printf "%.3f", a - b }')"
printf '\nNo-op overhead of the plugin (median with − median without): %ss (target: under 0.333s)\n' "$overhead"
printf 'Cost of regenerating on an edit (edit with plugin − same edit without): %ss\n' "$regenerate"
awk -v o="$overhead" 'BEGIN { exit !(o < 0.333) }' || printf 'warning: the no-op overhead is above the target\n' >&2
