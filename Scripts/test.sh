#!/usr/bin/env bash
# The whole test suite: the package's tests, then the example consumer packages
# (which build the plugins the way a user's package does).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test --skip-build
if [ -x Scripts/test-examples.sh ]; then
    Scripts/test-examples.sh
fi
