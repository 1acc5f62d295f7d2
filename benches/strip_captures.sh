#!/usr/bin/env bash
# Strip routes with captures among pieces far apart (issue #30 item 1), whole process.
#
# Input (seeded, generated here): 10^5 black knights and kings alternating, uniform over files
# ±5·10^11 of an 8-rank strip (distinct squares, `random.seed(7)`), 10 of them capturable
# (`random.seed(8)` picks them). Two questions per mover (knight, queen, nightrider):
#   cross: from -6·10^11,1 to 6·10^11,8 (the route crosses every piece);
#   local: from a capturable piece's file - 40 to its file + 40 (rank 1 to 8);
#   map: `--all --files F-40..F+40` from the local start (the distance to each square, with
#   captures: path::cross::capture_map).
# Prints, per question, the median of RUNS whole-process runs (user + system CPU, then wall)
# and the answer's first line. Needs a release build: cargo build --release -p chessreach-cli.
# Usage: benches/strip_captures.sh [BIN] (default $CARGO_TARGET_DIR/release/chessreach).
set -euo pipefail
BIN=${1:-${CARGO_TARGET_DIR:-target}/release/chessreach}
RUNS=${RUNS:-5}
DATA=${DATA:-/tmp/chessreach-bench}
mkdir -p "$DATA"
ARGS="$DATA/strip_captures.args"
python3 - "$ARGS" <<'EOF'
import random, sys
random.seed(7)
seen = set()
while len(seen) < 100_000:
    seen.add((random.randint(-5 * 10**11, 5 * 10**11), random.randint(1, 8)))
pieces = sorted(seen)
random.seed(8)
caps = random.sample(pieces, 10)
knights = [p for i, p in enumerate(pieces) if i % 2 == 0]
kings = [p for i, p in enumerate(pieces) if i % 2 == 1]
with open(sys.argv[1], "w") as f:
    # One flag per 2,000 squares (each argument stays far below the kernel's 128 kB).
    for letter, group in (("N", knights), ("K", kings)):
        for i in range(0, len(group), 2000):
            f.write("--black\n%s@%s\n" % (letter, "/".join("%d,%d" % p for p in group[i:i + 2000])))
    f.write("--may-capture\n%s\n" % "/".join("%d,%d" % p for p in caps))
    c = caps[0]
    f.write("#local %d,1 %d,8\n" % (c[0] - 40, c[0] + 40))
EOF
mapfile -t args < <(grep -v '^#' "$ARGS")
read -r _ lfrom lto < <(grep '^#local' "$ARGS")
median() {
  # Runs the command RUNS times; prints the median user+sys CPU and wall seconds.
  local t=()
  for _ in $(seq "$RUNS"); do
    t+=("$({ /usr/bin/time -f '%U %S %e' "$@" > /dev/null; } 2>&1 | tail -1 | awk '{ printf "%.3f %.3f", $1 + $2, $3 }')")
  done
  printf '%s\n' "${t[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p"
}
for m in N Q NN; do
  for q in cross local map; do
    if [ "$q" = cross ]; then from=-600000000000,1; to=600000000000,8; else from=$lfrom; to=$lto; fi
    if [ "$q" = map ]; then
      ask=(--all --files "${lfrom%,*}..${lto%,*}")
    else
      ask=(--to "$to")
    fi
    first=$("$BIN" path --board infx8 "${args[@]}" --mover "$m@$from" "${ask[@]}" --format json 2>&1 | head -c 300 | tr '\n' ' ')
    echo "$m $q ($from -> ${ask[*]}): $(median "$BIN" path --board infx8 "${args[@]}" --mover "$m@$from" "${ask[@]}" --format json) (CPU s, wall s)"
    echo "  ${first:0:200}"
  done
done
