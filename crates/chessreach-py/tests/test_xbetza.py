"""The XBetza dialect from Python: rules, positions, attacks of multi-leg pieces."""

import os
import subprocess
import warnings

import pytest

import chessreach


def test_rule_reads_either_dialect():
    assert chessreach.Rule("N", dialect="xbetza") == chessreach.Rule("N")
    mao = chessreach.Rule("afsW", dialect="xbetza")
    assert "xbetza" in repr(mao)
    assert chessreach.Rule(str(mao), dialect="xbetza") == mao
    with pytest.raises(chessreach.ParseError):
        chessreach.Rule("afsW")
    with pytest.raises(ValueError):
        chessreach.Rule("N", dialect="betza")


def test_mao_attacks_knight_squares_unless_blocked():
    pos = chessreach.Position("8x8", pieces=["afsW@d4", "K@d5"], dialect="xbetza")
    attacked = {sq for sq in ["c6", "e6", "b5", "b3", "f5", "f3", "c2", "e2"] if "d4" in pos.attackers(sq)}
    assert attacked == {"b5", "b3", "f5", "f3", "c2", "e2"}


def test_positions_and_rules_of_legged_pieces_pickle_and_evaluate():
    # A rule with legs is written in XBetza: the repr says so and the pickle reads it so.
    import pickle

    made = [
        chessreach.Position(board="8x8", pieces=["afsW@a1"], black=["K@h8"], dialect="xbetza"),
        chessreach.Position.from_fen("8/8/8/8/8/8/8/A7", define={"A": "afsW"}, dialect="xbetza"),
        chessreach.Position(board="3x3", pieces=["afsW@a1"], dialect="xbetza", wrap="both"),
        chessreach.Position(board="infx8", pieces=["N@1,1", "b:K@5,5"]),
    ]
    for pos in made:
        assert pickle.loads(pickle.dumps(pos)) == pos, repr(pos)
        assert eval(repr(pos), {"Position": chessreach.Position}) == pos, repr(pos)
    for text, dialect in (("afsW", "xbetza"), ("gQ", "xbetza"), ("fmWfcF", "fsf"), ("", "fsf")):
        rule = chessreach.Rule(text, dialect=dialect)
        assert pickle.loads(pickle.dumps(rule)) == rule, repr(rule)
        assert eval(repr(rule), {"Rule": chessreach.Rule}) == rule, repr(rule)


def test_skipped_xbetza_letters_warn_as_the_command_line_does():
    # XBoard skips the unknown `x`: the rule is a plain W, and Python says so as the CLI's
    # `chessreach betza --dialect xbetza xW` does (one library call makes both).
    with pytest.warns(UserWarning, match=r"\(character 1\)") as caught:
        rule = chessreach.Rule("xW", dialect="xbetza")
    assert rule == chessreach.Rule("W")
    assert len(caught) == 1
    binary = os.environ.get("CHESSREACH_BIN")
    if binary:
        out = subprocess.run([binary, "betza", "--dialect", "xbetza", "xW"], capture_output=True, text=True, check=True)
        assert f"warning: {caught[0].message}" in out.stdout.splitlines()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        chessreach.Rule("afsW", dialect="xbetza")
        chessreach.Rule("W")
