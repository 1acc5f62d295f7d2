#!/usr/bin/env python3
"""Differential check of chessreach's variants against Fairy-Stockfish (`pyffish`).

For every built-in variant of `chessreach variants` (or, with `--ini FILE`, every section of a
variants.ini that both read) it compares the start FEN and the board with Fairy-Stockfish's,
then the attack maps of the start position and of positions after random legal play
(Fairy-Stockfish's own moves), square by square and for both sides, and the moves routes give a
variant's piece:

- Fairy-Stockfish's side: a square is attacked by a side when that side has a legal capture
  onto an enemy piece standing there, in a helper variant without royal kings (so that no
  legality filter hides an attack): the king is re-added as a plain piece that moves and is
  confined as the king (Janggi's, a `wazir` like its advisors, keeps the palace diagonals). A
  square held by the attacking side is tested with that piece's colour flipped; an empty one
  with an enemy rook (or another capturable piece) put there — what stands on a square never
  changes whether it is attacked. This is Fairy-Stockfish's `attackers_to`: the flying general
  (a rule about legal moves) is no attack on either side.
- chessreach's side: `chessreach attacks --variant NAME --fen FEN --format json`.
- route movers: a few pieces per position, every piece turned to one side: the squares
  `chessreach path --all` puts at distance 1 against Fairy-Stockfish's legal moves of that piece
  (nothing to capture, so its quiet moves: the river, the palace, double and triple steps,
  cannon screens).
- with `--ini FILE` (Fairy-Stockfish's shipped variants.ini is at
  /work/shared/data/fairy-stockfish/variants.ini): the file is loaded into both
  (`pyffish.load_variant_config`, `chessreach variants --variants FILE`); every section must be
  read by chessreach or skipped with a warning giving its reason (listed), and the sections both
  read are compared as above.

    python3 scripts/check_variants.py [--binary PATH] [--ini FILE] [--games N] [--plies N]
                                      [--seed S] [--quiet]

Needs `pip install pyffish`. Prints each disagreement, then the counts; exits 1 on any.
"""

import argparse
import functools
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys

import pyffish as sf

MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)")


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True)


def placement_rows(fen):
    """The placement as a list of ranks (top first), each a list of cells: None or a piece
    string (`+p`, `K`)."""
    board = fen.split()[0]
    if "[" in board:
        board = board[: board.index("[")]
    rows = []
    for row in board.split("/"):
        cells, i = [], 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells += [None] * int(row[i:j])
                i = j
            elif c == "+":
                cells.append(row[i : i + 2])
                i += 2
            elif c == "~":
                i += 1
            else:
                cells.append(c)
                i += 1
        rows.append(cells)
    return rows


def to_fen(rows, side):
    out = []
    for cells in rows:
        s, empty = "", 0
        for c in cells:
            if c is None:
                empty += 1
            else:
                s += (str(empty) if empty else "") + c
                empty = 0
        out.append(s + (str(empty) if empty else ""))
    return "/".join(out) + f" {side} - - 0 1"


def swap_case(p):
    return p[:-1] + (p[-1].lower() if p[-1].isupper() else p[-1].upper())


def colour_of(p):
    return "white" if p[-1].isupper() else "black"


def fsf_attacked(probe, rows, files, ranks, filler, king_as):
    """{(colour, square)} attacked, by legal captures in the king-less probe variant."""
    if king_as:
        swap = {"K": king_as.upper(), "k": king_as.lower()}
        rows = [[swap.get(c, c) for c in r] for r in rows]
    out = set()
    # The squares an enemy piece stands on, all at once: the captures of one legal move list.
    for colour, side in (("white", "w"), ("black", "b")):
        for m in sf.legal_moves(probe, to_fen(rows, side), []):
            mm = MOVE.match(m)
            if mm:
                f, r = ord(mm.group(3)) - 97, ranks - int(mm.group(4))
                cell = rows[r][f] if 0 <= r < ranks and 0 <= f < files else None
                if cell is not None and cell != "*" and colour_of(cell) != colour:
                    out.add((colour, f"{mm.group(3)}{mm.group(4)}"))
    for r in range(ranks):
        for f in range(files):
            sq = f"{chr(97 + f)}{ranks - r}"
            cell = rows[r][f]
            for colour, side in (("white", "w"), ("black", "b")):
                test = [list(x) for x in rows]
                if cell is None:
                    test[r][f] = filler.lower() if colour == "white" else filler.upper()
                elif cell == "*" or colour_of(cell) != colour:
                    continue  # a wall, or an enemy piece: asked above
                else:
                    test[r][f] = swap_case(cell)
                moves = sf.legal_moves(probe, to_fen(test, side), [])
                for m in moves:
                    mm = MOVE.match(m)
                    if mm and f"{mm.group(3)}{mm.group(4)}" == sq:
                        out.add((colour, sq))
                        break
    return out


