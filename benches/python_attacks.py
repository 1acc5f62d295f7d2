"""Python-side figures of the chessreach package: call overhead and attacked-set throughput
against python-chess, on the same random legal positions.

    python benches/python_attacks.py [--positions N] [--seed S]

Positions: random legal games from the start position, 0-80 plies (seeded). Prints medians of
5 runs. Needs `pip install chess ./crates/chessreach-py`.
"""

import argparse
import random
import statistics
import timeit

import chess

import chessreach


def games(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        board = chess.Board()
        for _ in range(rng.randint(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board)
    return out


def per_call(fn, items, runs=5):
    times = [timeit.timeit(lambda: [fn(x) for x in items], number=1) / len(items) for _ in range(runs)]
    return statistics.median(times) * 1e6


def python_chess_attacked(board):
    return {chess.square_name(s) for s in chess.SQUARES if board.is_attacked_by(chess.WHITE, s)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    boards = games(args.positions, args.seed)
    fens = [b.fen() for b in boards]
    positions = [chessreach.Position.from_fen(f) for f in fens]
    for p in positions:
        p.attacked("white")  # the map is built once per position

    noop = per_call(lambda p: p.board, positions)
    cached = per_call(lambda p: p.attacked("white"), positions)
    fresh = per_call(lambda f: chessreach.Position.from_fen(f).attacked("white"), fens)
    parse = per_call(chessreach.Position.from_fen, fens)
    pc = per_call(python_chess_attacked, boards)
    pc_fresh = per_call(lambda f: python_chess_attacked(chess.Board(f)), fens)
    print(f"{args.positions} random legal positions (seed {args.seed}), medians of 5 runs, µs per call")
    print(f"  a trivial method (Position.board)               {noop:7.2f}")
    print(f"  attacked('white') on a Position                 {cached:7.2f}")
    print(f"  Position.from_fen(fen)                           {parse:7.2f}")
    print(f"  Position.from_fen(fen).attacked('white')         {fresh:7.2f}")
    print(f"  python-chess: the same set from a Board          {pc:7.2f}   ({pc / cached:.1f}x)")
    print(f"  python-chess: Board(fen) and the same set        {pc_fresh:7.2f}   ({pc_fresh / fresh:.1f}x)")


if __name__ == "__main__":
    main()
