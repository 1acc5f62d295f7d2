#!/usr/bin/env bash
# Royal endgame solver timings (whole process, `chessreach endgame solve --format json`), on
# one core and on two (RAYON_NUM_THREADS), medians of RUNS runs (default 5), with the
# positions per second of the material's own table and its subgames.
#   benches/endgame.sh [MATERIAL@BOARD …]   (default: KQvK@8x8 KBNvK@8x8 KQvKR@8x8)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p chessreach-cli
R=${CARGO_TARGET_DIR:-$PWD/target}/release/chessreach
RUNS=${RUNS:-5}
[ $# -gt 0 ] || set -- KQvK@8x8 KBNvK@8x8 KQvKR@8x8
date -u
nproc
for spec in "$@"; do
  m=${spec%@*} b=${spec#*@}
  for threads in 1 2; do
    times=()
    for _ in $(seq "$RUNS"); do
      s=$(date +%s.%N)
      RAYON_NUM_THREADS=$threads "$R" endgame solve --quiet --board "$b" --material "$m" --format json >/tmp/endgame-bench.json
      e=$(date +%s.%N)
      times+=("$(echo "$e - $s" | bc)")
    done
    python3 - "$m" "$b" "$threads" "${times[@]}" <<'PY'
import json, statistics, sys
m, b, threads, *ts = sys.argv[1:]
ts = sorted(float(t) for t in ts)
med = statistics.median(ts)
d = json.load(open("/tmp/endgame-bench.json"))
n = d["white_to_move"]["positions"] + d["black_to_move"]["positions"]
w = d["white_to_move"]["longest"]
print(f"{m:7} {b:6} threads={threads}: median {med:.3f} s (min {ts[0]:.3f}, max {ts[-1]:.3f}), "
      f"{n:,} legal positions, {n/med/1e6:.2f} M/s; longest White-to-move {w['plies'] if w else None} plies")
PY
  done
done
