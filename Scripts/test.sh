#!/usr/bin/env bash
# The whole test suite: the format check (the code and the generated files git holds
# as .swift-format says), the docs' compiled snippets, the example consumer packages
# (which build the plugins the way a user's package does), the package's own tests,
# then the documentation check (both DocC catalogs build without warnings, and every
# public declaration has a doc comment).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swiftpm.sh

if [ "${PAGEGEN_SKIP_FORMAT_CHECK:-}" = 1 ]; then
    # Another toolchain's swift format may break a line differently: CI checks the
    # formatting once, with the toolchain .swift-format is written for.
    echo "note: the format check is skipped (PAGEGEN_SKIP_FORMAT_CHECK=1)"
else
    Scripts/format.sh --check
fi
Scripts/check-doc-snippets.sh
Scripts/test-examples.sh
swiftpm build --build-tests
# As every Swift developer runs it: in parallel. No test blocks one of Swift
# concurrency's threads or computes on it for long, and none depends on the machine
# being fast (CONTRIBUTING.md, "How a test waits").
swiftpm test --skip-build
Scripts/check-docs.sh
