"""T07 [6F], [6B4]: an overrun at 116 attack against 8 defence is 14:1; the defenders' 1 fatigue
hit shifts it up 1, the overrunning unit's 5 hits down 5: 10:1, so the overrun succeeds. A net
shift leaving 9:1 does not allow it; a target with no defence strength is overrun at 12:1."""

from fractions import Fraction

from grd_helpers import RS

from railhead.engine.rulesets.grd_great_war.overrun import overrun_odds


def test_116_to_8_with_the_shifts_is_10_to_1_and_succeeds():
    r = overrun_odds(RS, Fraction(116), Fraction(8), attacker_hits=5, defender_hits=1)
    assert (r["odds"], r["shifted"], r["allowed"]) == ("14:1", "10:1", True)


def test_9_to_1_after_shifts_is_not_allowed():
    r = overrun_odds(RS, Fraction(116), Fraction(8), attacker_hits=6, defender_hits=1)
    assert (r["shifted"], r["allowed"]) == ("9:1", False)


def test_a_defenceless_target_at_12_to_1():
    assert overrun_odds(RS, Fraction(1), Fraction(0))["odds"] == "12:1"
    assert not overrun_odds(RS, Fraction(0), Fraction(0))["allowed"]
    assert not overrun_odds(RS, Fraction(1), Fraction(0), attacker_hits=3)["allowed"]


def test_option_defenceless_overrun_odds_both_ways():
    """[6F], [6B4], spec §10 #20 ``defenceless_overrun_odds``: by default the 12:1 against a
    defenceless stack is shifted like any odds (3 fatigue hits of the overrunning unit: 9:1, not
    allowed); read as the final odds, it stays 12:1 and the overrun is allowed."""
    from grd_helpers import board, doc

    d = doc()
    assert not overrun_odds(RS, Fraction(1), Fraction(0), attacker_hits=3, state=board(d).state)["allowed"]
    d["options"] = {"defenceless_overrun_odds": "after_shifts"}
    r = overrun_odds(RS, Fraction(1), Fraction(0), attacker_hits=3, state=board(d).state)
    assert r["allowed"] and r["shifted"] == "12:1"
