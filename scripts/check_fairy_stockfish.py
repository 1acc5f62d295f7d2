#!/usr/bin/env python3
"""Differential check of chessreach's reading of Betza against Fairy-Stockfish (`pyffish`).

For each Betza string, both colours and a few squares of an 8x8 board, it compares
- the quiet moves: Fairy-Stockfish's legal moves of the piece alone on the board (a king-less
  helper variant), against the squares `chessreach path --all` reaches in one move;
- the captures: for every other square, whether Fairy-Stockfish can capture an enemy knight
  placed there alone, against the squares `chessreach attacks` marks for the piece alone.

    python3 scripts/check_fairy_stockfish.py [--binary PATH] [--pieces FILE] [--quiet]

Needs `pip install pyffish`. Prints a line per disagreeing piece (and its class), then counts;
exits 1 if any piece disagrees. Strings Fairy-Stockfish does not define (riders on atoms other
than W, F, N; ranges of several digits) are not compared, nor strings that give one direction
twice with different ranges in one mode (Fairy-Stockfish keeps the last, chessreach the union).
"""

import argparse
import functools
import json
import multiprocessing
import os
import subprocess
import sys

import pyffish as sf

FILES = "abcdefgh"

# Betza strings: orthodox and fairy pieces, direction letters and pairs, modes, lameness.
DEFAULT_PIECES = [
    "K", "Q", "R", "B", "N", "W", "F", "D", "A", "H", "C", "Z", "G", "WF", "WD", "FA", "NN", "WW", "FF",
    "R2", "R3", "B2", "N2", "BN", "RN", "QN", "KN", "fW", "bW", "lW", "rW", "vW", "sW", "fF", "bF",
    "lF", "rF", "vF", "sF", "fR", "bR", "lR", "rR", "vR", "sR", "fB", "bB", "fN", "bN", "lN", "rN",
    "vN", "sN", "ffN", "bbN", "llN", "rrN", "fsN", "fvN", "bsN", "bvN", "lfN", "flN", "rfN", "frN",
    "lbN", "blN", "rbN", "brN", "frF", "flF", "brF", "blF", "fhN", "bhN", "lhN", "rhN", "fmW", "fcF",
    "fmWfcF", "mWcF", "mRcB", "mBcR", "cK", "mK", "nN", "nA", "nD", "WfF", "FfW", "fWF", "fKbW",
    "fK", "bK", "lK", "rK", "vK", "sK", "frK", "flK", "fsK", "fQ", "vQ", "sQ", "frQ", "KK", "mQcK",
    "fmRbcR", "fRbW", "vRsW", "sRvW", "fNbW", "ffrN", "fmrN", "sfN", "vlN", "vsN", "frlN", "rfF",
    "fbN", "lrN", "fDbA", "nNW", "nAF", "mNcF", "fNbB", "mfRcfB", "lrW", "fbF",
    # Lameness where Fairy-Stockfish gives no move, ignores it (riders), or blocks twice (nZ).
    "nW", "nF", "nK", "nH", "nC", "nG", "nZ", "nR", "nNN", "nW2",
    # Hoppers: cannons, the Xiangqi cannon, grasshoppers, limited hoppers.
    "pR", "pB", "pQ", "mRcpR", "gQ", "gR", "gB", "mKmgQ", "pN", "gN", "pR2", "fpR", "cpRmR", "pW", "fgB",
    # Limited hoppers: cannon landings within the range from the piece (`g` with 2+ too).
    "pR3", "gR2", "pB2", "pQ3", "fpR4", "mRcpR3", "pR1", "gB3", "mpR2cpR",
    # Rides mixing over a line class in one mode (a limited part rides as far as another part
    # reaches on its line; a ride spreads to its class's other direction).
    "R2pR", "W2gR", "fRbgR", "fpRbR2", "B2gB", "R3fpR", "vR2spR", "mR2cpR", "fR2bpR",
    # Initial moves (from rank 2 for White, 7 for Black: the squares g2 and b7 are checked).
    "fmWfceFifmnD", "ifmnD", "imK", "iN", "KifR2", "fmWifmW3", "NimN2", "icW", "iQ", "mWifcnD",
]


