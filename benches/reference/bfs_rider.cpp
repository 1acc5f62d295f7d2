// A plain breadth-first search for the benchmark comparison in benches/compare.sh (not part of
// the product): the distance map of one mover (Q, R, B, N or NN) among black rooks on a W x H
// board. Rooks attack along ranks and files up to and including the first piece; the mover may
// stop only on empty squares no rook attacks (it never captures); rides stop at any piece.
// Input (stdin): W H / mover file rank / n / n lines "file rank" (1-based).
// Output: the same summary line as `chessreach path --all` on a board over 200x200.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) return 2;
    std::string mover = argv[1];
    int W, H, sf, sr, n;
    if (scanf("%d %d %d %d %d", &W, &H, &sf, &sr, &n) != 5) return 2;
    std::vector<char> piece((size_t)W * H, 0), attacked((size_t)W * H, 0);
    std::vector<int> rooks(2 * n);
    for (int i = 0; i < n; i++) {
        scanf("%d %d", &rooks[2 * i], &rooks[2 * i + 1]);
        piece[(size_t)(rooks[2 * i + 1] - 1) * W + rooks[2 * i] - 1] = 1;
    }
    const int RD[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int i = 0; i < n; i++)
        for (auto& d : RD) {
            int f = rooks[2 * i] - 1 + d[0], r = rooks[2 * i + 1] - 1 + d[1];
            while (f >= 0 && f < W && r >= 0 && r < H) {
                attacked[(size_t)r * W + f] = 1;
                if (piece[(size_t)r * W + f]) break;
                f += d[0], r += d[1];
            }
        }
    std::vector<std::pair<int, int>> dirs;
    bool ride = mover != "N";
    if (mover == "Q" || mover == "R") dirs.insert(dirs.end(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
    if (mover == "Q" || mover == "B") dirs.insert(dirs.end(), {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}});
    if (mover == "N" || mover == "NN")
        dirs.insert(dirs.end(), {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}});
    std::vector<int> dist((size_t)W * H, -1), queue;
    queue.reserve((size_t)W * H);
    size_t s0 = (size_t)(sr - 1) * W + sf - 1;
    dist[s0] = 0;
    queue.push_back((int)s0);
    for (size_t h = 0; h < queue.size(); h++) {
        int s = queue[h], f0 = s % W, r0 = s / W;
        for (auto& d : dirs) {
            int f = f0 + d.first, r = r0 + d.second;
            while (f >= 0 && f < W && r >= 0 && r < H) {
                size_t t = (size_t)r * W + f;
                if (piece[t]) break;
                if (!attacked[t] && dist[t] < 0) {
                    dist[t] = dist[s] + 1;
                    queue.push_back((int)t);
                }
                if (!ride) break;
                f += d.first, r += d.second;
            }
        }
    }
    int far = 0;
    for (int x : dist) far = x > far ? x : far;
    printf("%zu of %d squares reachable; the farthest %d moves away\n", queue.size(), W * H, far);
    return 0;
}
