#!/usr/bin/env bash
# Builds and tests the example packages that use Pagegen's plugins:
#
#   Examples/PluginConsumer         the build plugin (two specs and a config in one target)
#   Examples/CommandPluginConsumer  the command plugin's committed output
#   Examples/Quickstart             what Scripts/quickstart.sh runs against pagegen-mock
#   Examples/CatalogSync            a Hummingbird route that drains pagegen-mock through a
#                                   generated client on AsyncHTTPClientTransport
#   Examples/OpenAPIGeneratorConsumer  swift-openapi-generator's plugin and
#                                   PagegenOpenAPIPlugin on real documents, both naming
#                                   strategies; its tests page each style on pagegen-mock
#
# and checks that the committed output is what the command plugin generates now
# (`generate-paged-client --check`, which writes nothing).
#
# Usage: Scripts/test-examples.sh [--tools-built]
#   --tools-built  the quick start runs the pagegen and pagegen-mock already built in
#                  .build (Scripts/test.sh builds them with the tests) instead of
#                  building them
# Exits non-zero at the first failure, saying which step failed.
set -euo pipefail

quickstart_options=()
case "${1:-}" in
    "") ;;
    --tools-built) quickstart_options=(--skip-build) ;;
    *) echo "usage: Scripts/test-examples.sh [--tools-built]" >&2; exit 64 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source Scripts/swiftpm.sh

# The two plugin examples build in one scratch folder: both build the generator (the
# plugins' tool) and the runtime the same way, so the second reuses what the first
# built (about a minute less on a 2-core machine).
scratch="$root/.build/examples"

started=$SECONDS
step() {
    printf '\n==> %s\n' "$1"
    step_started=$SECONDS
}
done_step() {
    printf '    ok (%ss)\n' "$((SECONDS - step_started))"
}
fail() {
    printf '\nerror: %s\n' "$1" >&2
    exit 1
}

step "Examples/PluginConsumer: build with PagegenPlugin, run its tests"
swiftpm test --package-path Examples/PluginConsumer --scratch-path "$scratch" \
    || fail "Examples/PluginConsumer failed to build or its tests failed (see above)"
generated="$(find "$scratch/plugins/outputs" -path '*/Storefront/destination/PagegenPlugin/GeneratedSources/*.swift' 2>/dev/null | sed 's|.*/||' | sort | tr '\n' ' ')"
expected="BlogClient.swift BlogModels.swift BlogPaging.swift ShopClient.swift ShopModels.swift ShopPaging.swift "
[ "$generated" = "$expected" ] \
    || fail "PagegenPlugin generated [${generated}] for Examples/PluginConsumer, expected [${expected}]"
done_step

step "Examples/CommandPluginConsumer: committed Sources/Feed/Generated is up to date"
swiftpm package --package-path Examples/CommandPluginConsumer --scratch-path "$scratch" \
    --allow-writing-to-package-directory generate-paged-client --check \
    || fail "Examples/CommandPluginConsumer/Sources/Feed/Generated is stale or the spec has errors: run
    swift package --package-path Examples/CommandPluginConsumer --allow-writing-to-package-directory generate-paged-client
and commit the result"
done_step

step "docs/plugins.md: what generate-paged-client prints when it writes the sources"
# The committed sources moved aside, the command writes them again (the same bytes, as
# the step above showed) and says so; docs/plugins.md shows those lines.
generated_folder=Examples/CommandPluginConsumer/Sources/Feed/Generated
aside="$(mktemp -d)"
mv "$generated_folder" "$aside/Generated"
printed="$(swift package --package-path Examples/CommandPluginConsumer --scratch-path "$scratch" \
    --allow-writing-to-package-directory generate-paged-client 2>&1)" || true
rm -rf "$generated_folder"
mv "$aside/Generated" "$generated_folder"
rmdir "$aside"
lines="$(printf '%s\n' "$printed" | grep -E '^(created|updated|unchanged|removed) |^Feed: ')" \
    || fail "generate-paged-client printed no file: $printed"
while IFS= read -r line; do
    grep -qxF "$line" docs/plugins.md || fail "docs/plugins.md does not show what generate-paged-client prints: $line"
done <<<"$lines"
done_step

step "Examples/CommandPluginConsumer: build, run its tests"
swiftpm test --package-path Examples/CommandPluginConsumer --scratch-path "$scratch" \
    || fail "Examples/CommandPluginConsumer failed to build or its tests failed (see above)"
done_step

step "Scripts/quickstart.sh: generate, serve with pagegen-mock, walk with the generated client"
Scripts/quickstart.sh ${quickstart_options[@]+"${quickstart_options[@]}"} \
    || fail "Scripts/quickstart.sh failed (see above)"
done_step

step "Examples/CatalogSync: a Hummingbird route drains pagegen-mock through AsyncHTTPClientTransport"
# A scratch folder of its own: it builds Pagegen with another trait than the plugin
# examples, which would rebuild the runtime in theirs.
server_scratch="$root/.build/examples-server"
swiftpm build --package-path Examples/CatalogSync --scratch-path "$server_scratch" \
    || fail "Examples/CatalogSync failed to build (see above)"