def square(f, r):
    return f"{FILES[f - 1]}{r}"


def fen_with(pieces):
    """An 8x8 board FEN with {(file, rank): char}."""
    rows = []
    for r in range(8, 0, -1):
        row, empty = "", 0
        for f in range(1, 9):
            c = pieces.get((f, r))
            if c is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


VARIANT = ["probe0"]
VARIANT_NAMES = []


def fsf_moves(fen, side):
    return sf.legal_moves(VARIANT[0], f"{fen} {side} - - 0 1", [])


def run(binary, *args):
    r = subprocess.run([binary, *args], capture_output=True, text=True)
    return r


def check(binary, betza, at):
    """Disagreements for one piece on one square, both colours, as a list of strings."""
    # A variant once loaded cannot be redefined: a fresh name for every piece.
    VARIANT[0] = f"probe{len(VARIANT_NAMES)}"
    VARIANT_NAMES.append(betza)
    sf.load_variant_config(
        f"[{VARIANT[0]}:chess]\nking = -\ncheckmate = false\ncustomPiece1 = a:" + betza + "\n"
    )
    f, r = at
    problems = []
    for colour, letter, side, spec in (("white", "A", "w", "--mover"), ("black", "a", "b", "--mover")):
        piece_spec = (betza if colour == "white" else "b:" + betza) + "@" + square(f, r)
        # Quiet moves.
        fsf = {m[2:4] for m in fsf_moves(fen_with({(f, r): letter}), side)}
        out = run(binary, "path", "--board", "8x8", spec, piece_spec, "--all", "--format", "json")
        if out.returncode != 0:
            # A part Fairy-Stockfish gives no move (`ic`: no initial captures) refused by name.
            if "has no initial captures" in out.stderr:
                return ["REFUSED"]
            if not fsf and all(not fsf_moves(fen_with({(f, r): letter, (tf, tr): "n" if colour == "white" else "N"}), side)
                               for tf in range(1, 9) for tr in range(1, 9) if (tf, tr) != (f, r)):
                return ["REFUSED"]
            return ["UNSUPPORTED: " + out.stderr.strip().splitlines()[0]]
        dist = json.loads(out.stdout)["distances"]
        mine = {s for s, d in dist.items() if d == 1}
        if fsf != mine:
            problems.append(f"{colour} moves from {square(f, r)}: only FSF {sorted(fsf - mine)}, only chessreach {sorted(mine - fsf)}")
        # Captures.
        flag = "--piece" if colour == "white" else "--black"
        out = run(binary, "attacks", "--board", "8x8", flag, betza + "@" + square(f, r), "--format", "json")
        j = json.loads(out.stdout)
        mine = set(j[colour]["squares"])
        enemy = "n" if colour == "white" else "N"
        fsf = set()
        for tf in range(1, 9):
            for tr in range(1, 9):
                if (tf, tr) == (f, r):
                    continue
                t = square(tf, tr)
                moves = fsf_moves(fen_with({(f, r): letter, (tf, tr): enemy}), side)
                if any(m[2:4] == t for m in moves):
                    fsf.add(t)
        if fsf != mine:
            problems.append(f"{colour} captures from {square(f, r)}: only FSF {sorted(fsf - mine)}, only chessreach {sorted(mine - fsf)}")
    return problems


SCREENS = [(4, 6), (6, 4), (2, 2), (6, 6), (2, 4), (4, 2), (5, 6), (3, 7), (7, 3)]


