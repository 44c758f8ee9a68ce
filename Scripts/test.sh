#!/usr/bin/env bash
# The whole test suite: the format check (the code and the generated files git holds
# as .swift-format says), the docs' compiled snippets and their links, the package's
# own tests, the docs' transcripts (each command they show run again), the example consumer packages (which build the plugins the way a user's
# package does) and the quick start, every trait combination the README names, the
# README's install of the command lines, then the documentation check (the DocC
# catalogs build without warnings, and every public declaration has a doc comment).
# Each stage's time is printed at the end.
#
# The package is built once, with its tests: the quick start runs the pagegen and
# pagegen-mock of that build (built on their own, without the tests, every module of
# the package would compile a second time).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swiftpm.sh

times=""
stage() {  # NAME COMMAND…
    local name="$1" started=$SECONDS
    shift
    printf '\n==> %s\n' "$name"
    "$@"
    times+="$(printf '%6ss  %s' "$((SECONDS - started))" "$name")"$'\n'
}

Scripts/install-dependencies.sh  # libyaml and SQLite's headers, where they are missing

if [ "${PAGEGEN_SKIP_FORMAT_CHECK:-}" = 1 ]; then
    # Another toolchain's swift format may break a line differently: CI checks the
    # formatting once, with the toolchain .swift-format is written for.
    echo "note: the format check is skipped (PAGEGEN_SKIP_FORMAT_CHECK=1)"
else
    stage "format check" Scripts/format.sh --check
fi
stage "the docs' snippets" Scripts/check-doc-snippets.sh
stage "the docs' links" swift Scripts/check-doc-links.swift README.md CONTRIBUTING.md Benchmarks/README.md docs/*.md \
    SECURITY.md CHANGELOG.md Fuzz/README.md
stage "build, with the tests" swiftpm build --build-tests
# As every Swift developer runs it: in parallel. No test blocks one of Swift
# concurrency's threads or computes on it for long, and none depends on the machine
# being fast (CONTRIBUTING.md, "How a test waits").
stage "swift test" swiftpm test --skip-build
# The commands the docs show, run again: each block is what the tools print now.
stage "the docs' transcripts" Scripts/check-transcripts.sh
stage "example packages and quick start" Scripts/test-examples.sh --tools-built
stage "trait combinations" Scripts/check-traits.sh
stage "install" Scripts/check-install.sh
stage "documentation check" Scripts/check-docs.sh
printf '\nAll passed. Time per stage:\n%s' "$times"
