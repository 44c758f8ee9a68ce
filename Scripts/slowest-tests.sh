#!/usr/bin/env bash
# The suite's slowest tests, so that they stay visible.
#
# Usage: Scripts/slowest-tests.sh [COUNT] [XUNIT-FILE]
#   COUNT       how many to list (10)
#   XUNIT-FILE  read the times of a run already made with `swift test --xunit-output FILE`
#               (Swift Testing writes FILE with "-swift-testing" before its extension)
#
# Without a file, it builds the tests and runs them one at a time (`--no-parallel`),
# so that each time is what the test costs, not how long it waited for a thread
# while others ran; the run takes about as long as the suite does in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10}"
file="${2:-}"

if [ -z "$file" ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    swift build --build-tests >/dev/null
    swift test --skip-build --no-parallel --xunit-output "$work/tests.xml" >/dev/null || echo "note: the suite failed; the times are still listed"
    file="$work/tests-swift-testing.xml"
fi

echo "The $count slowest tests (seconds):"
# <testcase classname="Module.Suite" name="test()" time="1.234" />
sed -nE 's/.*<testcase classname="([^"]*)" name="([^"]*)" time="([0-9.]+)".*/\3 \1.\2/p' "$file" \
    | sort -rn | awk -v n="$count" 'NR <= n' | awk '{ printf "%8.2f  %s\n", $1, substr($0, index($0, " ") + 1) }'