def check_screens(binary, betza, at):
    """Moves and captures of a piece on `at` among pieces of its own side (knights) that it may
    use as screens (hoppers) and that block it (riders). Same variant as the last `check`."""
    f, r = at
    problems = []
    screens = [s for s in SCREENS if s != at]
    for colour, letter, side, own, flag in (("white", "A", "w", "N", "--piece"), ("black", "a", "b", "n", "--black")):
        layout = {(f, r): letter, **{s: own for s in screens}}
        fen = fen_with(layout)
        sq = square(f, r)
        fsf = {m[2:4] for m in fsf_moves(fen, side) if m[:2] == sq}
        piece_spec = (betza if colour == "white" else "b:" + betza) + "@" + sq
        knights = "N@" + "/".join(square(*s) for s in screens)
        out = run(binary, "path", "--board", "8x8", "--mover", piece_spec, flag, knights, "--all", "--format", "json")
        if out.returncode != 0:
            return ["UNSUPPORTED: " + out.stderr.strip().splitlines()[0]]
        mine = {s for s, d in json.loads(out.stdout)["distances"].items() if d == 1}
        if fsf != mine:
            problems.append(f"{colour} moves among screens: only FSF {sorted(fsf - mine)}, only chessreach {sorted(mine - fsf)}")
        out = run(binary, "attacks", "--board", "8x8", flag, betza + "@" + sq, flag, knights, "--format", "json")
        j = json.loads(out.stdout)
        empty = {square(tf, tr) for tf in range(1, 9) for tr in range(1, 9)} - {square(*s) for s in layout}
        # Only the piece's own attacks: the knights' are subtracted by attacking with them alone.
        out2 = run(binary, "attacks", "--board", "8x8", flag, knights, "--format", "json")
        theirs = set(json.loads(out2.stdout)[colour]["squares"])
        mine_attacks = set(j[colour]["squares"]) & empty
        enemy = "n" if colour == "white" else "N"
        fsf_caps = set()
        for t in empty:
            tf, tr = FILES.index(t[0]) + 1, int(t[1:])
            if any(m[:2] == sq and m[2:4] == t for m in fsf_moves(fen_with({**layout, (tf, tr): enemy}), side)):
                fsf_caps.add(t)
        # Squares the knights attack too are attacked either way: compare where it matters.
        if (fsf_caps - theirs) != (mine_attacks - theirs) or not fsf_caps <= mine_attacks:
            problems.append(f"{colour} captures among screens: only FSF {sorted(fsf_caps - mine_attacks)}, only chessreach {sorted((mine_attacks - theirs) - fsf_caps)}")
    return problems


def judge(binary, betza):
    """The disagreements for one piece: alone on three squares, then among screens."""
    problems = []
    for at in ((4, 4), (2, 7), (7, 2)):
        problems += check(binary, betza, at)
        if problems:
            return problems
    return check_screens(binary, betza, (4, 4))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/chessreach")
    ap.add_argument("--pieces", help="a file of Betza strings, one per line")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    pieces = DEFAULT_PIECES
    if a.pieces:
        pieces = [l.strip() for l in open(a.pieces) if l.strip()]
    bad = refused = unsupported = 0
    # One process a core (pyffish and the spawned binaries are the cost); answers in order.
    with multiprocessing.Pool(os.cpu_count() or 1) as pool:
        judged = pool.map(functools.partial(judge, a.binary), pieces)
    for betza, problems in zip(pieces, judged):
        if problems == ["REFUSED"]:
            refused += 1
            if not a.quiet:
                print(f"{betza}: refused by chessreach; Fairy-Stockfish gives it (or a part of it) no move")
        elif problems and problems[0].startswith("UNSUPPORTED"):
            unsupported += 1
            print(f"{betza}: refused by chessreach (not read yet; Fairy-Stockfish moves it): {problems[0][13:]}")
        elif problems:
            bad += 1
            print(f"{betza}: {problems[0]}")
    print(f"Fairy-Stockfish agrees on {len(pieces) - bad - refused - unsupported} of {len(pieces)} pieces (both "
          f"colours, 3 squares alone and one among screens, moves and captures); {refused} refused with a message "
          f"where Fairy-Stockfish gives it (or a part) no move; {unsupported} refused as not read yet; {bad} read differently")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
