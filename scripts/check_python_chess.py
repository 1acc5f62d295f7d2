#!/usr/bin/env python3
"""Differential check of chessreach's attack maps against python-chess (an outside, trusted
implementation of orthodox chess) on random legal positions.

Positions come from random play from the start (seeded); for each, `chessreach attacks --fen …
--format json` is compared square by square with python-chess's `is_attacked_by` for both
colours (pure attacks: pins and checks do not matter, own pieces count as defended).

    python3 scripts/check_python_chess.py [--positions N] [--seed S] [--binary PATH]

Needs `pip install chess`. Exits 1 on the first disagreement, printing the FEN.
"""

import argparse
import json
import random
import subprocess
import sys

import chess


def chessreach_attacks(binary, fens):
    """The attacked squares of each side for many FENs, one process per batch of positions."""
    out = []
    for fen in fens:
        r = subprocess.run(
            [binary, "attacks", "--fen", fen, "--format", "json"],
            capture_output=True,
            text=True,
            check=True,
        )
        j = json.loads(r.stdout)
        out.append({side: set(j[side]["squares"]) for side in ("white", "black")})
    return out


def random_positions(n, seed):
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board()
        for _ in range(rng.randint(0, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.board_fen())
    return fens


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default="target/release/chessreach")
    a = ap.parse_args()
    fens = random_positions(a.positions, a.seed)
    got = chessreach_attacks(a.binary, fens)
    squares_checked = 0
    for fen, mine in zip(fens, got):
        board = chess.Board(fen + " w - - 0 1")
        for colour, side in ((chess.WHITE, "white"), (chess.BLACK, "black")):
            theirs = {chess.square_name(s) for s in chess.SQUARES if board.is_attacked_by(colour, s)}
            squares_checked += 64
            if theirs != mine[side]:
                print(f"DISAGREE on {fen} ({side}): only chessreach {sorted(mine[side] - theirs)}, "
                      f"only python-chess {sorted(theirs - mine[side])}")
                return 1
    print(f"python-chess agrees: {len(fens)} random legal positions, {squares_checked} square-side checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
