#!/usr/bin/env bash
# What a package that uses PagegenPlugin builds of Pagegen: a fresh debug build of a
# copy of Examples/PluginConsumer, timed, then the Swift modules it compiled and the
# packages SwiftPM fetched to resolve it.
#
# Usage: Benchmarks/plugin-build-scope.sh [PAGEGEN_CHECKOUT]
#   PAGEGEN_CHECKOUT  the Pagegen checkout the copy depends on (default: this one),
#                     to compare two versions of Pagegen on the same machine.
# The repository is not modified; the copy is removed at the end.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pagegen="$(cd "${1:-$root}" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-plugin-scope.XXXXXX")"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/consumer"
cp -R "$root/Examples/PluginConsumer/Sources" "$root/Examples/PluginConsumer/Tests" "$work/consumer/"
sed "s|path: \"../..\"|path: \"$pagegen\"|" "$root/Examples/PluginConsumer/Package.swift" > "$work/consumer/Package.swift"

swift package --package-path "$work/consumer" resolve > "$work/resolve.log" 2>&1
start=$(date +%s.%N)
swift build --package-path "$work/consumer" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
end=$(date +%s.%N)

modules="$(find "$work/consumer/.build/debug/" -maxdepth 1 -name '*.build' -type d | sed 's|.*/||; s|\.build$||' | sort)"
printf 'Pagegen at %s\n' "$pagegen"
printf "fresh debug build of the plugin consumer: %s s\n" "$(awk "BEGIN { printf \"%.1f\", $end - $start }")"
printf 'modules compiled (%s):\n' "$(echo "$modules" | wc -l)"
echo "$modules" | sed 's/^/  /'
printf 'packages fetched to resolve it: %s\n' "$(ls "$work/consumer/.build/checkouts" 2>/dev/null | tr '\n' ' ')"
