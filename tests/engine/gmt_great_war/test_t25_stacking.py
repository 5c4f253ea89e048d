"""§9 T25: stacking limits at the end of a Mutual Movement Phase (7.22, 7.23)."""

from gmt_helpers import RS, U, board, geo, move

from railhead.engine.rulesets.gmt_great_war.stacking import stack_problems, stacking_report


def full_stack(extra=()):
    units = [U(f"GE-{k}", "E4505") for k in range(6)]
    units += [
        U("GE-HQ", "E4505", cls="hq"),
        U("GE-T", "E4505", cls="tank"),
        U("GE-AT", "E4505", cls="anti_tank"),
        U("GE-B1", "E4505", cls="battalion"),
        U("GE-B2", "E4505", cls="battalion"),
    ]
    return units + list(extra)


def test_t25_six_divisions_and_the_uncounted_are_legal():
    """7.23: six divisions, one HQ, one tank, one anti-tank unit and German battalions: legal."""
    b = board(geo(("eastern",)), full_stack())
    assert stacking_report(b.state, RS.data, "cp") == {}


def test_t25_a_second_hq_is_illegal():
    """7.23: at most one HQ per hex."""
    b = board(geo(("eastern",)), full_stack([U("GE-HQ2", "E4505", cls="hq")]))
    problems = stacking_report(b.state, RS.data, "cp")["E4505"]
    assert problems == ["2 hq units: at most one per hex (7.23)"]


def test_t25_five_us_infantry_divisions_are_illegal():
    """7.23: at most four U.S. infantry divisions per hex."""
    us = [U(f"US-{k}", "W5008", side="allied", nation="us") for k in range(5)]
    assert stack_problems(RS.data, [type("U", (), {"cls": "infantry", "nation": "us"})] * 5) == [
        "5 us infantry divisions: at most 4 (7.23)"
    ]
    b = board(geo(("western",)), us)
    assert "W5008" in RS.supply_report(b, "allied")["stacking"]


def test_t25_seventh_division_moving_in_is_flagged():
    """7.22, 8.23: stacking is checked at the end of the phase: moving a seventh division in is a
    legal move that the player must fix before the phase ends."""
    b = board(geo(("eastern",)), full_stack([U("GE-7", "E4506")]))
    v = move(b, "GE-7", "E4505")
    assert v.legal
    assert any("7 units count against the limit of 6 (7.23)" in e for e in v.effects)
