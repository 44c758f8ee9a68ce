#!/usr/bin/env bash
# Installs what building pagegen needs beyond the Swift toolchain: the system libyaml
# (the spec reader) and SQLite's headers (the page store, PagegenStore, on GRDB), and
# curl for the install check. Debian/Ubuntu: libyaml-dev, libsqlite3-dev (apt). macOS:
# libyaml (Homebrew; SQLite and curl come with the system). And jq, which the docs'
# transcripts pipe answers through (Scripts/check-transcripts.sh). Installs only what
# is missing, whatever else is there.
set -euo pipefail

missing_apt=()
missing_brew=()
if ! pkg-config --exists yaml-0.1 2>/dev/null; then
    missing_apt+=(libyaml-dev)
    missing_brew+=(libyaml)
fi
if [ "$(uname -s)" = Linux ] && ! pkg-config --exists sqlite3 2>/dev/null && [ ! -f /usr/include/sqlite3.h ]; then
    missing_apt+=(libsqlite3-dev)
fi
if ! command -v pkg-config > /dev/null; then
    missing_apt+=(pkg-config)
    missing_brew+=(pkg-config)
fi
if ! command -v curl > /dev/null; then  # Scripts/check-install.sh asks pagegen-mock for a page
    missing_apt+=(curl)
    missing_brew+=(curl)
fi
if ! command -v jq > /dev/null; then  # the docs' transcripts (Scripts/check-transcripts.sh)
    missing_apt+=(jq)
    missing_brew+=(jq)
fi

case "$(uname -s)" in
Linux)
    [ ${#missing_apt[@]} -eq 0 ] && exit 0
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing ${missing_apt[*]} with apt-get…"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing_apt[@]}"
    ;;
Darwin)
    [ ${#missing_brew[@]} -eq 0 ] && exit 0
    echo "Installing ${missing_brew[*]} with Homebrew…"
    brew install "${missing_brew[@]}"
    ;;
*)
    echo "Install libyaml (yaml-0.1, with its pkg-config file) and SQLite 3's headers with your package manager." >&2
    exit 1
    ;;
esac
