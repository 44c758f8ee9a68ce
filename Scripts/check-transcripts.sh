#!/usr/bin/env bash
# The docs' transcripts are what the tools print now. Each fenced block of README.md
# and docs/*.md that follows a line `<!-- transcript: NAME -->` is the text that a
# script of Scripts/transcripts prints after `block NAME` (see lib.sh there): the
# commands, each run in a new folder, and what they printed.
#
# Usage: Scripts/check-transcripts.sh [--write]
#   (default)  fails, showing the difference, where a block differs from its script's
#   --write    writes each block from its script
# pagegen and pagegen-mock are those of the package's debug build (swift build).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

mode=check
case "${1:-}" in
    "") ;;
    --write) mode=write ;;
    *) echo "usage: Scripts/check-transcripts.sh [--write]" >&2; exit 64 ;;
esac

bin="$(swift build --show-bin-path)"
for tool in pagegen pagegen-mock; do
    [ -x "$bin/$tool" ] || { echo "error: $bin/$tool is not built; run swift build first" >&2; exit 1; }
done

blocks="$(mktemp -d)"
trap 'rm -rf "$blocks"' EXIT
# Each script in a folder of its own; its blocks into a file each.
for script in Scripts/transcripts/*.sh; do
    [ "$(basename "$script")" != lib.sh ] || continue
    work="$(mktemp -d)"
    output="$blocks/$(basename "$script" .sh).out"
    (cd "$work" && PATH="$bin:$PATH" REPO="$root" bash -c "set -uo pipefail; source '$root/Scripts/transcripts/lib.sh'; source '$root/$script'") >"$output" \
        || { echo "error: $script failed" >&2; rm -rf "$work"; exit 1; }
    rm -rf "$work"
    awk -v folder="$blocks" '
        /^==> / { name = substr($0, 5); file = folder "/" name ".block"; printf "" > file; next }
        name != "" { print >> file }
    ' "$output"
done

status=0
for doc in README.md docs/*.md; do
    grep -q '^<!-- transcript: ' "$doc" || continue
    rewritten="$(mktemp)"
    awk -v folder="$blocks" -v doc="$doc" '
        function fail(message) { printf "%s:%d: error: %s\n", doc, NR, message > "/dev/stderr"; failed = 1 }
        state == "marker" {
            print
            if ($0 !~ /^```/) { fail("a transcript marker must be followed by a fenced block"); state = ""; next }
            file = folder "/" name ".block"
            if ((getline line < file) <= 0) { fail("no script of Scripts/transcripts prints the block " name); state = "old"; next }
            print line
            while ((getline line < file) > 0) print line
            close(file)
            state = "old"
            next
        }
        state == "old" { if ($0 ~ /^```/) { print; state = "" } ; next }
        /^<!-- transcript: .* -->$/ { name = $0; sub(/^<!-- transcript: /, "", name); sub(/ -->$/, "", name); state = "marker" }
        { print }
        END { exit failed }
    ' "$doc" >"$rewritten" || status=1
    if ! cmp -s "$doc" "$rewritten"; then
        if [ "$mode" = write ]; then
            cp "$rewritten" "$doc"
            echo "wrote the transcripts of $doc"
        else
            echo "error: $doc: a transcript differs from what the tools print now (Scripts/check-transcripts.sh --write writes it):" >&2
            diff -u "$doc" "$rewritten" | sed 's/^/    /' >&2 || true
            status=1
        fi
    fi
    rm -f "$rewritten"
done
[ "$status" = 0 ] || exit 1
echo "Transcripts: every block is what the tools print now."
