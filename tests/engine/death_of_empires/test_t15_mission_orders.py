"""T15 (7.13 ex): Mission Order procedure with the rolls given (or the seeded die)."""

from helpers import board, du, h, pointy_map, ruleset

from railhead.engine.dice import Dice
from railhead.engine.rulesets.death_of_empires.mission_orders import resolve


def test_subordinate_wins_and_takes_his_preference():
    """7.13 ex: Supreme (+4) rolls 3 -> 7; Army commander (+2, preference Hold) rolls 6 -> 8: the
    army takes Hold, and gets an SP marker of 1."""
    o = resolve(Dice(0, (3, 6)), "8A", "advance", "hold", 4, 2)
    assert (o.superior_total, o.leader_total, o.mission, o.defiance) == (7, 8, "hold", 1)


def test_tie_goes_to_the_superior_and_the_marker_counts_against():
    """7.13: ties to the superior; the SP marker is subtracted from the leader's modifier."""
    assert resolve(Dice(0, (4, 6)), "8A", "advance", "hold", 4, 2).mission == "advance"  # 8 vs 8
    assert resolve(Dice(0, (3, 6)), "8A", "advance", "hold", 4, 2, defiance=1).mission == "advance"  # 7 vs 7


def test_preference_equal_to_the_order_needs_no_roll():
    """7.13: a leader whose preference is the order obeys without rolling."""
    o = resolve(Dice(0, ()), "I", "hold", "hold", 4, 2)
    assert o.mission == "hold" and o.superior_total is None


def test_the_supply_report_resolves_orders_with_given_rolls():
    """Corps leader (+1, preference Advance) ordered Hold by his army (+2): rolls 5 (army) and 6
    (corps) -> 7 vs 7: tie, Hold; the report lists the rolls."""
    units = [
        du("AHQ", h(2, 2), cls="hq", size="army", pfi="A", army="A", hq_level="army", ccr=6, mr="H", mo_modifier=2),  # noqa: E501
        du("CHQ", h(3, 3), cls="hq", size="corps", pfi="I", army="A", corps="I", hq_level="corps", ccr=3, mr="H",  # noqa: E501
           mo_modifier=1, mo_preference="advance", mo_ordered="hold"),
    ]  # fmt: skip
    r = ruleset().supply_report(board(pointy_map(), units, rolls=[5, 6]), "central")
    (o,) = r["mission_orders"]
    assert (o["leader"], o["mission"], o["superior_total"], o["leader_total"]) == ("CHQ", "hold", 7, 7)
    assert [x["value"] for x in r["rolls"]] == [5, 6]
