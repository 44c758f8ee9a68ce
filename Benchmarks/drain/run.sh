#!/usr/bin/env bash
# The drain benchmark: a generated client and a hand-written loop drain the same
# list of 1,000 pages × 100 items (about 20 MB of JSON) from nginx on loopback,
# at 0 ms and at 20 ms a page, in one process, in release mode, next to a
# hand-tuned pipeline written for this list alone (the bound to read the generated
# client against). The same rows again on AsyncHTTPClient: a hand-written loop on
# HTTPClient.shared, and the generated sequences on AsyncHTTPClientTransport, each
# group against its own loop, and each transport's throughput side by side. Then it
# decodes one page 300 times into the hand-written models and into the generated
# ones, without the network, to show what the generated models cost.
#
# Usage: Benchmarks/drain/run.sh
#   RUNS=5         alternated runs per list (medians are reported)
#   SLOW_PAGES=1000  the length of the 20 ms list (0: no 20 ms list)
#   MEMORY=1       also measure peak memory on 1,000- and 10,000-page lists (writes
#                  200 MB of pages to a temporary folder, removed at the end)
#   PAGES_AHEAD=n  the generated client's PageLoader.pagesAhead (default: the runtime's)
#   PIPELINE_IN_FLIGHT=n  the hand-tuned pipeline's pages in flight (default: 3)
#   LARGE_MB=256   read one answer of LARGE_MB MB whole through each transport, and send
#                  one upload of that size from the file and from memory, each in a
#                  fresh process, and print its peak memory (0: no check)
#   SENDS=200      the concurrent-sends check: 2×SENDS requests at once, SENDS of them
#                  cancelled while the server holds them (0: no check)
#   PORT=18470     nginx listens on PORT (0 ms) and PORT+1 (20 ms), 127.0.0.1 only
#   PROFILE=all    instead of comparing, drain the 0 ms list once with one contender
#                  (loop, pages, all or pipeline) under `perf record -g` and print the top of
#                  `perf report` and the context switches (`perf stat`); PERF_DATA=FILE
#                  keeps the recording
#
# Installs nginx and its echo module with apt-get when they are missing (the
# echo module's non-blocking echo_sleep adds the 20 ms).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs="${RUNS:-5}"
slow_pages="${SLOW_PAGES:-1000}"
memory="${MEMORY:-1}"
large_mb="${LARGE_MB:-256}"
sends="${SENDS:-200}"
port="${PORT:-18470}"
slow_port=$((port + 1))
echo_module=/usr/lib/nginx/modules/ngx_http_echo_module.so

if ! command -v nginx >/dev/null || [ ! -f "$echo_module" ]; then
    echo "==> installing nginx and its echo module"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-echo >/dev/null
fi

echo "==> building (release)"
swift build -c release --package-path "$here" 2>&1 | tail -1
bin="$(swift build -c release --package-path "$here" --show-bin-path)/DrainBenchmark"

work="$(mktemp -d)"
chmod 755 "$work"   # nginx workers run as an unprivileged user
nginx_pid=""
cleanup() {
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

echo "==> writing the pages"
"$bin" write-pages "$work/p1000" 1000
[ "$memory" = 1 ] && "$bin" write-pages "$work/p10000" 10000
[ "$slow_pages" = 0 ] || [ -d "$work/p$slow_pages" ] || "$bin" write-pages "$work/p$slow_pages" "$slow_pages"

cat > "$work/nginx.conf" <<CONF
load_module $echo_module;
worker_processes 1;
worker_rlimit_nofile 32768;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/tmp; proxy_temp_path $work/tmp; fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
    default_type application/json;
    sendfile on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    open_file_cache max=20000 inactive=60s;
    server {
        # Static pages as fast as nginx serves them: /api/1000/items?page=N
        listen 127.0.0.1:$port;
        root $work;
        location ~ ^/api/(\d+)/items\$ { try_files /p\$1/\$arg_page.json /p\$1/empty.json; }
        # Takes an upload of any size and answers once it has read it whole.
        location = /upload { client_max_body_size 0; echo_read_request_body; echo "read"; }
    }
    server {
        # The same pages 20 ms later (a timer, no thread blocks).
        listen 127.0.0.1:$slow_port;
        root $work;
        location ~ ^/api/(\d+)/items\$ { set \$list \$1; echo_sleep 0.02; echo_exec @page; }
        location @page { try_files /p\$list/\$arg_page.json /p\$list/empty.json; }
        # A page held for 10 s, for the concurrent-sends check, which cancels it first.
        location = /held { echo_sleep 10; echo_exec @held; }
        location @held { try_files /p1000/1.json =404; }
    }
}
CONF
mkdir "$work/tmp"
nginx -c "$work/nginx.conf" &
nginx_pid=$!
for _ in $(seq 1 50); do
    curl -sf "http://127.0.0.1:$port/api/1000/items?page=1" >/dev/null 2>&1 && break
    sleep 0.1
