"""Advance after combat (10.71, 10.72) as a log shows it: a drag in a Mutual Combat Phase (4.2)
is taken for an advance (the phase's ``drags``; engine.drags)."""

from gmt_helpers import RS, U, board, geo


def rule(v):
    return None if v.legal else v.reasons[0].rule


def test_a_drag_in_a_mutual_combat_phase_is_an_advance_10_71():
    """10.71: the attacker advances into the adjacent hex the defender vacated, never into a hex
    still holding enemy units nor past the stacking limit; 10.72: a shock troop's two-hex advance
    is listed as not judged (its first hex is the combat's), another unit's refused."""
    from railhead.engine.api import NotJudged, judge_drag

    fr = U("FR", "W5008", side="allied", nation="fr")
    units = [U("GE", "W5010"), U("ST", "W5110", cls="shock_troop"), fr]
    b = board(geo(("western",)), units, phase="first_combat")
    v = judge_drag(RS, b, "GE", "W5009")  # the Western Front: the entrenchment limit is the combat's
    assert isinstance(v, NotJudged) and "10.71" in v.reason and "entrenched at -2" in v.reason
    assert rule(judge_drag(RS, b, "GE", "W5008")) == "10.71"  # the French still hold it
    assert rule(judge_drag(RS, b, "GE", "W5012")) == "10.71"  # two hexes
    assert isinstance(judge_drag(RS, b, "ST", "W5112"), NotJudged)
    full = [U(f"G{k}", "W5009") for k in range(6)]
    b = board(geo(("western",)), [*units, *full], phase="first_combat")
    v = judge_drag(RS, b, "GE", "W5009")
    assert rule(v) == "10.71" and "stacking" in v.reasons[0].message


def test_off_the_western_front_an_advance_is_judged_whole_10_71():
    """10.71: the limit against defenders entrenched at -2 binds on the Western Front only: on the
    Eastern Front the advance into the vacated hex is legal, and says so."""
    from railhead.engine.api import judge_drag

    b = board(
        geo(("eastern",)),
        [U("GE", "E3005"), U("RU", "E3003", side="allied", nation="ru")],
        phase="first_combat",
    )
    v = judge_drag(RS, b, "GE", "E3004", "advance")
    assert v.legal and "10.71: off the Western Front no entrenchment bars it" in v.effects
