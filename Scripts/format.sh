#!/usr/bin/env bash
# Formats the package's Swift code with the toolchain's `swift format` and the
# configuration in .swift-format (4 spaces, lines up to 140 columns).
#
# Usage: Scripts/format.sh           format in place
#        Scripts/format.sh --check   change nothing; fail, naming each place, when the
#                                    code is not formatted
#
# Generated code (every folder named Generated) is left as pagegen writes it: the
# reference tests require it to be exactly the generator's output. The check lints the
# generated files git holds with the same configuration, without exception.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do
    files+=("$file")
done < <(find Sources Tests Plugins Examples Benchmarks Fuzz Package.swift -name '*.swift' \
    -not -path '*/.build/*' -not -path '*/Generated/*' -print0 | sort -z)

if ! swift format --version > /dev/null 2>&1; then
    echo "error: this toolchain has no 'swift format' (Swift 6 toolchains bundle it); install Swift 6.2 or later" >&2
    exit 1
fi

case "${1:-}" in
--check)
    if ! swift format lint --strict --parallel --configuration .swift-format "${files[@]}"; then
        echo "error: the code is not formatted as .swift-format says; run Scripts/format.sh" >&2
        exit 1
    fi
    generated=()
    while IFS= read -r -d '' file; do
        generated+=("$file")
    done < <(git ls-files -z -- 'Tests/**/Generated/*.swift' 'Examples/**/Generated/*.swift')
    if ! swift format lint --strict --parallel --configuration .swift-format "${generated[@]}"; then
        echo "error: generated code is not as .swift-format says: change the templates or the layout (Sources/PagegenCore/Renderer)" >&2
        exit 1
    fi
    echo "Formatting: ${#files[@]} files as .swift-format says, and ${#generated[@]} generated files."
    ;;
"")
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
    ;;
*)
    echo "usage: Scripts/format.sh [--check]" >&2
    exit 64
    ;;
esac
