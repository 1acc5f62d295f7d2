#!/usr/bin/env bash
# Side-by-side, whole-process timings of chessreach and the seed C++ solutions (g++ -O2) on
# the same generated inputs; medians from hyperfine (apt-get install hyperfine).
#   benches/compare.sh [infinite-chess|king-path|weird-chess|knightmare|duel|path|roads|all]
set -euo pipefail
cd "$(dirname "$0")/.."
WHAT=${1:-all}
OUT=${OUT:-/tmp/chessreach-seeds}
DATA=${DATA:-/tmp/chessreach-bench}
mkdir -p "$DATA"
cargo build --release -q -p chessreach-cli
cargo build --release -q -p chessreach --example gen
OUT=$OUT benches/seeds.sh >/dev/null
R=$PWD/target/release/chessreach
G=$PWD/target/release/examples/gen

median() { # command… : prints the median of each
  hyperfine -w 3 -r "${RUNS:-20}" --export-json "$DATA/h.json" "$@" >/dev/null 2>&1 || true
  python3 - "$DATA/h.json" <<'PY'
import json, sys
import os
for r in json.load(open(sys.argv[1]))["results"]:
    exe, _, rest = r["command"].partition(" ")
    name = os.path.basename(exe) + " " + rest.split("<")[0].strip()
    print("  %-40s median %9.2f ms" % (name.strip(), r["median"] * 1000))
PY
}

