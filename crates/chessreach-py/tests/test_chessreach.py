"""Tests of the chessreach Python package.

Oracles outside chessreach: python-chess (attacked squares and attackers on random legal
positions), a breadth-first search written here from the rules on top of python-chess's
attacks (routes), and the classics' own sample files (solve).
"""

import collections
import pathlib
import random
import threading
import time
import warnings
import xml.etree.ElementTree as ET

import chess
import pytest

import chessreach

DATA = pathlib.Path(__file__).resolve().parents[2] / "chessreach" / "tests" / "data"


def random_position(rng: random.Random, plies: int) -> chess.Board:
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def random_sparse(rng: random.Random) -> chess.Board:
    """A random placement (not necessarily legal): pieces anywhere, pawns off the back ranks."""
    board = chess.Board(None)
    for _ in range(rng.randint(1, 14)):
        sq = rng.randrange(64)
        kind = rng.choice([chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN])
        if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
            continue
        board.set_piece_at(sq, chess.Piece(kind, rng.choice([chess.WHITE, chess.BLACK])))
    return board


COLOURS = {"white": chess.WHITE, "black": chess.BLACK}


def test_attacked_and_attackers_agree_with_python_chess():
    rng = random.Random(2026)
    boards = [random_position(rng, rng.randint(0, 120)) for _ in range(1500)]
    boards += [random_sparse(rng) for _ in range(1500)]
    for board in boards:
        pos = chessreach.Position.from_fen(board.fen())
        for name, colour in COLOURS.items():
            want = {chess.square_name(s) for s in chess.SQUARES if board.is_attacked_by(colour, s)}
            assert pos.attacked(name) == want, (board.fen(), name)
        counts = pos.attack_counts()
        for s, piece in board.piece_map().items():
            want = {chess.square_name(a) for a in board.attacks(s)}
            assert pos.attacks(chess.square_name(s)) == want, (board.fen(), chess.square_name(s), piece)
        for s in chess.SQUARES:
            name = chess.square_name(s)
            white = board.attackers(chess.WHITE, s)
            black = board.attackers(chess.BLACK, s)
            want = sorted(chess.square_name(a) for a in white | black)
            assert sorted(pos.attackers(name)) == want, (board.fen(), name)
            assert sorted(pos.attackers(name, "black")) == sorted(chess.square_name(a) for a in black)
            assert counts.get(name, (0, 0)) == (len(white), len(black)), (board.fen(), name)


def test_fen_round_trip_and_pieces():
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    pos = chessreach.Position.from_fen(fen + " b KQkq - 0 1")
    assert pos.fen() == fen
    assert pos.board == "8x8"
    assert len(pos.pieces) == 32
    assert ("e4", "P", "white", "fmWfcF") in pos.pieces
    assert eval(repr(pos), {"Position": chessreach.Position}).fen() == fen


def test_any_size_and_defined_letters():
    pos = chessreach.Position.from_fen("10/10/10/10/10/4A5/10/10/10/10", define={"A": "BN"})
    assert pos.board == "10x10"
    attacked = pos.attacked("white")
    assert "e5" not in attacked and "a1" in attacked and "d4" in attacked and "f3" in attacked
    built = chessreach.Position(board="10x10", pieces=["A@e5"], define={"A": "BN"})
    assert built.attacked("white") == attacked


def test_wrapped_boards():
    # A rook on a 4-file cylinder sees round the edge; a torus joins the ranks too.
    cyl = chessreach.Position(board="4x3", pieces=["R@b1"], wrap="files")
    assert cyl.wrap == "files"
    assert cyl.attacked("white") == {"a1", "c1", "d1", "b2", "b3"}
    torus = chessreach.Position.from_fen("4/4/1R2", wrap="torus")
    assert torus.wrap == "both"
    assert torus.attacked("white") == {"a1", "c1", "d1", "b2", "b3"}
    # A knight in the middle of a 3x3 torus: its eight leaps land on the four corners.
    knight = chessreach.Position(board="3x3", pieces=["N@b2"], wrap="both")
    assert knight.attacked("white") == {"a1", "a3", "c1", "c3"}
    # Routes wrap as well: a king crosses the edge in one move.
    assert chessreach.route(cyl, "K@a3", to="d3").moves == 1
    assert eval(repr(torus), {"Position": chessreach.Position}).attacked("white") == torus.attacked("white")
    with pytest.raises(chessreach.ChessreachError):
        chessreach.Position(board="infx8", wrap="files")
    with pytest.raises(chessreach.ParseError):
        chessreach.Position(wrap="sphere")


