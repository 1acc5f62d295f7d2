#!/usr/bin/env bash
# A probe's bad FEN against the solve it no longer waits for (whole process): `endgame probe
# --board 10x10 --material KQvKR` with a FEN of another board, another material, a bad side to
# move and an illegal position (each refused before anything is solved: medians of RUNS runs,
# default 5), beside one probe of a good FEN (the whole 10x10 KQvKR solve, ~400 MB).
#   benches/endgame_bad_fen.sh          (BIN=path/to/chessreach to skip the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p chessreach-cli
  BIN=${CARGO_TARGET_DIR:-$PWD/target}/release/chessreach
fi
RUNS=${RUNS:-5}
date -u
uptime
probe() { /usr/bin/time -f "%U %S %e %M" "$BIN" endgame probe --quiet --board 10x10 --material KQvKR --fen "$1" >/dev/null 2>/tmp/endgame-bad-fen.err || true; tail -1 /tmp/endgame-bad-fen.err; }
for fen in "k7/8/8/8/8/8/8/K6Q w" "k9/10/10/10/10/10/10/10/10/K8Q w" \
  "k8r/10/10/10/10/10/10/10/10/K8Q x" "k8r/10/10/10/10/10/10/10/10/K8Q w"; do
  walls=()
  for _ in $(seq "$RUNS"); do
    walls+=("$(probe "$fen" | cut -d' ' -f3)")
  done
  printf '%-40s median wall %s s (%s runs)\n' "$fen" "$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p")" "$RUNS"
done
echo "good FEN (the solve), user sys wall maxrss-KB: $(probe "k8r/10/10/10/10/10/10/10/10/K8Q b")"
