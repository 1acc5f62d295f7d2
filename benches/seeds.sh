#!/usr/bin/env bash
# Extracts the C++ solutions from the seed documents (../shared/seeds, not part of this repo)
# and compiles each with g++ -O2 into $OUT (default /tmp/chessreach-seeds).
# The king-path seed gives its solution as fragments around prose; they are assembled here
# with the headers and the `res` variable the fragments use.
set -euo pipefail
SEEDS=${SEEDS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/seeds}
[ -d "$SEEDS" ] || SEEDS=$(cd "$(dirname "$0")/../../.." && pwd)/shared/seeds
OUT=${OUT:-/tmp/chessreach-seeds}
mkdir -p "$OUT"

# Every ```cpp block of a markdown-ish seed file, as NAME-1.cpp, NAME-2.cpp, …
extract() {
  awk -v out="$OUT/$2" '
    /^```cpp/ { n++; f = out "-" n ".cpp"; inside = 1; next }
    /^```/ && inside { inside = 0; close(f); next }
    inside { print > f }
  ' "$SEEDS/$1"
}
extract 000_409deef612d0c702.txt infinite
extract 002_3daff6c3abdda1d4.txt knightmare
extract 004_763579b3c8772133.txt weird

# infinite-1 is a fragment (it relies on a template header): give it one.
{
  cat <<'HDR'
#include <bits/stdc++.h>
using namespace std;
#define il inline
#define pb push_back
#define ep emplace
#define all(x) (x).begin(), (x).end()
template<class T> using ve = vector<T>;
using pii = pair<int,int>;
#define x first
#define y second
template<class T> bool cn(T &a, T b) { if (b < a) { a = b; return true; } return false; }
template<class T> void rd(T &v) { cin >> v; }
HDR
  sed -e 's/\bpii S,T;/pii S,T;/' "$OUT/infinite-1.cpp"
  echo 'int main(){ios::sync_with_stdio(false);cin.tie(nullptr);Solve();return 0;}'
} > "$OUT/infinite-1-full.cpp"
mv "$OUT/infinite-1-full.cpp" "$OUT/infinite-1.cpp"

# king-path: the fragments of seed 001, in order, with what they leave out.
{
  echo '#include <cstdio>'
  echo '#include <cstring>'
  echo '#include <deque>'
  echo 'using namespace std;'
  echo 'char kx, ky, pax, pay, pbx, pby; int res;'
  awk '/^int m\[10\]\[10\];/,/^int xx\[8\]/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  awk '/^int yy\[8\]/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  awk '/^int cango/,/^}/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  awk '/^void bfs/,/^}$/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  awk '/^int attackPawns/,/^}$/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  echo 'int main() {'
  awk '/^while\(scanf/,/^}$/' "$SEEDS/001_e9f625e4d0d86e27.txt"
  echo 'return 0; }'
} | sed 's/\xc2\xa0/ /g' | LC_ALL=C grep -v '[^ -~]' | grep -v '^ *$' > "$OUT/kingpath-1.cpp"

for f in "$OUT"/*.cpp; do
  g++ -O2 -std=c++17 -o "${f%.cpp}" "$f" 2>"${f%.cpp}.log" && echo "built ${f%.cpp}" || echo "FAILED ${f%.cpp} (see ${f%.cpp}.log)"
done
