#!/usr/bin/env bash
# Installs what is missing, then generates a client from a bundled example spec
# and prints what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
swift build --product pagegen
.build/debug/pagegen lint specs/*.pagegen.yaml
.build/debug/pagegen generate specs/catalog.pagegen.yaml --output .build/quickstart/Catalog
echo
echo "First lines of the generated client:"
sed -n '1,40p' .build/quickstart/Catalog/CatalogClient.swift
