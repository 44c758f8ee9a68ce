#!/usr/bin/env bash
# The importer measured against documents it was not written for: each document of the
# corpus is imported (a release build), its spec linted, and each list operation's
# paging compared with the document's truth (Benchmarks/import/corpus/*.truth.yaml,
# written from each document's own text: how its lists page, which array holds their
# items, and which operations do not page). Prints a row per document:
#
#   imports, lints       the import exits 0, and the spec it writes has no lint error
#   right items          list operations paged as the truth says, with the right items
#   recall               that, of the truth's list operations
#   wrong                operations paged otherwise than the truth says, or paged when
#                        the truth says they do not page
#   notes with choices   paging notes that name what was chosen over what
#   time, peak memory    of the import, the process's maximum resident memory
#
# Usage: Benchmarks/import/corpus.sh [--details]    (DOCUMENTS=folder to read them elsewhere)
# The documents are in ../shared/fixtures/openapi-corpus (beside the package); its
# README.md names each one's source.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(cd "$here/../.." && pwd)"
documents="${DOCUMENTS:-$package/../shared/fixtures/openapi-corpus}"
[ -d "$documents" ] || { echo "error: no corpus at $documents (set DOCUMENTS)" >&2; exit 1; }

echo "Building ImportCorpus (release)…" >&2
swift build -c release --package-path "$package" --product ImportCorpus >/dev/null 2>&1 \
    || swift build -c release --package-path "$package" --product ImportCorpus
tool="$(swift build -c release --package-path "$package" --show-bin-path)/ImportCorpus"

printf '| document | imports | lints | right items | recall | wrong | notes with choices | time (s) | peak memory (MB) |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|---:|\n'
for truth in "$here"/corpus/*.truth.yaml; do
    if [ "${1:-}" = --details ]; then
        "$tool" "$truth" "$documents" --details | sed '$d' >&2
    fi
    "$tool" "$truth" "$documents" | tail -1 | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }'
done
