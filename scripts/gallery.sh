#!/usr/bin/env bash
# Regenerates docs/gallery/*.svg from docs/gallery/gallery.txt (run from anywhere).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release --locked
grep -v '^#' docs/gallery/gallery.txt | while read -r file args; do
  [ -n "$file" ] || continue
  # shellcheck disable=SC2086 # the arguments are words split at spaces, by design
  target/release/chessreach $args > "docs/gallery/$file"
  echo "docs/gallery/$file"
done
