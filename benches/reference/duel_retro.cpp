// A plain counter-based retrograde solver for knightmare-style knight duels, written for the
// benchmark comparison in benches/compare.sh (not part of the product).
// Usage: duel_retro FILES RANKS  -> prints the start counts and the longest win, as
// `chessreach duel solve --board FILESxRANKS` summarises them;
//        duel_retro FILES RANKS json  -> writes every start's result as compact JSON, byte for
// byte what `chessreach duel solve --board FILESxRANKS --format json` writes (square names
// precomputed, one output buffer, no allocation per entry).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    const int F = atoi(argv[1]), R = atoi(argv[2]);
    const int n = F * R;
    const int KX[8] = {1, 2, -1, -2, 1, 2, -1, -2}, KY[8] = {2, 1, 2, 1, -2, -1, -2, -1};
    std::vector<int> nb(8 * (size_t)n), cnt(n, 0);
    for (int s = 0; s < n; s++) {
        int x = s % F, y = s / F;
        for (int k = 0; k < 8; k++) {
            int tx = x + KX[k], ty = y + KY[k];
            if (tx >= 0 && tx < F && ty >= 0 && ty < R) nb[8 * (size_t)s + cnt[s]++] = ty * F + tx;
        }
    }
    auto leap = [&](int a, int b) {
        int dx = abs(a % F - b % F), dy = abs(a / F - b / F);
        return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
    };
    const int tw = (R / 2 - 1) * F + (F / 2 - 1), tb = (R / 2) * F + (F / 2 - 1);
    const int target[2] = {tw, tb};
    const size_t N = 2 * (size_t)n * n;
    std::vector<uint8_t> st(N, 0);  // 0 unknown, 1 white wins, 2 black wins; +4 terminal
    std::vector<uint32_t> val(N, 0);
    std::vector<uint32_t> q;
    q.reserve(N);
    for (int w = 0; w < n; w++)
        for (int b = 0; b < n; b++)
            for (int side = 0; side < 2; side++) {
                size_t i = ((size_t)w * n + b) * 2 + side;
                int mover = 1 - side;
                int at[2] = {w, b};
                int win = -1;
                if (w == b) win = mover;
                else {
                    for (int s : {mover, 1 - mover})
                        if (win < 0 && at[s] == target[s] && !leap(at[1 - s], at[s])) win = s;
                }
                if (win >= 0) {
                    st[i] = 4 | (1 + win);
                    q.push_back((uint32_t)i);
                } else {
                    val[i] = cnt[side == 0 ? w : b];
                }
            }
    for (size_t h = 0; h < q.size(); h++) {
        size_t i = q[h];
        int side = i & 1, w = (int)((i >> 1) / n), b = (int)((i >> 1) % n);
        int winner = (st[i] & 3) - 1, mover = 1 - side;
        uint32_t d = val[i] + 1;
        int moved = mover == 0 ? w : b, still = mover == 0 ? b : w;
        for (int k = 0; k < cnt[moved]; k++) {
            int from = nb[8 * (size_t)moved + k];
            if (from == still) continue;
            size_t p = (mover == 0 ? ((size_t)from * n + b) : ((size_t)w * n + from)) * 2 + mover;
            if (st[p]) continue;
            if (winner == mover || --val[p] == 0) {
                st[p] = 1 + winner;
                val[p] = d;
                q.push_back((uint32_t)p);
            }
        }
    }
    if (argc > 3 && strcmp(argv[3], "json") == 0) {
        std::vector<std::string> name(n);
        for (int s = 0; s < n; s++) {
            int x = s % F + 1, y = s / F + 1;
            name[s] = F <= 26 ? "\"" + std::string(1, char('a' + x - 1)) + std::to_string(y) + "\""
                            : "\"" + std::to_string(x) + "," + std::to_string(y) + "\"";
        }
        printf("{\"board\":\"%dx%d\",\"white\":\"N\",\"black\":\"N\",\"white_target\":%s,\"black_target\":%s,\"starts\":[",
               F, R, name[tw].c_str(), name[tb].c_str());
        std::string buf;
        buf.reserve(1 << 17);
        bool first = true;
        char digits[16];
        for (int w = 0; w < n; w++)
            for (int b = 0; b < n; b++) {
                if (w == b || w == tw || b == tb) continue;
                size_t i = ((size_t)w * n + b) * 2;
                if (!first) buf += ',';
                first = false;
                buf += "\n{\"white\":";
                buf += name[w];
                buf += ",\"black\":";
                buf += name[b];
                if (st[i] == 0) buf += ",\"winner\":\"draw\",\"plies\":null}";
                else {
                    buf += (st[i] & 3) == 1 ? ",\"winner\":\"white\",\"plies\":" : ",\"winner\":\"black\",\"plies\":";
                    int k = 16;
                    uint32_t v = val[i];
                    do { digits[--k] = char('0' + v % 10); v /= 10; } while (v);
                    buf.append(digits + k, 16 - k);
                    buf += '}';
                }
                if (buf.size() >= (1 << 16)) {
                    fwrite(buf.data(), 1, buf.size(), stdout);
                    buf.clear();
                }
            }
        fwrite(buf.data(), 1, buf.size(), stdout);
        printf("\n]}\n");
        return 0;
    }
    long long starts = 0, ww = 0, bw = 0, dr = 0;
    unsigned longest = 0;
    for (int w = 0; w < n; w++)
        for (int b = 0; b < n; b++) {
            if (w == b || w == tw || b == tb) continue;
            size_t i = ((size_t)w * n + b) * 2;
            starts++;
            if (st[i] == 0) dr++;
            else {
                if ((st[i] & 3) == 1) ww++; else bw++;
                if (val[i] > longest) longest = val[i];
            }
        }
    printf("%lld starts (White to move): White wins %lld, Black wins %lld, draws %lld; the longest win takes %u plies\n",
           starts, ww, bw, dr, longest);
    return 0;
}
