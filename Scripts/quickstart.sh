#!/usr/bin/env bash
# The main job: shows a generated client paging a real HTTP API on this machine.
#
#   1. installs libyaml if it is missing, builds pagegen and pagegen-mock;
#   2. generates a client from specs/catalog.pagegen.yaml;
#   3. starts pagegen-mock, which serves that spec with 20,000 products;
#   4. runs Examples/Quickstart: it drains the list through the generated
#      allProducts(…) with a progress line, then starts a list adapter in the
#      middle of the list;
#   5. stops the server and says where the generated files are.
#
# Usage: Scripts/quickstart.sh [--skip-build]
#   --skip-build  use the pagegen and pagegen-mock already built in .build (by
#                 `swift build` or `swift build --build-tests`) as they are
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swiftpm.sh

spec=specs/catalog.pagegen.yaml
generated=Examples/Quickstart/Sources/Quickstart/Generated
items=20000

step() { printf '\n==> %s\n' "$1"; }

skip_build=false
case "${1:-}" in
    "") ;;
    --skip-build) skip_build=true ;;
    *) echo "usage: Scripts/quickstart.sh [--skip-build]" >&2; exit 64 ;;
esac

bin="$(swift build --show-bin-path)"
if $skip_build; then
    for tool in pagegen pagegen-mock; do
        [ -x "$bin/$tool" ] || { echo "error: --skip-build, but $bin/$tool is not built: run swift build" >&2; exit 1; }
    done
else
    step "Installing what is missing and building pagegen and pagegen-mock"
    Scripts/install-dependencies.sh
    swiftpm build --product pagegen
    swiftpm build --product pagegen-mock
fi

step "pagegen lint $spec && pagegen generate $spec --output $generated"
"$bin/pagegen" lint "$spec"
rm -rf "$generated"
"$bin/pagegen" generate "$spec" --output "$generated"

step "Building Examples/Quickstart (the generated client on PagegenRuntime)"
swiftpm build --package-path Examples/Quickstart

step "Starting pagegen-mock $spec --items $items"
server_log="$(mktemp)"
"$bin/pagegen-mock" "$spec" --port 0 --items "$items" --quiet >"$server_log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$server_log"' EXIT
base_url=""
for _ in $(seq 1 100); do
    base_url="$(sed -n 's/^Serving .* at \(http[^ ]*\).*/\1/p' "$server_log")"
    [ -n "$base_url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$server_log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$base_url" ] || { echo "error: pagegen-mock did not say where it serves:" >&2; cat "$server_log" >&2; exit 1; }
echo "    serving at $base_url"

step "Walking it with the generated client"
swift run --skip-build --package-path Examples/Quickstart Quickstart "$base_url"

kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
step "Done"
echo "The generated client is in $generated:"
ls "$generated" | sed 's/^/    /'
echo "The program that walked it: Examples/Quickstart/Sources/Quickstart/Quickstart.swift"
echo "Next: README.md (installing, the five-minute walk, the plugins), docs/client.md (the generated client),"
echo "      docs/spec-reference.md (the spec language), docs/paged-list.md (UIKit, SwiftUI)."
