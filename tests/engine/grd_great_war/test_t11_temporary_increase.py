"""T11 [7A5a], [7A5g]: on a 30-RE net the most temporary increase is 15 REs (half), bought with 2 Res
Pts (10 REs each or fraction); it needs 2 connected unisolated yards, lasts the player turn, and
brings 2 extra deterioration checks."""

from fractions import Fraction

import pytest
from grd_helpers import board, doc, nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_30_re_net_plus_15_for_2_res_pts(rules):
    led, more = cap.temporary_increase(nets(entente__sw=30), "entente:sw", 2, Fraction(30), 2, rules)
    assert more == 15 and led.balance("entente:sw") == 45
    assert next_turn(led).balance("entente:sw") == 30  # that player turn only


def test_a_third_res_pt_buys_nothing_and_is_refused(rules):
    with pytest.raises(cap.Refused, match="7A5a"):
        cap.temporary_increase(nets(entente__sw=30), "entente:sw", 3, Fraction(30), 2, rules)


def test_needs_two_connected_yards(rules):
    with pytest.raises(cap.Refused, match="at least 2"):
        cap.temporary_increase(nets(entente__sw=30), "entente:sw", 1, Fraction(30), 1, rules)


def test_on_the_sample_the_action_reports_the_extra_checks():
    act = {"action": "temporary_increase", "side": "entente", "net": "nw_europe_standard", "res_pts": 2}
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    rep = RULESET().rail_report(board(doc(rail_actions=[act])), "entente")
    assert rep["actions"][0]["increase"] == 15
    assert rep["actions"][0]["extra_deterioration_checks_next_initial_phase"] == 2
    assert rep["networks"][0]["remaining"] == 30 + 15 - 4  # two depots' upkeep
