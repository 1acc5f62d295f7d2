"""chessreach as python-chess users write it: colours, integer squares, boards both ways,
equal and pickled positions, errors in Python's terms, and the duel and roads APIs checked
against the command line's JSON.

Oracles: python-chess (attacks, attackers, boards) on thousands of random legal positions,
and the `chessreach` binary (found as $CHESSREACH_BIN, on PATH, or in the workspace's target
directories; those tests are skipped without it).
"""

import json
import os
import pathlib
import pickle
import random
import shutil
import subprocess

import chess
import chess.variant
import pytest

import chessreach
from chessreach import Position

ROOT = pathlib.Path(__file__).resolve().parents[3]


def random_game(rng: random.Random) -> chess.Board:
    board = chess.Board()
    for _ in range(rng.randint(0, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def names(squares) -> set:
    return {chess.square_name(s) for s in squares}


def test_round_trips_agree_with_python_chess_on_thousands_of_positions():
    rng = random.Random(34)
    for _ in range(2000):
        board = random_game(rng)
        pos = Position.from_board(board)
        for colour in chess.COLORS:
            want = names(s for s in chess.SQUARES if board.is_attacked_by(colour, s))
            assert pos.attacked(colour) == want, board.fen()
        sq = rng.randrange(64)
        assert pos.attacks(sq) == names(board.attacks(sq)), (board.fen(), sq)
        for colour in chess.COLORS:
            assert set(pos.attackers(sq, color=colour)) == names(board.attackers(colour, sq))
        again = pos.to_board()
        assert again.board_fen() == board.board_fen()
        assert Position.from_board(again) == pos


def test_variant_boards_map_where_they_can():
    for cls in (chess.variant.AtomicBoard, chess.variant.CrazyhouseBoard, chess.variant.HordeBoard):
        board = cls()
        pos = Position.from_board(board)
        assert pos.attacked(chess.WHITE) == names(
            s for s in chess.SQUARES if board.is_attacked_by(chess.WHITE, s)
        )
        back = pos.to_board(variant=board.uci_variant)
        assert type(back) is cls and back.board_fen() == board.board_fen()
    with pytest.raises(chessreach.ChessreachError, match="to_board"):
        Position.from_variant("xiangqi").to_board()


def test_colours_and_squares_as_python_chess_writes_them():
    pos = Position.from_fen("8/8/8/8/4N3/8/8/k7")
    white = pos.attacked("white")
    for spelling in (chess.WHITE, True, "White", "WHITE", "w", "W"):
        assert pos.attacked(spelling) == white
        assert pos.attacked(color=spelling) == white
        assert pos.attacked(colour=spelling) == white
    assert pos.attacked(chess.BLACK) == pos.attacked(False) == pos.attacked("Black") == {"a2", "b1", "b2"}
    assert pos.attackers(chess.F6) == pos.attackers("f6") == ["e4"]
    assert pos.is_attacked(chess.F6, chess.WHITE) and pos.is_attacked("f6", color="white")
    assert pos.attacks(chess.E5) == set() == pos.attacks("e5")
    with pytest.raises(TypeError):
        pos.attacked("white", color="white")
    with pytest.raises(TypeError):
        pos.attacked()
    with pytest.raises(chessreach.ChessreachError, match="chess.WHITE"):
        pos.attacked("green")
    with pytest.raises(chessreach.ParseError, match="0 \\(a1\\) to 63"):
        pos.attacks(64)
    with pytest.raises(chessreach.ParseError, match="8x8"):
        Position(board="10x10").attacks(3)


POSITIONS = [
    lambda: Position.from_board(chess.Board()),
    lambda: Position.from_fen("8/8/8/8/8/8/8/A6a", define={"A": "BN"}),
    lambda: Position.from_fen("8/8/8/8/8/8/8/R7", wrap="files"),
    lambda: Position(board="10x12", pieces="N@b1/g1", black=["K@e8"]),
    lambda: Position(board="infx8", pieces=["N@1,1", "A@-5,3"], black="K@5,5", define={"A": "BN"}),
    lambda: Position.from_variant("xiangqi"),
    lambda: Position.from_variant("xiangqi", fen="4k4/9/9/9/9/9/9/9/9/4K4"),
    lambda: Position.from_variant("shogi"),
]


@pytest.mark.parametrize("make", POSITIONS)
def test_equal_hashed_pickled_and_reprs_that_evaluate(make):
    pos, twin = make(), make()
    assert pos == twin and hash(pos) == hash(twin) and len({pos, twin}) == 1
    back = pickle.loads(pickle.dumps(pos))
    assert back == pos and repr(back) == repr(pos)
    assert eval(repr(pos), {"Position": Position}) == pos, repr(pos)
    assert pos != Position() and pos != "a position"


def test_every_error_type_in_python_terms():
    with pytest.raises(chessreach.ParseError) as e:
        Position.from_fen("8/8/8/8/8/8/8/X7")
    assert e.value.at == 14 and "define={'X': 'BN'}" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(chessreach.ParseError):
        Position(pieces="N@b1/zz")
    with pytest.raises(TypeError, match="piece spec"):
        Position(pieces=5)
    with pytest.raises(chessreach.ChessreachError) as e:
        chessreach.distances(Position(board="infx8", pieces="K@1,1"), "K@1,1")
    assert "files=(lo, hi)" in str(e.value) and "Target::" not in str(e.value)
    with pytest.raises(chessreach.InputError) as e:
        chessreach.roads("2 2 5\n")
    assert (e.value.line, e.value.column) == (1, 5)
    with pytest.raises(chessreach.ChessreachError, match="unknown variant"):
        Position.from_variant("nosuch")
    before = chessreach.max_memory()
    try:
        chessreach.set_max_memory(1000)
        with pytest.raises(chessreach.TooLargeError) as e:
            chessreach.duel_solve(board="30x30")
        assert e.value.needed > e.value.limit == 1000
    finally:
        chessreach.set_max_memory(before)


def binary():
    found = os.environ.get("CHESSREACH_BIN") or shutil.which("chessreach")
    if found:
        return found
    dirs = [os.environ.get("CARGO_TARGET_DIR"), ROOT / "target"]
    for d in filter(None, dirs):
        for profile in ("release", "debug"):
            p = pathlib.Path(d) / profile / "chessreach"
            if p.exists():
                return str(p)
    pytest.skip("no chessreach binary (set CHESSREACH_BIN)")


def cli_json(*args, stdin=None):
    out = subprocess.run([binary(), *args], input=stdin, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"board": "6x6"}, ["--board", "6x6"]),
        (
            {"board": "5x5", "white": "K", "black": "N", "white_target": "e5"},
            ["--board", "5x5", "--white", "K", "--black", "N", "--white-target", "e5"],
        ),
    ],
)
def test_duel_solve_matches_the_command_line(kwargs, args):
    result = chessreach.duel_solve(**kwargs)
    want = cli_json("duel", "solve", "--format", "json", "--quiet", *args)
    got = [
        {"white": w, "black": b, "winner": winner or "draw", "plies": plies}
        for w, b, winner, plies in result.starts()
    ]
    assert got == want["starts"]
    assert result.summary["starts"] == len(got)
    svg = result._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    w, b, winner, plies = result.starts()[0]
    assert result.value(w, b) == (winner, plies)


