#!/usr/bin/env bash
# Checks that every Swift code block of the docs that is marked
#
#   <!-- snippet: Examples/…/File.swift -->
#   ```swift
#   …
#   ```
#
# appears, verbatim, in the file it names: that file is compiled (the UIKit and
# SwiftUI ones for iOS by .github/workflows/ci.yml), so the docs show code that builds.
#
# Usage: Scripts/check-doc-snippets.sh [docs…]   (default: README.md, docs/*.md and
#        the articles of the DocC catalogs)
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$#" -gt 0 ] || set -- README.md docs/*.md Sources/*/*.docc/*.md
checked=0
failed=0
for doc in "$@"; do
    # Prints "LINE FILE" for each marker, then checks the block after it.
    while read -r line file; do
        block="$(awk -v start="$line" '
            NR == start + 1 && $0 !~ /^```[a-z]+$/ { exit 2 }
            NR > start + 1 && $0 == "```" { exit }
            NR > start + 1 { print }
        ' "$doc")" || { echo "$doc:$line: error: a snippet marker must be followed by a fenced block with its language" >&2; failed=1; continue; }
        if [ ! -f "$file" ]; then
            echo "$doc:$line: error: the snippet's file $file does not exist" >&2
            failed=1
        elif ! SNIPPET="$block" perl -0777 -ne 'exit(index($_, $ENV{SNIPPET}) >= 0 ? 0 : 1)' "$file"; then
            echo "$doc:$line: error: this snippet is not in $file as written; copy the code from the file (which is compiled) into the doc" >&2
            failed=1
        fi
        checked=$((checked + 1))
    done < <(grep -n '^<!-- snippet: ' "$doc" | sed 's/^\([0-9]*\):<!-- snippet: \([^ ]*\) -->$/\1 \2/')
done
[ "$failed" = 0 ] || exit 1
echo "Doc snippets: $checked checked, each as its compiled file has it."
