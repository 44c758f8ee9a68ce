# Sourced by each script of Scripts/transcripts: what a transcript is made of. A
# script runs in a new empty folder, with `pagegen` and `pagegen-mock` on the PATH and
# the repository's root in $REPO; it prints each block of the docs it writes after a
# `block NAME` line. Scripts/check-transcripts.sh puts each block where the docs mark
# `<!-- transcript: NAME -->`.

# Starts the block NAME: what follows, up to the next block, is its text.
block() {
    printf '==> %s\n' "$1"
}

# Prints `$ COMMAND`, runs it (a shell line: pipes and quotes as written), and prints
# what it prints, its standard output and error as they come. A served mock's port
# is the one its command names (8080 unless it names one), whatever port the system
# gave it.
run() {
    printf '$ %s\n' "$1"
    quiet "$1"
}

# Runs COMMAND as `run` does, printing what it prints but not the command: for the
# messages a doc lists without the command that made them.
quiet() {
    local line="$1"
    if [ -n "${MOCK_PORT:-}" ]; then
        line="${line//127.0.0.1:$SHOWN_PORT/127.0.0.1:$MOCK_PORT}"
        line="${line//--port $SHOWN_PORT/--port $MOCK_PORT}"
    fi
    # `$?` in a command is the status of the one before, as in a terminal. A last line
    # without a line break (curl's answers) gets one; HTTP's CR before each line break
    # goes (a terminal does not show it).
    (exit "${LAST_STATUS:-0}")
    (eval "$line") 2>&1 | sed -e 's/\r$//' | sed -e '$a\' | show_port
    LAST_STATUS=${PIPESTATUS[0]}
}

# Runs COMMAND and prints nothing: setting up what a transcript needs.
setup() {
    (eval "$1") >/dev/null 2>&1
}

# The served mock's port written as the port its command names.
show_port() {
    if [ -n "${MOCK_PORT:-}" ]; then sed "s/127\.0\.0\.1:$MOCK_PORT/127.0.0.1:$SHOWN_PORT/g"; else cat; fi
}

# Prints `$ pagegen-mock ARGS…` and starts it in the background, on a free port
# (the text says `--port 8080`), then prints the first line it prints (where it
# serves) and `…` for the endpoints it lists; a mock started before is stopped first.
serve() {
    printf '$ %s\n' "$1"
    serve_silently "$1"
    head -1 "$MOCK_LOG" | show_port
    echo "…"
}

# Starts a mock as `serve` does, and prints all it prints until it says how to stop it.
serve_listing() {
    printf '$ %s\n' "$1"
    serve_silently "$1"
    sed '/^Press Ctrl-C to stop/q' "$MOCK_LOG" | show_port
}

# Starts a mock as `serve` does, and prints nothing.
serve_silently() {
    stop_mock
    local line="$1"
    SHOWN_PORT="$(printf '%s\n' "$line" | sed -n 's/.*--port \([0-9]*\).*/\1/p')"
    SHOWN_PORT="${SHOWN_PORT:-8080}"
    local started="${line/--port $SHOWN_PORT/--port 0}"
    [ "$started" != "$line" ] || started="$line --port 0"
    MOCK_LOG="$(mktemp)"
    eval "exec $started" >"$MOCK_LOG" 2>&1 &
    MOCK_PID=$!
    for _ in $(seq 1 2400); do
        if grep -q '^Press Ctrl-C to stop' "$MOCK_LOG" || ! kill -0 "$MOCK_PID" 2>/dev/null; then break; fi
        sleep 0.05
    done
    MOCK_PORT="$(sed -n 's|^Serving .* at http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$MOCK_LOG" | head -1)"
}

# Stops the mock and prints what it printed after it started: a line per request.
mock_log() {
    local port="${MOCK_PORT:-}"
    stop_mock
    MOCK_PORT="$port"
    sed '1,/^Press Ctrl-C to stop/d' "$MOCK_LOG" | show_port
    MOCK_PORT=""
}

# Stops the mock `serve` started, if it runs (SIGTERM, as Ctrl-C would).
stop_mock() {
    if [ -n "${MOCK_PID:-}" ]; then
        kill "$MOCK_PID" 2>/dev/null || true
        wait "$MOCK_PID" 2>/dev/null || true
    fi
    MOCK_PID="" MOCK_PORT=""
}
trap stop_mock EXIT

# Writes standard input into FILE, for the files a transcript's commands read.
file() {
    mkdir -p "$(dirname "$1")"
    cat >"$1"
}

# Prints the fenced block of the doc DOC that follows `<!-- file: NAME -->`: a file a
# doc shows, so that the transcript runs what the reader copies.
doc_file() {
    awk -v name="$2" '
        $0 == "<!-- file: " name " -->" { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }
    ' "$1"
}

# Prints `$ COMMAND`, then `…` for what it prints on its standard error (a build's
# progress), then its standard output.
run_building() {
    printf '$ %s\n…\n' "$1"
    (eval "$1") 2>/dev/null | show_port || true
}

# Prints `$ COMMAND` and what it prints, its first FIRST lines, `…`, and its last LAST
# lines (all of them when they are not more than FIRST + LAST).
run_elided() {
    printf '$ %s\n' "$1"
    local output
    output="$(quiet "$1")"
    local count
    count="$(printf '%s\n' "$output" | wc -l)"
    if [ "$count" -le $(($2 + $3)) ]; then
        printf '%s\n' "$output"
    else
        printf '%s\n' "$output" | head -n "$2"
        echo "…"
        printf '%s\n' "$output" | tail -n "$3"
    fi
}