def test_black_is_turned():
    pos = chessreach.Position(board="8x8", black=["rW@d4"])
    # Fairy-Stockfish turns a Black piece by 180°: its right is White's left.
    assert pos.attacked("black") == {"c4"}
    assert chessreach.Position(pieces=["b:fW@d4"]).attacked("black") == {"d3"}


def test_rule():
    assert str(chessreach.Rule("WF")) == "K"
    assert chessreach.Rule("fmWfcF") == chessreach.Rule("P")
    assert len({chessreach.Rule("WF"), chessreach.Rule("K")}) == 1
    assert repr(chessreach.Rule("N")) == "Rule('N')"
    with pytest.raises(chessreach.ParseError) as e:
        chessreach.Rule("NX")
    assert (e.value.at, e.value.text) == (1, "NX")
    assert "^" in str(e.value)
    assert isinstance(e.value, ValueError)
    # Fairy-Stockfish's pawn: an initial, move-only double step; limited and spreading rides.
    assert str(chessreach.Rule("fmWfceFifmnD")) == "fmWfcFifmnD"
    assert chessreach.Rule("R2pR") == chessreach.Rule("RpR")


def test_initial_moves_from_the_double_step_rank():
    empty = chessreach.Position(board="8x8")

    def one(d):
        return sorted(s for s, n in d.items() if n == 1)

    assert one(chessreach.distances(empty, "fmWfceFifmnD@e2")) == ["e3", "e4"]
    assert one(chessreach.distances(empty, "fmWfceFifmnD@e3")) == ["e4"]
    assert one(chessreach.distances(empty, "b:fmWfceFifmnD@e7")) == ["e5", "e6"]


def test_bad_input_names_the_place():
    with pytest.raises(chessreach.ParseError) as e:
        chessreach.Position.from_fen("8/8/8/8/8/8/8/7X")
    assert e.value.at == 15
    with pytest.raises(chessreach.ParseError) as e:
        chessreach.Position(pieces=["N@a1/zz"])
    assert e.value.at == 5
    with pytest.raises(chessreach.ChessreachError):
        chessreach.Position(pieces=["N@a1", "B@a1"])
    with pytest.raises(ValueError):
        chessreach.Position().attacked("green")
    with pytest.raises(chessreach.ParseError):
        chessreach.Position().attackers("i9")
    with pytest.raises(chessreach.ParseError) as e:
        chessreach.route(chessreach.Position(), "K@a1/b2", to="c3")
    assert e.value.at == 1 and "one square" in str(e.value)


def test_an_unknown_letter_says_how_to_define_it_once():
    # The library's hint names --define and adds a Python aside; in Python it is said once.
    with pytest.raises(chessreach.ChessreachError) as e:
        chessreach.endgame_solve("KZvK")
    assert str(e.value).count("define={'Z': 'BN'}") == 1, str(e.value)
    assert "--define" not in str(e.value) and "(Python:" not in str(e.value)
    with pytest.raises(chessreach.ParseError) as e:
        chessreach.Position.from_fen("8/8/8/8/8/8/8/7X")
    assert str(e.value).count("define={'X': 'BN'}") == 1, str(e.value)


def test_control_characters_in_messages_are_visible():
    # A NUL or an escape echoed from the input shows as the CLI shows it, never blank.
    for bad, shown in (("N\0", "\\x00"), ("N\x1b[31m", "\\x1b")):
        with pytest.raises(chessreach.ParseError) as e:
            chessreach.Rule(bad)
        assert shown in str(e.value), str(e.value)
        assert not any(c < " " and c != "\n" for c in str(e.value)), repr(str(e.value))
    with pytest.raises(ValueError) as e:
        chessreach.Rule("W", dialect="fs\0f")
    assert "\\x00" in str(e.value) and "\0" not in str(e.value)


def king_moves(sq):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df or dr) and 0 <= f + df < 8 and 0 <= r + dr < 8:
                yield chess.square(f + df, r + dr)


def knight_moves(sq):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    for df, dr in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        if 0 <= f + df < 8 and 0 <= r + dr < 8:
            yield chess.square(f + df, r + dr)


