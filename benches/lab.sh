#!/usr/bin/env bash
# The lab over HTTP: an 8x8 attack map (the start position) POSTed to `chessreach serve` on
# loopback with keep-alive, measured with wrk (apt-get install wrk): one client for the
# median latency, 8 clients for requests per second; beside the cost of spawning the CLI for
# the same answer (median of 200 runs).
#   benches/lab.sh [SECONDS per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
cargo build --release -q -p chessreach-cli
R=${CARGO_TARGET_DIR:-$PWD/target}/release/chessreach
FEN='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
TMP=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$TMP"' EXIT
"$R" serve --port 0 >"$TMP/out" 2>/dev/null &
PID=$!
until [ -s "$TMP/out" ]; do sleep 0.05; done
URL=$(awk '{print $4; exit}' "$TMP/out")
cat >"$TMP/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"fen": "$FEN"}'
wrk.headers["Content-Type"] = "application/json"
LUA
curl -s "${URL}api/attacks" -d "{\"fen\": \"$FEN\"}" >"$TMP/api.json"
"$R" attacks --fen "$FEN" --format json >"$TMP/cli.json"
cmp -s "$TMP/api.json" "$TMP/cli.json" && echo "the API answers what the CLI prints: yes"
echo "== 1 client, keep-alive, ${SECS}s"
wrk -t1 -c1 -d"${SECS}s" --latency -s "$TMP/post.lua" "${URL}api/attacks" | grep -E "50%|99%|Requests/sec"
echo "== 8 clients, keep-alive, ${SECS}s"
wrk -t2 -c8 -d"${SECS}s" --latency -s "$TMP/post.lua" "${URL}api/attacks" | grep -E "50%|99%|Requests/sec|Non-2xx"
echo "== spawning the CLI for the same answer, 200 runs"
python3 - "$R" "$FEN" <<'PY'
import statistics, subprocess, sys, time
r, fen = sys.argv[1:]
times = []
for _ in range(200):
    t = time.perf_counter()
    subprocess.run([r, "attacks", "--fen", fen, "--format", "json"], stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - t)
print(f"    median {statistics.median(times) * 1e3:.2f} ms, {1 / statistics.mean(times):.0f} runs/s one after another")
PY
echo "== the page: its size, and its first render in headless Chromium"
echo "    assets: $(curl -s "${URL}" | wc -c) bytes (one HTML file, style sheet and script inlined)"
python3 benches/lab_render.py "$R" 15
