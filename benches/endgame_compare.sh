#!/usr/bin/env bash
# Whole-process side by side: `chessreach endgame solve` against a plain counter-based C++
# retrograde solver written for this comparison (benches/reference/endgame_retro.cpp, g++ -O2,
# one core), on the same materials; both count the legal positions, wins, draws and the
# longest mate per side to move, which must agree. Medians of RUNS runs (default 5) of user
# CPU time and of wall time (/usr/bin/time), chessreach on one core and on two.
#   benches/endgame_compare.sh [MATERIAL@N …]   (default: KQvK@8 KRvK@8 KBNvK@8 KQvKR@8)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p chessreach-cli
R=${CARGO_TARGET_DIR:-$PWD/target}/release/chessreach
OUT=${OUT:-/tmp/chessreach-seeds}
mkdir -p "$OUT"
g++ -O2 -o "$OUT/endgame_retro" benches/reference/endgame_retro.cpp
C=$OUT/endgame_retro
RUNS=${RUNS:-5}
[ $# -gt 0 ] || set -- KQvK@8 KRvK@8 KBNvK@8 KQvKR@8
date -u
nproc
median() { # label command…: medians of user CPU and wall seconds over RUNS runs
  local label=$1
  shift
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%U %e" "$@" 2>&1 >/dev/null | tail -1
  done | python3 -c "
import statistics, sys
rows = [tuple(map(float, l.split())) for l in sys.stdin if l.strip()]
print('  %-34s median user %7.3f s, wall %7.3f s (%d runs)' % (sys.argv[1],
      statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows), len(rows)))
" "$label"
}
for spec in "$@"; do
  m=${spec%@*} n=${spec#*@}
  ours=$("$R" endgame solve --quiet --board "${n}x$n" --material "$m" --format json | python3 -c "
import json, sys
d = json.load(sys.stdin)
for side in ('white', 'black'):
    s = d[side + '_to_move']
    print('%s to move: %d positions, white %d, black %d, draw %d, longest %d' % (side,
          s['positions'], s['white'], s['black'], s['draw'], s['longest']['plies'] if s['longest'] else -1))
")
  theirs=$("$C" "$n" "$m")
  [ "$ours" = "$theirs" ] && same=same || same=DIFFERENT
  echo "$m on ${n}x$n: summaries $same"
  [ "$same" = same ] || { echo "$ours"; echo "$theirs"; }
  median "chessreach (1 core)" env RAYON_NUM_THREADS=1 "$R" endgame solve --quiet --board "${n}x$n" --material "$m" --format json
  median "chessreach (2 cores)" env RAYON_NUM_THREADS=2 "$R" endgame solve --quiet --board "${n}x$n" --material "$m" --format json
  median "C++ endgame_retro (1 core)" "$C" "$n" "$m"
done
