#!/usr/bin/env bash
# Formats the package's Swift code with the toolchain's `swift format` and the
# configuration in .swift-format (4 spaces, lines up to 140 columns).
#
# Usage: Scripts/format.sh           format in place
#        Scripts/format.sh --check   change nothing; fail, naming each place, when the
#                                    code is not formatted (Scripts/test.sh runs this)
#
# Generated code (every folder named Generated, and the Swift the importer writes
# under specs/) is left as pagegen writes it: the reference tests require it to be
# exactly the generator's output.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do
    files+=("$file")
done < <(find Sources Tests Plugins Examples Benchmarks Fuzz Package.swift -name '*.swift' \
    -not -path '*/.build/*' -not -path '*/Generated/*' -print0 | sort -z)

case "${1:-}" in
--check)
    if ! swift format lint --strict --parallel --configuration .swift-format "${files[@]}"; then
        echo "error: the code is not formatted as .swift-format says; run Scripts/format.sh" >&2
        exit 1
    fi
    echo "Formatting: ${#files[@]} files as .swift-format says."
    ;;
"")
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
    ;;
*)
    echo "usage: Scripts/format.sh [--check]" >&2
    exit 64
    ;;
esac
