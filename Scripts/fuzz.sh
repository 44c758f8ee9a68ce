#!/usr/bin/env bash
# Fuzzes what reads specs (the YAML reader, the linter, the generator and the mock
# server's spec loader) with libFuzzer: see Fuzz/README.md.
#
# Usage: Scripts/fuzz.sh [SECONDS] [libFuzzer options...]
#   SECONDS  how long to fuzz (default 600)
#
# Needs Linux and a swift.org toolchain (it ships libFuzzer). The first build takes
# several minutes: every module it links is compiled with coverage and AddressSanitizer.
# The corpus grows in Fuzz/.build/fuzz/corpus (seeded with specs/); an input that
# crashes, hangs or gets an error without a location is saved in
# Fuzz/.build/fuzz/findings. Exits non-zero when it found one.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${1:-600}"
shift || true

work="Fuzz/.build/fuzz"
mkdir -p "$work/corpus" "$work/findings"
cp specs/*.pagegen.yaml "$work/corpus/"

# Debian's default linker (gold) cannot link the instrumented objects; lld can.
cat > "$work/toolset.json" <<'JSON'
{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] } }
JSON

swift build -c release --package-path Fuzz --product SpecFuzzer \
    -Xswiftc -sanitize=fuzzer,address --toolset "$work/toolset.json"
fuzzer="$(swift build -c release --package-path Fuzz --show-bin-path \
    -Xswiftc -sanitize=fuzzer,address --toolset "$work/toolset.json")/SpecFuzzer"

"$fuzzer" "$work/corpus" \
    -dict=Fuzz/spec.dict \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=3072 \
    -max_len=65536 \
    -print_final_stats=1 \
    -artifact_prefix="$work/findings/" \
    "$@"
