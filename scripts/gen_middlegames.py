#!/usr/bin/env python3
"""Writes chess positions after random legal play, one FEN board field a line, for the route
oracle (crates/chessreach/tests/subsets_oracle.rs).

    python3 scripts/gen_middlegames.py > crates/chessreach/tests/data/middlegames/fens.txt

Seeded (random.seed(30)): 2000 games from the start, each 16-70 random legal plies (python-chess
`legal_moves`, promotions included), stopped early at a game's end; the board field of the last
position is written. Positions with fewer than 12 pieces are skipped, so most keep 16-30 pieces.
"""
import random

import chess

random.seed(30)
out = []
while len(out) < 2000:
    board = chess.Board()
    for _ in range(random.randint(16, 70)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(random.choice(moves))
    if len(board.piece_map()) >= 12:
        out.append(board.board_fen())
print("\n".join(out))