if [ "$WHAT" = all ] || [ "$WHAT" = infinite-chess ]; then
  for spec in "2000 spread" "2000 clustered" "2000 sparse" "200000 sparse" "1000000 sparse"; do
    set -- $spec
    f="$DATA/ic_$2_$1.txt"
    [ -f "$f" ] || "$G" infinite-chess "$1" 1 "$2" > "$f"
    echo "infinite-chess n=$1 $2: answer $("$R" solve infinite-chess < "$f")"
    cmds=("$R solve infinite-chess < $f" "$OUT/infinite-1 < $f")
    # The fixed-array seeds hold about 2,000 and 4,800 pieces.
    [ "$1" -le 2000 ] && cmds+=("$OUT/infinite-2 < $f" "$OUT/infinite-3 < $f")
    RUNS=$([ "$1" -ge 1000000 ] && echo 5 || echo 20) median "${cmds[@]}"
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = king-path ]; then
  for n in 100000 all; do
    f="$DATA/kp_$n.txt"
    if [ "$n" = all ]; then "$G" king-path all > "$f"; else "$G" king-path "$n" 1 > "$f"; fi
    cmp -s <("$R" solve king-path < "$f") <("$OUT/kingpath-1" < "$f") && same=same || same=DIFFERENT
    echo "king-path $n lines ($(wc -l < "$f")): answers $same"
    median "$R solve king-path < $f" "$OUT/kingpath-1 < $f"
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = weird-chess ]; then
  for spec in "50 yes" "50 no" "500 yes" "500 no" "2000 yes" "2000 no"; do
    set -- $spec
    f="$DATA/wc_$1_$2.txt"
    "$G" weird-chess "$1" 1 30 "$2" > "$f"
    echo "weird-chess n=$1 ($2 board): answer $("$R" solve weird-chess < "$f" | head -1)"
    if [ "$1" -le 50 ]; then
      cmp -s <("$R" solve weird-chess < "$f") <("$OUT/weird-1" < "$f") && echo "  output identical to the seed's"
      median "$R solve weird-chess < $f" "$OUT/weird-1 < $f"
    else
      # `infer` answers the same question with names and pictures: within 1.5x of `solve`.
      RUNS=5 median "$R solve weird-chess < $f" "$R infer $f"
    fi
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = knightmare ]; then
  # Games on 1000x1000 against the greedy judge, recorded; then the judge's moves are replayed
  # from a file, so every program runs the whole game (decision and every move) alone.
  for seed in 1 2 3; do
    f="$DATA/km_$seed.txt"
    "$R" duel judge --games 1 --board 1000x1000 --seed "$seed" --policy greedy --transcript > "$DATA/km_$seed.log"
    # The transcript's judge lines are what the program reads: the setup, then the moves.
    awk '/^    judge: / { sub(/^    judge: /, ""); print }' "$DATA/km_$seed.log" > "$f"
    echo "knightmare 1000x1000 game $seed: $(head -1 "$DATA/km_$seed.log" | sed 's/.*opponent: //')"
    median "$R solve knightmare < $f" "$OUT/knightmare-1 < $f" "$OUT/knightmare-2 < $f"
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = duel ]; then
  # The exact duel solver against a plain counter-based C++ retrograde solver written for this
  # comparison (benches/reference/duel_retro.cpp), knight against knight with knightmare's
  # targets; both print the same summary, which must agree.
  g++ -O2 -o "$OUT/duel_retro" benches/reference/duel_retro.cpp
  for b in 32 64; do
    a=$("$R" duel solve --board ${b}x$b --quiet | tail -1)
    c=$("$OUT/duel_retro" $b $b)
    [ "$a" = "$c" ] && same=same || same=DIFFERENT
    echo "duel solve knight vs knight ${b}x$b: summaries $same"
    RUNS=5 median "$R duel solve --board ${b}x$b --quiet" "$OUT/duel_retro $b $b"
    # Every start's answer written as JSON: the C++ writes the same bytes (compact JSON,
    # names precomputed, one buffer); both to /dev/null for the timing.
    cmp -s <("$R" duel solve --board ${b}x$b --quiet --format json) <("$OUT/duel_retro" $b $b json) \
      && same=identical || same=DIFFERENT
    echo "duel solve knight vs knight ${b}x$b --format json: JSON $same"
    RUNS=5 median "$R duel solve --board ${b}x$b --quiet --format json" "$OUT/duel_retro $b $b json"
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = path ]; then
  # Distance maps on 1000x1000 among 300 random black rooks against a plain C++ BFS written for
  # the comparison (benches/reference/bfs_rider.cpp: rides walk whole rays); summaries must agree.
  g++ -O2 -o "$OUT/bfs_rider" benches/reference/bfs_rider.cpp
  rooks=$(python3 -c "
import random
random.seed(7)
s=set()
while len(s) < 300: s.add((random.randint(1, 1000), random.randint(1, 1000)))
print('/'.join(f'{a},{b}' for a, b in s if (a, b) != (1, 1)))")
  f="$DATA/bfs_rooks.txt"
  python3 -c "
import sys
p = sys.argv[1].split('/')
print(1000, 1000, 1, 1, len(p))
for x in p: print(*x.split(','))" "$rooks" > "$f"
  for m in Q NN R N; do
    a=$("$R" path --board 1000x1000 --mover "$m@1,1" --black "R@$rooks" --all | head -1 | sed 's/ (a .*//')
    c=$("$OUT/bfs_rider" "$m" < "$f")
    [ "$a" = "$c" ] && same=same || same=DIFFERENT
    echo "path --all, mover $m, 1000x1000, 300 rooks: summaries $same"
    RUNS=5 median "$R path --board 1000x1000 --mover $m@1,1 --black R@$rooks --all" "$OUT/bfs_rider $m < $f"
  done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = roads ]; then
  # No seed C++ exists for roads: chessreach alone, n = m = 1000, q = 10^5, every road and
  # level mix; CPU time (user + system) and peak memory from /usr/bin/time.
  for dist in uniform mostly3 lines2 mix23; do
    for lv in ties distinct huge; do
      f="$DATA/roads_${dist}_$lv.txt"
      [ -f "$f" ] || "$G" roads 1000 1000 100000 1 "$dist" "$lv" > "$f"
      best=""
      for _ in 1 2 3 4 5; do
        t=$( { /usr/bin/time -f "%U %S %M" "$R" solve roads --input "$f" > /dev/null; } 2>&1 | tail -1 | awk '{ print $1 + $2, $3 }')
        best="$best$t\n"
      done
      printf "%b" "$best" | sort -n | sed -n 3p | awk -v d="$dist" -v l="$lv" '{ printf "  roads 1000x1000 q=1e5 %-8s %-9s median CPU (user+sys) %.2f s, peak %d MB\n", d, l, $1, $2 / 1024 }'
    done
  done
fi
