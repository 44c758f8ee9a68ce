#!/usr/bin/env bash
# Builds and tests the example packages that use Pagegen's plugins:
#
#   Examples/PluginConsumer         the build plugin (two specs and a config in one target)
#   Examples/CommandPluginConsumer  the command plugin's committed output
#   Examples/Quickstart             what Scripts/quickstart.sh runs against pagegen-mock
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

step "Examples/CommandPluginConsumer: build, run its tests"
swiftpm test --package-path Examples/CommandPluginConsumer --scratch-path "$scratch" \
    || fail "Examples/CommandPluginConsumer failed to build or its tests failed (see above)"
done_step

step "Scripts/quickstart.sh: generate, serve with pagegen-mock, walk with the generated client"
Scripts/quickstart.sh ${quickstart_options[@]+"${quickstart_options[@]}"} \
    || fail "Scripts/quickstart.sh failed (see above)"
done_step

printf '\nAll examples passed (%ss).\n' "$((SECONDS - started))"