done

if [ -n "${PROFILE:-}" ]; then
    echo "==> perf stat: $PROFILE"
    perf stat -e task-clock,context-switches,cpu-migrations "$bin" memory "$PROFILE" "http://127.0.0.1:$port/api/1000" 1000 2>&1 | grep -E "items|task-clock|context|migrations|elapsed"
    echo "==> perf record: $PROFILE"
    perf record -q -g -o "$work/perf.data" "$bin" memory "$PROFILE" "http://127.0.0.1:$port/api/1000" 1000 >/dev/null 2>&1
    perf report -i "$work/perf.data" --no-children --sort dso,symbol --stdio 2>/dev/null | grep -E "^ +[0-9]" | sed -E "s/ +- +- *$//" | cut -c1-160 | head -40 || true
    [ -n "${PERF_DATA:-}" ] && cp "$work/perf.data" "$PERF_DATA"
    exit 0
fi

echo "==> comparing (RUNS=$runs)"
lists=(--list "0 ms a page=http://127.0.0.1:$port/api/1000,1000")
[ "$slow_pages" = 0 ] || lists+=(--list "20 ms a page=http://127.0.0.1:$slow_port/api/$slow_pages,$slow_pages")
"$bin" compare --runs "$runs" "${lists[@]}" || status=$?
echo
"$bin" decode "$work/p1000/2.json" 300 || status=$?

if [ "$sends" != 0 ]; then
    echo
    echo "==> concurrent sends: $((2 * sends)) at once, $sends cancelled while the server holds them, 5 rounds"
    "$bin" concurrent-sends "http://127.0.0.1:$port/api/1000/items?page=1" "http://127.0.0.1:$slow_port/held" "$sends" 5 || status=$?
fi

if [ "$large_mb" != 0 ]; then
    echo
    echo "==> one answer of $large_mb MB read whole (max RSS of a fresh process; its growth per byte of body)"
    head -c "$((large_mb * 1048576))" /dev/urandom > "$work/large.bin"
    echo "| reader | body | max RSS | growth | growth / body |"
    echo "|---|---:|---:|---:|---:|"
    for reader in url-session async-http-client ahc-collect; do
        "$bin" large-body "$reader" "http://127.0.0.1:$port/large.bin" || status=$?
    done
fi

if [ "$large_mb" != 0 ]; then
    echo
    echo "==> one upload of $large_mb MB (max RSS of a fresh process; its growth per byte of body)"
    echo "| sender | body | max RSS | growth | growth / body |"
    echo "|---|---:|---:|---:|---:|"
    for sender in url-session-file async-http-client-file url-session-data async-http-client-data; do
        "$bin" large-upload "$sender" "$work/large.bin" "http://127.0.0.1:$port/upload" || status=$?
    done
fi

if [ "$memory" = 1 ]; then
    echo
    echo "==> peak memory (max RSS of a fresh process draining the list once, 0 ms)"
    for contender in loop pages all server-loop server-pages server-all; do
        for pages in 1000 10000; do
            "$bin" memory "$contender" "http://127.0.0.1:$port/api/$pages" "$pages"
        done
    done
fi
exit "${status:-0}"