def test_roads_match_the_command_line(tmp_path):
    rng = random.Random(7)
    n, m, q = 6, 7, 12
    lines = [f"{n} {m} {q}"]
    lines += [" ".join(str(rng.randint(0, 3)) for _ in range(m - 1)) for _ in range(n)]
    lines += [" ".join(str(rng.randint(0, 3)) for _ in range(m)) for _ in range(n - 1)]
    cells = rng.sample([(r, c) for r in range(1, n + 1) for c in range(1, m + 1)], q)
    lines += [f"{rng.randint(0, 1)} {rng.randint(1, 5)} {r} {c}" for r, c in cells]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "roads.txt"
    path.write_text(text)
    found = chessreach.roads(text)
    want = cli_json("roads", str(path), "--all", "--format", "json")
    assert found.counts == want["counts"] and len(found) == q
    assert (found.rows, found.columns) == (n, m)
    for shown in want["shown"]:
        reached = {(r["row"], r["column"]) for r in shown["reached"]}
        assert found.reach(shown["placement"]) == reached
    with pytest.raises(IndexError):
        found.reach(0)


@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"material": "KQvK", "board": "5x5"}, ["--material", "KQvK", "--board", "5x5"]),
        (
            {"material": "KAvK", "board": "4x4", "define": {"A": "BN"}, "stalemate": "loss"},
            ["--material", "KAvK", "--board", "4x4", "--define", "A=BN", "--stalemate", "loss"],
        ),
        (
            {"material": "KNBvK", "board": "4x4", "wrap": "files"},
            ["--material", "KNBvK", "--board", "4x4", "--wrap", "files"],
        ),
    ],
)
def test_endgame_solve_matches_the_command_line(kwargs, args):
    got = chessreach.endgame_solve(**kwargs).summary()
    want = cli_json("endgame", "solve", "--format", "json", "--quiet", *args)
    assert got == want


def test_endgame_probe_matches_the_command_line():
    fen = "k4/5/1K3/4Q/5 w"
    got = chessreach.endgame_probe("KQvK", fen, board="5x5")
    want = cli_json("endgame", "probe", "--format", "json", "--quiet", "--material", "KQvK", "--board", "5x5", "--fen", fen)
    assert got == want
    assert got["result"] == "white" and got["plies"] == 1
    base = chessreach.endgame_solve("KQvK", board="5x5")
    assert base.probe(fen) == got
    assert base.material == "KQvK" and base.board == "5x5"


def test_endgame_probe_checks_the_fen_before_solving():
    # Under a budget far below the 10x10 KQvKR tables, each bad FEN gets its own error (the
    # CLI's text), not the memory refusal a solve would meet first.
    before = chessreach.max_memory()
    try:
        chessreach.set_max_memory(1 << 20)
        for fen, said in [
            ("k7/8/8/8/8/8/8/K6Q w", "the FEN describes an 8x8 board, the endgame is on 10x10"),
            ("k9/10/10/10/10/10/10/10/10/K8Q w", "the FEN holds KQvK, the endgame is KQvKR"),
            ("k8r/10/10/10/10/10/10/10/10/K8Q w", "not a legal position"),
        ]:
            with pytest.raises(chessreach.ChessreachError, match=said):
                chessreach.endgame_probe("KQvKR", fen, board="10x10")
        with pytest.raises(chessreach.TooLargeError):
            chessreach.endgame_probe("KQvKR", "k8r/10/10/10/10/10/10/10/10/K8Q b", board="10x10")
    finally:
        chessreach.set_max_memory(before)


def test_endgame_errors_are_python_errors():
    with pytest.raises(chessreach.ParseError):
        chessreach.endgame_solve("KQK")
    with pytest.raises(chessreach.ChessreachError):
        chessreach.endgame_solve("KZvK")
    with pytest.raises(chessreach.ChessreachError):
        chessreach.endgame_solve("KQvK", board="4x4").probe("4/4/4/4/4 w")
    before = chessreach.max_memory()
    try:
        chessreach.set_max_memory(1000)
        with pytest.raises(chessreach.TooLargeError):
            chessreach.endgame_solve("KQvK")
    finally:
        chessreach.set_max_memory(before)
