#!/usr/bin/env bash
# Writes a copy of an OpenAPI document made K times larger: its paths are copied
# K - 1 times under new prefixes (/copy2/…, /copy3/…) with their operationIds
# renamed (listPets → listPets_copy2), so that the copy holds K times the operations
# and what they reach, in the document's own format (JSON or YAML).
#
# It reads the document as lines, as its owners print it: the top-level `paths`
# key alone at the start of a line (`paths:`, or `  "paths": {` in JSON), each path
# one indent deeper. Every document of ../shared/fixtures/openapi-full is printed so.
#
# Usage: Benchmarks/import/enlarge.sh DOCUMENT K OUTPUT
set -euo pipefail

if [ $# -ne 3 ] || ! [[ "$2" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 DOCUMENT K OUTPUT   (K copies of its paths, a positive number)" >&2
    exit 2
fi

awk -v copies="$2" '
    function indent(line) { match(line, /^ */); return RLENGTH }
    # A line of copy k: path keys under /copyk, operationIds followed by _copyk.
    function copied(line, k) {
        if (k == 1) return line
        if (indent(line) == pathIndent && line ~ /^[ ]*["'"'"']?\//) sub(/\//, "/copy" k "/", line)
        if (line ~ /^[ ]*"?operationId"?[ ]*:/) {
            if (line ~ /["'"'"'][ ]*,?[ ]*$/) {
                match(line, /["'"'"'][ ]*,?[ ]*$/)
                line = substr(line, 1, RSTART - 1) "_copy" k substr(line, RSTART)
            } else {
                sub(/[ ]*$/, "_copy" k, line)
            }
        }
        return line
    }
    BEGIN { state = 0; count = 0; pathIndent = -1 }
    state == 0 {
        print
        if ($0 ~ /^paths:[ ]*$/ || $0 ~ /^[ ]*"paths"[ ]*:[ ]*\{[ ]*$/) {
            state = 1; keyIndent = indent($0); json = ($0 ~ /"paths"/)
        }
        next
    }
    # The paths and their copies.
    function flush(   k, i, line) {
        for (k = 1; k <= copies; k++) {
            for (i = 1; i <= count; i++) {
                line = copied(lines[i], k)
                if (json && i == last) {
                    sub(/,[ ]*$/, "", line)
                    if (k < copies) line = line ","
                }
                print line
            }
        }
        state = 2
    }
    state == 1 && ($0 ~ /[^ ]/) && indent($0) <= keyIndent && $0 !~ /^[ ]*#/ {
        # The paths block ends here (JSON: the closing brace of the paths object).
        flush()
        print
        next
    }
    state == 1 {
        lines[++count] = $0
        if ($0 ~ /[^ ]/ && $0 !~ /^[ ]*#/) {
            last = count
            if (pathIndent < 0) pathIndent = indent($0)
        }
        next
    }
    { print }
    # Paths may be the last key of the document.
    END { if (state == 1) flush() }
' "$1" > "$3"