def bfs(board, start, goal, moves, hostile):
    """Fewest moves from start to goal ending only on empty squares hostile does not attack."""
    dist = {start: 0}
    queue = collections.deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return dist[s]
        for t in moves(s):
            if t in dist or board.piece_at(t) or board.is_attacked_by(hostile, t):
                continue
            dist[t] = dist[s] + 1
            queue.append(t)
    return None


def test_routes_agree_with_a_search_written_from_the_rules():
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        board = random_sparse(rng)
        empty = [s for s in chess.SQUARES if board.piece_at(s) is None]
        if len(empty) < 2:
            continue
        start, goal = rng.sample(empty, 2)
        for letter, moves in (("K", king_moves), ("N", knight_moves)):
            colour = rng.choice(["white", "black"])
            hostile = chess.BLACK if colour == "white" else chess.WHITE
            mover = ("b:" if colour == "black" else "") + f"{letter}@{chess.square_name(start)}"
            pos = chessreach.Position.from_fen(board.fen())
            got = chessreach.route(pos, mover, to=chess.square_name(goal))
            want = bfs(board, start, goal, moves, hostile)
            assert got.moves == want, (board.fen(), mover, chess.square_name(goal))
            if want is not None:
                squares = got.squares
                assert squares[0] == chess.square_name(start) and squares[-1] == chess.square_name(goal)
                assert len(squares) == want + 1
                for a, b in zip(squares, squares[1:]):
                    assert chess.parse_square(b) in set(moves(chess.parse_square(a)))
            checked += 1
    assert checked > 500


def test_routes_with_captures_and_distances():
    pos = chessreach.Position.from_fen("8/8/8/3r4/8/8/8/8")
    r = chessreach.route(pos, "N@b1", capture="d5")
    assert (r.moves, r.squares, r.captured) == (2, ["b1", "c3", "d5"], ["d5"])
    assert bool(r)
    assert "2 moves" in repr(r)
    d = chessreach.distances(chessreach.Position(), "N@a1")
    assert (d["a1"], d["h8"], len(d)) == (0, 6, 64)
    pawns = chessreach.Position(board="8x8", black=["P@c3"])
    r = chessreach.route(pawns, "K@a1", to="c3", may_capture="all")
    assert (r.moves, r.captured) == (3, ["c3"])
    # A piece of the position is the mover: by its square, or by a spec of the piece there.
    start = chessreach.Position.from_fen(chess.STARTING_BOARD_FEN)
    for spec in ("g1", "N@g1"):
        r = chessreach.route(start, spec, to="e5")
        assert (r.moves, r.squares) == (2, ["g1", "f3", "e5"])
    assert chessreach.distances(start, "b1")["c3"] == 1
    with pytest.raises(chessreach.ChessreachError, match="no piece stands on e4"):
        chessreach.route(start, "e4", to="e5")
    unreachable = chessreach.route(chessreach.Position(black=["R@b8", "R@a7"]), "K@a1", to="a8")
    assert unreachable.moves is None and not unreachable and unreachable.squares == []
    assert unreachable.why is not None and unreachable.why["kind"] == "attacked"
    assert sorted(unreachable.why["by"]) == ["a7", "b8"] and "a8" in unreachable.why["reason"]
    assert chessreach.route(chessreach.Position(), "B@a1", to="a2").why["kind"] == "colour"
    assert r.why is None


def test_strip_routes():
    strip = chessreach.Position(board="infx8", pieces=["K@1,3", "R@2,3"])
    r = chessreach.route(strip, "b:K@1,1", to="1,5")
    assert r.moves == 6
    assert r.waypoints[0] == "1,1" and r.waypoints[-1] == "1,5"
    far = chessreach.route(chessreach.Position(board="infx3"), "K@1,1", to="1000000000001,1")
    assert far.moves == 10**12
    assert len(far.squares) == 1_000_000
    # Any mover, with captures: a knight takes the rook (3,2 is off the rook's lines); the
    # king and the rook guard each other.
    rook = chessreach.Position(board="infx8", pieces=["R@5,3"])
    knight = chessreach.route(rook, "b:N@1,1", capture="5,3")
    assert (knight.moves, knight.captured, knight.squares) == (2, ["5,3"], ["1,1", "3,2", "5,3"])
    assert chessreach.route(strip, "b:N@1,1", capture="2,3", may_capture="all").moves is None
    near = chessreach.distances(strip, "b:N@1,1", files=(0, 3))
    assert near["1,1"] == 0 and "2,3" not in near and all(k.split(",")[0] in "0123" for k in near)
    with pytest.raises(chessreach.ChessreachError):
        chessreach.distances(strip, "b:N@1,1")  # a strip has no end: files needed
    far = chessreach.route(strip, "N@1,1", to="10000000000,5")  # crossed by transfer matrices
    assert far.moves and far.repeats and far.waypoints[-1] == "10000000000,5"
    with pytest.raises(chessreach.ChessreachError):
        chessreach.route(strip, "N@1,1", to="10000000000,5", may_capture="all")  # too wide
    with pytest.raises(chessreach.ChessreachError):
        strip.attacked("white")
    assert strip.is_attacked("2,8", "white")
    assert strip.attackers("2,8") == ["2,3"]


