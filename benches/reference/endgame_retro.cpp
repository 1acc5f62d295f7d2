// A plain counter-based retrograde solver for orthodox royal endgames (K, Q, R, B, N; three or
// four pieces, distinct letters on each side), written for the benchmark comparison in
// benches/endgame_compare.sh (not part of the product).
// Usage: endgame_retro N MATERIAL   (an N x N board; MATERIAL such as KQvK, KBNvK, KQvKR)
// Prints, per side to move, the legal positions, White's wins, Black's wins, draws and the
// longest mate in plies, as `chessreach endgame solve --format json` counts them.
// Index: stm * S^n + sq[0] * S^(n-1) + ... (slot 0 White's king, 1 Black's, then the others);
// a byte of state and a byte of counter or plies a position; buckets of positions per ply.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static int N, S;
enum { ILLEGAL = 0, OPEN = 1, WIN = 2, LOSS = 3 };

struct Table {
    int n;                  // pieces
    char letter[4];         // slot letters
    int colour[4];          // 0 White, 1 Black
    int sub[4];             // table after the slot is captured (-1: none)
    std::vector<uint8_t> st, val, caploss;
    size_t half;
};
static std::vector<Table> tables;

static const int KD[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int ND[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

// The steps of a letter: (dx, dy) and whether it rides.
static int steps(char l, int d[8][2], bool& ride) {
    ride = l == 'Q' || l == 'R' || l == 'B';
    int k = 0;
    for (int i = 0; i < 8; i++) {
        if (l == 'N') { d[k][0] = ND[i][0]; d[k][1] = ND[i][1]; k++; continue; }
        bool diag = KD[i][0] != 0 && KD[i][1] != 0;
        if (l == 'K' || l == 'Q' || (l == 'R' && !diag) || (l == 'B' && diag)) {
            d[k][0] = KD[i][0]; d[k][1] = KD[i][1]; k++;
        }
    }
    return k;
}

static inline bool occupied(const int* sq, int n, int skip, int s) {
    for (int i = 0; i < n; i++)
        if (i != skip && sq[i] == s) return true;
    return false;
}

// Whether the piece of slot j attacks square t (slots in `gone` are off the board).
static bool attacks(const Table& T, const int* sq, int j, int t, int gone) {
    int d[8][2]; bool ride;
    int k = steps(T.letter[j], d, ride);
    int x = sq[j] % N, y = sq[j] / N;
    for (int i = 0; i < k; i++) {
        int tx = x, ty = y;
        for (;;) {
            tx += d[i][0]; ty += d[i][1];
            if (tx < 0 || ty < 0 || tx >= N || ty >= N) break;
            int s = ty * N + tx;
            if (s == t) return true;
            bool occ = false;
            for (int m = 0; m < T.n; m++)
                if (m != j && m != gone && sq[m] == s) occ = true;
            if (occ || !ride) break;
        }
    }
    return false;
}

static bool in_check(const Table& T, const int* sq, int side, int gone) {
    for (int j = 0; j < T.n; j++)
        if (j != gone && T.colour[j] != side && attacks(T, sq, j, sq[side], gone)) return true;
    return false;
}

static size_t index_of(const Table& T, int stm, const int* sq) {
    size_t i = stm;
    for (int k = 0; k < T.n; k++) i = i * S + sq[k];
    return i;
}

static void decode(const Table& T, size_t i, int& stm, int* sq) {
    for (int k = T.n - 1; k >= 0; k--) { sq[k] = i % S; i /= S; }
    stm = (int)i;
}

// Calls f(slot, to, captured slot or -1) for every legal move of stm.
template <class F> static void moves(const Table& T, int stm, const int* sq, F f) {
    for (int i = 0; i < T.n; i++) {
        if (T.colour[i] != stm) continue;
        int d[8][2]; bool ride;
        int k = steps(T.letter[i], d, ride);
        int x = sq[i] % N, y = sq[i] / N;
        for (int a = 0; a < k; a++) {
            int tx = x, ty = y;
            for (;;) {
                tx += d[a][0]; ty += d[a][1];
                if (tx < 0 || ty < 0 || tx >= N || ty >= N) break;
                int s = ty * N + tx, cap = -1;
                for (int m = 0; m < T.n; m++)
                    if (m != i && sq[m] == s) cap = m;
                if (cap >= 0 && (T.colour[cap] == stm || cap < 2)) break;
                int q[4]; memcpy(q, sq, sizeof q); q[i] = s;
                if (!in_check(T, q, stm, cap)) f(i, s, cap);
                if (cap >= 0 || !ride) break;
            }
        }
    }
}

// The value after a capture for the side then to move: (state, plies).
static void sub_value(const Table& T, int stm, const int* q, int cap, int& st, int& p) {
    if (T.sub[cap] < 0) { st = OPEN; p = 0; return; }  // bare kings: a draw
    const Table& U = tables[T.sub[cap]];
    int r[4], k = 0;
    for (int m = 0; m < T.n; m++)
        if (m != cap) r[k++] = q[m];
    size_t j = index_of(U, 1 - stm, r);
    st = U.st[j]; p = U.val[j];
}

static void solve(Table& T) {
    size_t total = 2;
    for (int k = 0; k < T.n; k++) total *= S;
    T.half = total / 2;
    T.st.assign(total, ILLEGAL); T.val.assign(total, 0); T.caploss.assign(total, 0);
    std::vector<std::vector<uint32_t>> bucket(256);
    for (size_t i = 0; i < total; i++) {
        int stm, sq[4];
        decode(T, i, stm, sq);
        bool overlap = false;
        for (int a = 0; a < T.n; a++)
            for (int b = a + 1; b < T.n; b++) overlap |= sq[a] == sq[b];
        if (overlap || in_check(T, sq, 1 - stm, -1)) continue;
        int any = 0, counter = 0, win = 1000, loss = 0;
        moves(T, stm, sq, [&](int slot, int to, int cap) {
            any = 1;
            if (cap < 0) { counter++; return; }
            int q[4]; memcpy(q, sq, sizeof q); q[slot] = to;
            int st, p;
            sub_value(T, stm, q, cap, st, p);
            if (st == LOSS) win = std::min(win, p + 1);
            else if (st == WIN) loss = std::max(loss, p + 1);
            else counter++;
        });
        T.caploss[i] = loss;
        if (!any) {
            if (in_check(T, sq, stm, -1)) { T.st[i] = LOSS; T.val[i] = 0; bucket[0].push_back(i); }
            else { T.st[i] = OPEN; T.val[i] = 0; }
        } else if (win < 1000) {
            T.st[i] = WIN; T.val[i] = win; bucket[win].push_back(i);
        } else if (counter == 0) {
            T.st[i] = LOSS; T.val[i] = loss; bucket[loss].push_back(i);
        } else {
            T.st[i] = OPEN; T.val[i] = counter;
        }
    }
    for (int d = 0; d < 255; d++) {
        for (size_t b = 0; b < bucket[d].size(); b++) {
            size_t i = bucket[d][b];
            if (T.val[i] != d) continue;  // a capture win made shorter since
            int stm, sq[4];
            decode(T, i, stm, sq);
            bool lost = T.st[i] == LOSS;
            int mover = 1 - stm;
            for (int s = 0; s < T.n; s++) {
                if (T.colour[s] != mover) continue;
                int dd[8][2]; bool ride;
                int k = steps(T.letter[s], dd, ride);
                int x = sq[s] % N, y = sq[s] / N;
                for (int a = 0; a < k; a++) {
                    int fx = x, fy = y;
                    for (;;) {
                        fx -= dd[a][0]; fy -= dd[a][1];
                        if (fx < 0 || fy < 0 || fx >= N || fy >= N) break;
                        int f = fy * N + fx;
                        if (occupied(sq, T.n, s, f)) break;
                        int p[4]; memcpy(p, sq, sizeof p); p[s] = f;
                        size_t j = index_of(T, mover, p);
                        if (lost) {
                            if (T.st[j] == OPEN && T.val[j] != 0) {
                                T.st[j] = WIN; T.val[j] = d + 1; bucket[d + 1].push_back(j);
                            } else if (T.st[j] == WIN && T.val[j] > d + 1) {
                                T.val[j] = d + 1; bucket[d + 1].push_back(j);
                            }
                        } else if (T.st[j] == OPEN && T.val[j] != 0) {
                            if (--T.val[j] == 0) {
                                int l = std::max(d + 1, (int)T.caploss[j]);
                                T.st[j] = LOSS; T.val[j] = l; bucket[l].push_back(j);
                            }
                        }
                        if (!ride) break;
                    }
                }
            }
        }
        std::vector<uint32_t>().swap(bucket[d]);
    }
    // Unresolved: draws (counter cells left open hold no plies).
    for (size_t i = 0; i < total; i++)
        if (T.st[i] == OPEN) T.val[i] = 0;
    std::vector<uint8_t>().swap(T.caploss);
}

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: endgame_retro N MATERIAL\n"); return 2; }
    N = atoi(argv[1]); S = N * N;
    std::string m = argv[2];
    size_t v = m.find('v');
    if (N < 2 || v == std::string::npos) return 2;
    std::string w = m.substr(1, v - 1), b = m.substr(v + 2);
    // Tables: the material and its subgames with one capture (three pieces), fewer first.
    auto make = [&](std::string ws, std::string bs) {
        Table T{};
        T.n = 2 + ws.size() + bs.size();
        T.letter[0] = T.letter[1] = 'K'; T.colour[0] = 0; T.colour[1] = 1;
        int k = 2;
        for (char c : ws) { T.letter[k] = c; T.colour[k++] = 0; }
        for (char c : bs) { T.letter[k] = c; T.colour[k++] = 1; }
        for (int i = 0; i < 4; i++) T.sub[i] = -1;
        return T;
    };
    std::vector<std::pair<std::string, std::string>> mats;
    if (w.size() + b.size() == 2) {
        std::string all = w + b;
        for (int drop = 0; drop < 2; drop++) {
            std::string ws = w, bs = b;
            if (drop < (int)w.size()) ws.erase(drop, 1); else bs.erase(drop - w.size(), 1);
            mats.push_back({ws, bs});
        }
    }
    for (auto& p : mats) { tables.push_back(make(p.first, p.second)); solve(tables.back()); }
    Table T = make(w, b);
    for (int i = 2; i < T.n && mats.size(); i++) T.sub[i] = i - 2;
    tables.push_back(T);
    Table& top = tables.back();
    solve(top);
    for (int stm = 0; stm < 2; stm++) {
        uint64_t pos = 0, ww = 0, bw = 0, dr = 0;
        int longest = -1;
        for (size_t i = stm * top.half; i < (stm + 1) * top.half; i++) {
            if (top.st[i] == ILLEGAL) continue;
            pos++;
            if (top.st[i] == OPEN) { dr++; continue; }
            int winner = top.st[i] == WIN ? stm : 1 - stm;
            (winner == 0 ? ww : bw)++;
            if (top.val[i] > longest) longest = top.val[i];
        }
        printf("%s to move: %llu positions, white %llu, black %llu, draw %llu, longest %d\n",
               stm ? "black" : "white", (unsigned long long)pos, (unsigned long long)ww,
               (unsigned long long)bw, (unsigned long long)dr, longest);
    }
    return 0;
}
