#!/usr/bin/env bash
# Installs what building pagegen needs beyond the Swift toolchain: the system libyaml.
# Debian/Ubuntu: libyaml-dev (apt). macOS: libyaml (Homebrew). Does nothing when it is there.
set -euo pipefail

if pkg-config --exists yaml-0.1 2>/dev/null; then
    exit 0
fi

case "$(uname -s)" in
Linux)
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing libyaml-dev and pkg-config with apt-get…"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libyaml-dev pkg-config
    ;;
Darwin)
    echo "Installing libyaml and pkg-config with Homebrew…"
    brew install libyaml pkg-config
    ;;
*)
    echo "Install libyaml (yaml-0.1, with its pkg-config file) with your package manager." >&2
    exit 1
    ;;
esac