def test_budget():
    before = chessreach.max_memory()
    try:
        chessreach.set_max_memory(1000)
        with pytest.raises(chessreach.TooLargeError) as e:
            chessreach.distances(chessreach.Position(board="100x100"), "Q@a1")
        assert e.value.needed > e.value.limit == 1000
        assert isinstance(e.value, MemoryError)
    finally:
        chessreach.set_max_memory(before)


def test_infer():
    found = chessreach.infer("xxx\nxox\nxxx\n")
    assert found.explained and found.simplest == "K"
    # The largest rule: every offset of a 5x5 square but (0,0); 16 of them cannot be used here.
    assert (1, 1) in found.offsets and len(found.offsets) == 24
    assert "YES" in str(found)
    rows = ["o.x", "oxx", "o.x"]  # the weird-chess statement's NO case
    bad = chessreach.infer("\n".join(rows))
    assert not bad.explained and bad.unexplained
    assert all(rows[r - 1][c - 1] == "x" for r, c in bad.unexplained)
    assert str(bad).startswith("NO")
    with pytest.raises(chessreach.InputError) as e:
        chessreach.infer("oxq\n")
    assert (e.value.line, e.value.column) == (1, 3)


@pytest.mark.parametrize("problem", ["infinite-chess", "king-path", "roads", "weird-chess"])
def test_solve_matches_the_sample_files(problem):
    cases = sorted((DATA / problem).glob("*.in"))
    assert cases
    for case in cases:
        want = case.with_suffix(".out").read_text()
        assert chessreach.solve(problem, case.read_text()).split() == want.split(), case


def test_solve_errors_keep_earlier_answers():
    with pytest.raises(chessreach.InputError) as e:
        chessreach.solve("king-path", "c4 e6 d5\nzz\n")
    assert (e.value.line, e.value.column) == (2, 1)
    assert e.value.partial == "2\n"
    with pytest.raises(ValueError):
        chessreach.solve("no-such-problem", "")


def test_pictures_are_svg():
    pos = chessreach.Position.from_fen("8/8/8/3r4/8/8/8/1N6")
    for picture in (
        pos._repr_svg_(),
        chessreach.route(pos, "N@c1", capture="d5")._repr_svg_(),
        chessreach.infer("xxx\nxox\nxxx\n")._repr_svg_(),
        chessreach.infer("o.x\noxx\no.x\n")._repr_svg_(),
    ):
        root = ET.fromstring(picture)
        assert root.tag.endswith("svg")
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
    assert "+ attacked by White" in str(pos)


def test_large_boards_are_not_drawn_whole():
    big = chessreach.Position(board="1000x1000", pieces=["Q@500,500"])
    assert big._repr_svg_() is None
    assert "too large to draw" in str(big)
    window = big.svg(files=(495, 505), ranks=(495, 505))
    assert ET.fromstring(window).find("{http://www.w3.org/2000/svg}title").text.startswith("Attacks")
    with pytest.raises(chessreach.ChessreachError):
        big.svg()
    rows = ["." * 300] * 150 + ["o" + "." * 299] + ["." * 300] * 149
    assert chessreach.infer("\n".join(rows))._repr_svg_() is None


def test_searches_release_the_gil():
    # While a long search runs in another thread, this thread keeps running Python code: the
    # longest pause between its loop turns stays far below the search's own time.
    hostile = [f"{x},{y}" for x in range(7, 90, 13) for y in range(5, 90, 17)][:10]
    pos = chessreach.Position(board="90x90", black=[f"N@{s}" for s in hostile])
    start = time.perf_counter()
    chessreach.distances(pos, "Q@1,1", may_capture="all")
    alone = time.perf_counter() - start
    assert alone > 0.05, "the search is too short to tell"
    done = threading.Event()

    def search():
        chessreach.distances(pos, "Q@1,1", may_capture="all")
        done.set()

    worker = threading.Thread(target=search)
    last, longest = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert longest < alone / 2, (longest, alone)


