#!/usr/bin/env bash
# pagegen-mock under load: hundreds of concurrent keep-alive connections on loopback.
#
# Starts, from a release build:
#   pagegen-mock       serving specs/numbers.pagegen.yaml (10,000 items; every request
#                      builds its page from the seed, as in development);
#   MockLoadBaseline   FlyingFox 0.27.1's own HTTPServer (the one pagegen-mock ran on
#                      before it read HTTP itself), twice: answering every request with
#                      the bytes of pagegen-mock's page of 30 items, and with those of
#                      its 404 for an unknown path;
# then, in the same run:
#   - wrk with CONNECTIONS keep-alive connections (default 400) on THREADS threads
#     (default 2) for DURATION (default 10s), on the page and on the unknown path:
#     requests per second, p50 and p99 latency, socket errors. The 404 compares the
#     two HTTP layers (pagegen-mock does little else for it); the page adds the cost
#     of making the data;
#   - the time to answer one request whose request line is 10 KB long (200 query
#     items), median of 5 with curl.
# Prints a table, with pagegen-mock's figures as ratios to the baseline's.
#
# Usage: Benchmarks/mock-load.sh        (CONNECTIONS=800 DURATION=30s Benchmarks/mock-load.sh)
# Installs wrk with apt-get when it is missing (Debian, Ubuntu).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
connections="${CONNECTIONS:-400}"
threads="${THREADS:-2}"
duration="${DURATION:-10s}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pagegen-mock-load.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

fail() { printf 'error: %s\n' "$1" >&2; exit 1; }

if ! command -v wrk > /dev/null; then
    command -v apt-get > /dev/null || fail "wrk is not installed (and there is no apt-get to install it)"
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y wrk > "$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get install wrk failed"; }
fi
command -v curl > /dev/null || fail "curl is not installed"
ulimit -n $((connections + 1024)) 2> /dev/null || true

cd "$root"
for product in pagegen-mock MockLoadBaseline; do
    swift build -c release --product "$product" > "$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; fail "swift build -c release --product $product failed"; }
done
bin="$(swift build -c release --show-bin-path)"

# Reads the first line a server prints: its URL.
wait_for_url() {
    local log="$1"
    for _ in $(seq 1 200); do
        if [ -s "$log" ]; then
            grep -o 'http://[0-9.]*:[0-9]*[^ ]*' "$log" | head -n 1 && return 0
        fi
        sleep 0.05
    done
    fail "a server did not start: $(cat "$log")"
}

"$bin/pagegen-mock" specs/numbers.pagegen.yaml --port 0 --items 10000 --quiet > "$work/mock.log" 2>&1 &
pids+=($!)
mock_base="$(wait_for_url "$work/mock.log")"
page="/numbers?page_number=3&per_page=30"
missing="/nowhere"
curl -sf "$mock_base$page" -o "$work/page.json" || fail "pagegen-mock did not answer $mock_base$page"
curl -s "$mock_base$missing" -o "$work/missing.json"

# One baseline server per answer, each sending the bytes pagegen-mock sent.
start_baseline() {
    "$bin/MockLoadBaseline" "$work/$1.json" > "$work/$1.log" 2>&1 &
    pids+=($!)
    wait_for_url "$work/$1.log"
}
baseline_page="$(start_baseline page)"
baseline_missing="$(start_baseline missing)"

long_query="$(for i in $(seq 0 199); do printf 'f%d=%s&' "$i" "$(printf 'x%.0s' $(seq 1 45))"; done)"

# Prints "requests/s p50 p99 errors" for one wrk run (latencies in ms).
load() {
    local url="$1" out="$work/wrk.txt"
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "$url" > "$out" 2>&1 || { cat "$out" >&2; fail "wrk failed on $url"; }
    local rps p50 p99 errors
    rps="$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$out")"
    p50="$(ms "$(awk '$1 == "50%" { print $2 }' "$out")")"
    p99="$(ms "$(awk '$1 == "99%" { print $2 }' "$out")")"
    errors="$(awk '/Socket errors:/ { gsub(",", ""); sum += $4 + $6 + $8 + $10 } END { print sum + 0 }' "$out")"
    echo "$rps $p50 $p99 $errors"
}

# Prints the median time in ms to answer a GET of `url`, over 5 requests.
long_line() {
    local url="$1"
    for _ in 1 2 3 4 5; do
        curl -s -o /dev/null -w '%{time_total}\n' "$url"
    done | sort -n | sed -n 3p | awk '{ printf "%.1f", $1 * 1000 }'
}

# Milliseconds from wrk's latency text (123.45us, 1.23ms, 2.00s).
ms() {
    awk -v value="$1" 'BEGIN {
        if (value ~ /us$/) { sub("us", "", value); printf "%.2f", value / 1000 }
        else if (value ~ /ms$/) { sub("ms", "", value); printf "%.2f", value }
        else if (value ~ /s$/) { sub("s", "", value); printf "%.2f", value * 1000 }
        else printf "%s", value
    }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }'; }

printf 'Loading each server with %s keep-alive connections (wrk, %s threads) for %s...\n' "$connections" "$threads" "$duration"
read -r bp_rps bp_p50 bp_p99 bp_err <<< "$(load "$baseline_page$page")"
read -r mp_rps mp_p50 mp_p99 mp_err <<< "$(load "$mock_base$page")"
read -r bm_rps bm_p50 bm_p99 bm_err <<< "$(load "$baseline_missing$missing")"
read -r mm_rps mm_p50 mm_p99 mm_err <<< "$(load "$mock_base$missing")"
b_long="$(long_line "$baseline_page$page&$long_query")"
m_long="$(long_line "$mock_base$page&$long_query")"

page_bytes="$(wc -c < "$work/page.json" | tr -d ' ')"
missing_bytes="$(wc -c < "$work/missing.json" | tr -d ' ')"
printf '\n| %s connections, %s | FlyingFox HTTPServer, fixed bytes (baseline) | pagegen-mock | ratio |\n' "$connections" "$duration"
printf '|---|---:|---:|---:|\n'
row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$(ratio "$3" "$2")"; }
row "a page of 30 items ($page_bytes B): requests/s" "$bp_rps" "$mp_rps"
row "  p50 latency, ms" "$bp_p50" "$mp_p50"
row "  p99 latency, ms" "$bp_p99" "$mp_p99"
row "an unknown path, 404 ($missing_bytes B): requests/s" "$bm_rps" "$mm_rps"
row "  p50 latency, ms" "$bm_p50" "$mm_p50"
row "  p99 latency, ms" "$bm_p99" "$mm_p99"
row "one request with a 10 KB request line, ms (median of 5)" "$b_long" "$m_long"
printf '\nSocket errors (connect, read, write, timeout): baseline %s and %s, pagegen-mock %s and %s.\n' "$bp_err" "$bm_err" "$mp_err" "$mm_err"
printf 'Load average while measuring: %s\n' "$(cut -d ' ' -f 1-3 /proc/loadavg 2> /dev/null || uptime)"
