#!/usr/bin/env bash
# The whole test suite: the docs' compiled snippets, the example consumer packages
# (which build the plugins the way a user's package does), the package's own tests,
# then the documentation check (both DocC catalogs build without warnings, and every
# public declaration has a doc comment).
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/check-doc-snippets.sh
Scripts/test-examples.sh
swift build --build-tests
swift test --skip-build
Scripts/check-docs.sh
