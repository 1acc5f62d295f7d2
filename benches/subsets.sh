#!/usr/bin/env bash
# Route searches with every hostile piece capturable (`--may-capture all`) in chess
# middlegames, whole process (hyperfine medians, user CPU beside wall clock):
#   cargo build --release -p chessreach-cli && benches/subsets.sh [path/to/chessreach]
# Positions: lines of crates/chessreach/tests/data/middlegames/fens.txt (random legal play,
# scripts/gen_middlegames.py, seed 30): line 1 (22 pieces, 10 black: the queen reaches a8 only by
# capturing) and line 2 (30 pieces). Then the slowest of the first 300 positions for a queen,
# a king and a knight with `--all` from the first empty square of d4 e5 d5 e4 c3 f6 a1 h8 a8 h1.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-${CARGO_TARGET_DIR:-target}/release/chessreach}
FENS=crates/chessreach/tests/data/middlegames/fens.txt
line() { sed -n "$1p" "$FENS"; }
hyperfine -N --warmup 3 --runs 30 --export-json /tmp/subsets-bench.json \
  -n "queen route e4-a8, may-capture all (line 1)" \
  "$BIN path --fen '$(line 1) w - - 0 1' --mover Q@e4 --to a8 --may-capture all" \
  -n "king --all, may-capture all, 30 pieces (line 2)" \
  "$BIN path --fen '$(line 2) w - - 0 1' --mover K@e5 --all --may-capture all" \
  -n "queen --all, may-capture all (line 1)" \
  "$BIN path --fen '$(line 1) w - - 0 1' --mover Q@e4 --all --may-capture all"
python3 - "$BIN" "$FENS" <<'PY'
import subprocess, sys, time, resource
binary, fens = sys.argv[1:]
worst = []
for n, fen in enumerate(open(fens).read().split()[:300], 1):
    occupied = set()
    for r, row in enumerate(fen.split('/')):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                occupied.add((f, 7 - r))
                f += 1
    start = next(s for s in [(3, 3), (4, 4), (3, 4), (4, 3), (2, 2), (5, 5), (0, 0), (7, 7), (0, 7), (7, 0)] if s not in occupied)
    sq = "abcdefgh"[start[0]] + str(start[1] + 1)
    for mover in "QKN":
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        subprocess.run([binary, "path", "--fen", fen + " w - - 0 1", "--mover", f"{mover}@{sq}", "--all", "--may-capture", "all"],
                       check=True, stdout=subprocess.DEVNULL)
        used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
        worst.append((used, mover, n))
worst.sort()
print("slowest of 900 (user CPU s, mover, line):", worst[-3:], "median:", worst[len(worst) // 2])
PY