def fsf_moves(probe, rows, colour, square, king_as):
    """Fairy-Stockfish's quiet moves of the piece on `square` when every piece is `colour`'s
    (the king-less probe: no legality filter, nothing to capture): its target squares."""
    if king_as:
        swap = {"K": king_as.upper(), "k": king_as.lower()}
        rows = [[swap.get(c, c) for c in r] for r in rows]
    side = "w" if colour == "white" else "b"
    out = set()
    for m in sf.legal_moves(probe, to_fen(rows, side), []):
        mm = MOVE.match(m)
        if mm and f"{mm.group(1)}{mm.group(2)}" == square:
            to = f"{mm.group(3)}{mm.group(4)}"
            if to != square:
                out.add(to)
    return out


def route_moves(binary, extra, name, rows, colour, r, f, ranks):
    """chessreach's one-move squares of the piece at row `r`, file `f` as a route mover among the
    others, all of `colour`'s side: the squares at distance 1 of `path --all`."""
    cell = rows[r][f]
    square = f"{chr(97 + f)}{ranks - r}"
    others = [list(x) for x in rows]
    others[r][f] = None
    spec = ("" if colour == "white" else "b:") + cell.upper() + "@" + square
    out = run(binary, "path", *extra, "--variant", name, "--fen",
              to_fen(others, "w"), "--mover", spec, "--all", "--format", "json")
    if out.returncode != 0:
        return None, out.stderr.strip()
    return {s for s, d in json.loads(out.stdout)["distances"].items() if d == 1}, None


