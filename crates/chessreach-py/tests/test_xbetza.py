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
