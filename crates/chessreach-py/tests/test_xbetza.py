"""The XBetza dialect from Python: rules, positions, attacks of multi-leg pieces."""

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