def check_variant(o, extra, item):
    """One variant's start and random positions against Fairy-Stockfish (run in a worker:
    pyffish's loaded probes are inherited by the fork). Its own random stream, so the cases
    do not depend on the order the workers take the variants in."""
    name, (probe, king_as, filler, v) = item
    rng = random.Random(f"{o.seed}:{name}")
    bad = positions = checks = movers = moved = 0
    said = []
    say = said.append
    files, ranks = (int(x) for x in v["board"].split("x"))
    start = sf.start_fen(name)
    if start != v["start_fen"]:
        bad += 1
        say(f"{name}: start FEN differs: Fairy-Stockfish {start}, chessreach {v['start_fen']}")
    fens = [start]
    for _ in range(o.games):
        moves = []
        for _ in range(rng.randint(1, o.plies)):
            legal = sf.legal_moves(name, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fens.append(sf.get_fen(name, start, moves))
    for fen in fens:
        rows = placement_rows(fen)
        out = run(o.binary, "attacks", *extra, "--variant", name, "--fen", fen, "--format", "json")
        if out.returncode != 0:
            bad += 1
            say(f"{name}: chessreach refused {fen}: {out.stderr.strip()}")
            continue
        j = json.loads(out.stdout)
        mine = {(c, s) for c in ("white", "black") for s in j[c]["squares"]}
        theirs = fsf_attacked(probe, rows, files, ranks, filler, king_as)
        positions += 1
        checks += 2 * files * ranks
        if mine != theirs:
            bad += 1
            say(f"{name}: {fen}: only Fairy-Stockfish {sorted(theirs - mine)}, only chessreach {sorted(mine - theirs)}")
        # Route moves: a piece's one-move squares as a route mover among pieces all of
        # its side against Fairy-Stockfish's quiet moves (promoted pieces left out).
        spots = [(r, f) for r in range(ranks) for f in range(files)
                 if rows[r][f] and rows[r][f] != "*" and not rows[r][f].startswith("+")]
        for r, f in rng.sample(spots, min(o.movers, len(spots))):
            colour = rng.choice(("white", "black"))
            same = [[None if c is None else c if c == "*" else
                     (c[:-1] + (c[-1].upper() if colour == "white" else c[-1].lower())) for c in row]
                    for row in rows]
            square = f"{chr(97 + f)}{ranks - r}"
            theirs = fsf_moves(probe, same, colour, square, king_as)
            mine, err = route_moves(o.binary, extra, name, same, colour, r, f, ranks)
            movers += 1
            if err is not None or mine != theirs:
                moved += 1
                bad += 1
                what = err or f"only Fairy-Stockfish {sorted(theirs - mine)}, only chessreach {sorted(mine - theirs)}"
                say(f"{name}: route mover {same[r][f]}@{square} in {to_fen(same, 'w')}: {what}")
    if not o.quiet:
        say(f"{name}: {len(fens)} positions checked")
    return bad, positions, checks, movers, moved, said


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/chessreach")
    ap.add_argument("--games", type=int, default=3, help="random games per variant")
    ap.add_argument("--plies", type=int, default=40, help="longest random game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--movers", type=int, default=4, help="route movers checked per position")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--ini", help="a variants.ini: check its sections instead of the built-ins")
    a = ap.parse_args()
    bad = 0
    extra = []
    if a.ini:
        text = open(a.ini, encoding="utf-8").read()
        sf.load_variant_config(text)
        extra = ["--variants", a.ini]
        sections = [m.group(1) for m in re.finditer(r"^\[([^\]:]+)", text, re.M)]
    out = run(a.binary, "variants", *extra, "--format", "json")
    if out.returncode != 0:
        print(f"chessreach variants refused the file: {out.stderr.strip()}")
        return 1
    listing = json.loads(out.stdout)
    fsf_names = set(sf.variants())
    if a.ini:
        # Every section is read, or skipped with its reason.
        ours = {v["name"] for v in listing}
        reasons = {}
        for line in out.stderr.splitlines():
            m = re.match(r"warning: .*?:(\d+):\d+: \[(.*?)\] (section skipped|read as no move): (.*)", line)
            if m:
                reasons.setdefault(m.group(2), []).append(f"line {m.group(1)}, {m.group(3)}: {m.group(4)}")
        for name in sections:
            for r in reasons.get(name, []):
                print(f"{name}: {r}")
            if name not in ours and name not in reasons:
                bad += 1
                print(f"{name}: neither read nor skipped with a reason")
        skipped = [n for n in sections if n not in ours]
        print(f"{len(sections) - len(skipped)} of {len(sections)} sections read, {len(skipped)} skipped with their reasons")
        listing = [v for v in listing if v["name"] in set(sections) and v["name"] in fsf_names]
    ini, probes = [], {}
    for v in listing:
        name = v["name"]
        if name not in fsf_names:
            continue
        kinds = {p["type"]: p for p in v["pieces"]}
        king_region = [r for r in v["regions"] if r["type"] == "king"]
        # Janggi's king moves and is confined exactly as its advisors (wazir type): use theirs.
        king_as = kinds["wazir"]["letter"] if v["king_moves_as"] == "wazir" and "wazir" in kinds and v["diagonal_lines"] else None
        # No game end in the probe: a swapped piece must not end an extinction variant.
        # Nor a pseudo-royal piece (its legality filter would hide captures), nor a flag win.
        lines = [f"[fp{len(probes)}:{name}]", "king = -", "checkmate = false", "extinctionValue = none",
                 "extinctionPseudoRoyal = false", "flagRegionWhite = -", "flagRegionBlack = -",
                 # Nor walls placed by each move (the walls of the FEN stay), nor a game over
                 # for a full board (ataxx) or lost castling rights (castle chess).
                 "wallingRule = none", "adjudicateFullBoard = false", "castlingWins = -"]
        if "king" in kinds and not king_as:
            king = kinds["king"]
            # A custom slot no variant uses (they use the first ones).
            lines.append(f"customPiece24 = {king['letter']}:{king['betza']}")
            for r in king_region:
                lines.append(f"mobilityRegion{r['colour'].capitalize()}CustomPiece24 = {' '.join(r['squares'])}")
        ini.append("\n".join(lines))
        filler = next((p["letter"] for p in v["pieces"] if p["type"] == "rook"),
                      next(p["letter"] for p in v["pieces"] if p["type"] not in ("king", "janggiCannon")))
        probes[name] = (f"fp{len(probes)}", king_as, filler, v)
    sf.load_variant_config("\n\n".join(ini) + "\n")
    positions = checks = 0
    movers = moved = 0
    # One worker a core (pyffish and the spawned binaries are the cost); reports in order.
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        judged = pool.map(functools.partial(check_variant, a, extra), probes.items())
    for b, p, c, mv, md, said in judged:
        bad, positions, checks, movers, moved = bad + b, positions + p, checks + c, movers + mv, moved + md
        for line in said:
            print(line)
    print(f"Fairy-Stockfish agrees on {positions - (bad - moved)} of {positions} positions in {len(probes)} variants "
          f"({checks} square-side checks) and on {movers - moved} of {movers} route movers' moves; {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
