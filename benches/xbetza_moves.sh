#!/usr/bin/env bash
# One multi-leg piece's moves on 8×8, whole process: user CPU per query (the load-independent
# figure beside `cargo bench -p chessreach --bench xbetza -- 8x8`). Each piece 5 runs of N
# queries; prints the median user CPU per query in ns.
#   benches/xbetza_moves.sh [N]     (N = 2,000,000 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000000}
T=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p chessreach --example moves_cpu
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for piece in KADcaKmabK FyafsF afsW fmFfcafmF; do
  runs=()
  for _ in 1 2 3 4 5; do
    u=$( { /usr/bin/time -f "%U" "$T/release/examples/moves_cpu" "$piece" "$N" >/dev/null; } 2>&1 )
    runs+=("$u")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 3p | \
    awk -v p="$piece" -v n="$N" '{ printf "%-12s %7.0f ns user CPU per query (median of 5 runs of %d)\n", p, $1 * 1e9 / n, n }'
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