def test_variants_follow_fairy_stockfish_rules():
    assert {"xiangqi", "janggi", "shogi", "capablanca"} <= set(chessreach.variants())
    xq = chessreach.Position.from_variant("xiangqi")
    assert xq.board == "9x10"
    # The elephant on c1 attacks a3 and e3, never past the river; the advisors stay in the palace.
    assert {"a3", "e3"} <= xq.attacks("c1")
    assert xq.attacks("d1") == {"e2"}
    shogi = chessreach.Position.from_variant("shogi", "9/9/9/9/4+P4/9/9/9/9[-] w 0 1")
    # A promoted pawn moves as a gold general.
    assert shogi.attacks("e5") == {"d6", "e6", "f6", "d5", "f5", "e4"}
    mine = chessreach.Position.from_variant("tiny", ini="[tiny:chess]\nmaxFile = 5\nmaxRank = 5\nstartFen = 5/5/2N2/5/5 w - - 0 1\n")
    assert len(mine.attacks("c3")) == 8
    assert "tiny" in chessreach.variants(ini="[tiny:chess]\n")
    with pytest.raises(chessreach.ChessreachError):
        chessreach.Position.from_variant("nosuch")
    # A section that does not read is skipped with a warning naming it, its line and why;
    # warnings turned into errors make it one.
    with pytest.warns(UserWarning, match=r"<ini>:2:1: \[bad\] section skipped: expected `key = value`"):
        names = chessreach.variants(ini="[bad:chess]\nno equals here\n[good:chess]\n")
    assert "good" in names and "bad" not in names
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning):
            chessreach.variants(ini="[bad:chess]\nno equals here\n")
    # A promoted piece is a mover: `+P` moves as a gold general.
    board = chessreach.Position.from_variant("shogi", "9/9/9/9/9/9/9/9/9[-] w 0 1")
    assert chessreach.route(board, "+P@e5", to="d4").moves == 2
    assert chessreach.route(board, "+P@e5", to="d6").moves == 1
    assert chessreach.route(board, "b:+P@e5", to="d4").moves == 1
    # Routes move a variant's piece as the variant says on each square: regions, the river.
    empty = chessreach.Position.from_variant("xiangqi", "9/9/9/9/9/9/9/9/9/9 w - - 0 1")
    assert chessreach.route(empty, "K@e1", to="f3").moves == 3
    assert not chessreach.route(empty, "K@e1", to="e5")
    assert chessreach.route(empty, "B@c1", to="c5").moves == 2
    assert not chessreach.route(empty, "B@c1", to="e7")
    assert chessreach.route(empty, "P@e4", to="f6").moves == 3
    assert not chessreach.route(empty, "P@e4", to="d4")
    grand = chessreach.Position.from_variant("grand", "10/10/10/10/10/10/10/10/10/10 w - - 0 1")
    assert chessreach.route(grand, "P@e3", to="e5").moves == 1
    assert chessreach.route(grand, "P@e2", to="e4").moves == 2
    assert chessreach.route(empty, "R@a1", to="e5").moves == 2


def test_walls_block_and_are_never_attacked():
    # Duck chess after 1. e4 with the duck on e5: the queen's file and the duck's square.
    pos = chessreach.Position.from_variant("duck", "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert ("e5", "*", "wall", "") in pos.pieces
    white = pos.attacked("white")
    assert "e5" not in white and "d5" in white and "f5" in white
    # A rook's line stops at a wall.
    rook = chessreach.Position.from_fen("8/8/8/8/8/8/8/R2*4")
    assert rook.attacked("white") >= {"b1", "c1"} and not rook.attacked("white") & {"d1", "e1"}
    assert rook.fen() == "8/8/8/8/8/8/8/R2*4"


def test_route_errors_name_squares_as_the_board_does():
    # A strip names squares `file,rank`: so does a refusal about one.
    strip = chessreach.Position(board="infx8", pieces=["K@1,1"])
    with pytest.raises(chessreach.ChessreachError, match="square 1,1 is occupied"):
        chessreach.route(strip, "N@1,1", to="5,5")
    wide = chessreach.Position(board="30x30", black=["K@2,3"])
    with pytest.raises(chessreach.ChessreachError, match="stands on 5,5"):
        chessreach.route(wide, "N@1,1", capture="5,5")