bin="$(swift build --show-bin-path)"
logs="$(mktemp -d)"
pids=()
trap 'for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done; rm -rf "$logs"' EXIT
# Waits until the program that writes $1 has printed a URL after $2, and prints it.
url_from() {
    local url=""
    for _ in $(seq 1 300); do
        url="$(sed -n "s|^$2 .*\(http://[^ ]*\).*|\1|p" "$1" | head -1)"
        [ -n "$url" ] && { echo "$url"; return 0; }
        sleep 0.1
    done
    cat "$1" >&2
    return 1
}
"$bin/pagegen-mock" specs/catalog.pagegen.yaml --port 0 --items 20000 --quiet >"$logs/mock" 2>&1 &
pids+=($!)
partner="$(url_from "$logs/mock" Serving)" || fail "pagegen-mock did not say where it serves"
"$(swift build --package-path Examples/CatalogSync --scratch-path "$server_scratch" --show-bin-path)/CatalogSync" "$partner" \
    >"$logs/sync" 2>&1 &
pids+=($!)
service="$(url_from "$logs/sync" Listening)" || fail "CatalogSync did not say where it listens"
summary="$(curl -sS --fail-with-body --max-time 600 "$service/categories/shoes/summary")" \
    || fail "GET $service/categories/shoes/summary failed: $summary"
echo "    GET /categories/shoes/summary → $summary"
for field in '"products":20000' '"pages":400' '"firstID":1' '"lastID":20000'; do
    case "$summary" in
        *"$field"*) ;;
        *) fail "the summary lacks $field" ;;
    esac
done
done_step

step "Examples/OpenAPIGeneratorConsumer: swift-openapi-generator's plugin and PagegenOpenAPIPlugin, tests on pagegen-mock"
# The documents' specs that pagegen-mock serves are what pagegen import writes now.
consumer=Examples/OpenAPIGeneratorConsumer
specs="$logs/openapi-specs"
mkdir -p "$specs"
for pair in GitHub/openapi.json:github Spotify/openapi.yaml:spotify Jira/openapi.json:jira Dub/openapi.json:dub Events/openapi.yaml:events \
    Discord/openapi.json:discord; do
    source="${pair%%:*}" name="${pair##*:}"
    # The overrides the plugin reads beside a document, the import reads too.
    overrides=()
    target_folder="$consumer/Sources/$(dirname "$source")"
    [ -f "$target_folder/openapi-overrides.yaml" ] && overrides=(--overrides "$target_folder/openapi-overrides.yaml")
    "$bin/pagegen" import "$consumer/Sources/$source" ${overrides[@]+"${overrides[@]}"} --output "$specs/$name.pagegen.yaml" --name "$name" --quiet > /dev/null 2>&1 \
        || fail "pagegen import $consumer/Sources/$source failed"
    # The header names the document as given; the rest must be the same.
    diff <(tail -n +2 "$specs/$name.pagegen.yaml") <(tail -n +2 "$consumer/Tests/OpenAPIGeneratorConsumerTests/Specs/$name.pagegen.yaml") \
        || fail "$consumer/Tests/OpenAPIGeneratorConsumerTests/Specs/$name.pagegen.yaml is stale: from $consumer, run
    pagegen import Sources/$source ${overrides[*]+"${overrides[*]#$consumer/}"} --output Tests/OpenAPIGeneratorConsumerTests/Specs/$name.pagegen.yaml --name $name"
done
# Its own scratch folder: it builds Pagegen with the OpenAPIGenerator trait.
openapi_scratch="$root/.build/examples-openapi"
swiftpm build --build-tests --package-path "$consumer" --scratch-path "$openapi_scratch" 2>&1 | tee "$logs/openapi-build" \
    || fail "$consumer failed to build (see above)"
# swift-openapi-generator's own files may warn (see the example's Package.swift); Pagegen's may not.
if grep -E 'PagegenPaging\.swift:[0-9]+:[0-9]+: (warning|error)' "$logs/openapi-build"; then
    fail "the paging extensions PagegenOpenAPIPlugin wrote have warnings (above)"
fi
# What the plugin wrote from the Hostile target's document declares what its operations
# imply, read by the compiler's parser: the imports, then an extension of APIProtocol per
# operation, and none of the `evil…` functions the document's texts try to declare.
hostile="$(find "$openapi_scratch/plugins/outputs" -path '*/Hostile/*PagegenOpenAPIPlugin*/PagegenPaging.swift' | head -1)"
[ -n "$hostile" ] || fail "PagegenOpenAPIPlugin wrote no PagegenPaging.swift for the Hostile target"
declarations="$(swiftc -dump-parse "$hostile" 2>&1)" || fail "the Hostile target's PagegenPaging.swift does not parse"
top="$(printf '%s\n' "$declarations" | sed -n 's/^  (\([a-z_]*_decl\)[^"]*"\([^"]*\)".*/\1 \2/p' | sort | uniq -c | tr -s ' ')"
expected=" 18 extension_decl APIProtocol
 1 import_decl Foundation
 1 import_decl PagegenOpenAPIRuntime
 1 import_decl PagegenRuntime"
[ "$top" = "$expected" ] || fail "the Hostile target's PagegenPaging.swift declares at the top level:
$top
expected:
$expected"
if printf '%s\n' "$declarations" | grep -E '_decl [^"]*"evil'; then
    fail "the Hostile target's PagegenPaging.swift declares what its document wrote (above)"
fi
swiftpm test --skip-build --package-path "$consumer" --scratch-path "$openapi_scratch" \
    || fail "$consumer's tests failed (see above)"
done_step

printf '\nAll examples passed (%ss).\n' "$((SECONDS - started))"
