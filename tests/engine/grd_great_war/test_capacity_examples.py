"""The rulebook's worked examples of the rail capacity economy, exactly (issue #12 "Must show")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from grd_helpers import nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap
from railhead.engine.rulesets.grd_great_war.nets import low_volume_count


def test_orphan_section_of_4_yards_and_1_depot_is_10_res(rules):
    """[7A9] step 2: 4 yards × 2 + 1 depot × 2 = 10 REs."""
    assert cap.orphan_capacity(4, 1, rules) == 10


def test_70_re_net_with_orphans_of_9_and_10_leaves_home_51(rules):
    """[7A9] step 3: 70 − (9 + 10) = 51 REs for the home section."""
    led = cap.split_net(nets(cp__east=70), "cp:east", {"a": Fraction(9), "b": Fraction(10)})
    assert led.standing("cp:east") == 51
    assert (led.standing("cp:east/a"), led.standing("cp:east/b")) == (9, 10)


def test_17_re_net_with_7_depots_losing_2_yards_deactivates_one_depot(rules):
    """[11C1] example: 17 REs, 7 depots (14 upkeep); 2 yards captured → −4 → 13 < 14: one depot."""
    led = nets(entente__sw=17, cp__sw=5)
    led = cap.depot_upkeep(led, "entente:sw", [f"d{k}" for k in range(7)], rules)
    assert led.balance("entente:sw") == 3
    assert cap.forced_deactivations(led, "entente:sw", 7, rules) == 0
    for yard in ("y1", "y2"):
        led = cap.capture(led, "entente:sw", "cp:sw", f"yard {yard} captured", rules)
    assert led.standing("entente:sw") == 13
    assert cap.forced_deactivations(led, "entente:sw", 7, rules) == 1


def test_13_high_volume_foreign_net_hexes_count_as_7_low_volume():
    """[11E], [11B3a]: each 2 high-volume hexes (or fraction) of a non-cooperating net = 1 LV hex."""
    assert low_volume_count(low=0, foreign_high=13) == 7
    assert low_volume_count(low=1, foreign_high=13) == 8


def test_34_re_mandatory_transfer_on_a_26_re_net_needs_1_res_pt(rules):
    """[16A1aa]: 34 REs to move, 26 available → 1 Res Pt → capacity 36, uses 34."""
    assert cap.res_pts_to_move(Fraction(34), Fraction(26), Fraction(26), rules) == 1
    led, more = cap.temporary_increase(nets(cp__west=26), "cp:west", 1, Fraction(26), 2, rules)
    assert more == 10 and led.balance("cp:west") == 36
    for k in range(34):
        led = cap.charge_move(led, "cp:west", f"u{k}", Fraction(1))
    assert led.balance("cp:west") == 2


def test_a_move_beyond_every_increase_is_refused(rules):
    """[7A5a]: the increase is at most half the net; 20 REs cannot move 40."""
    with pytest.raises(cap.Refused, match="7A5a"):
        cap.res_pts_to_move(Fraction(40), Fraction(20), Fraction(20), rules)


def test_transfer_rules(rules):
    """[7A5d]: ≤ 3 REs a turn between two nets, 1 Res Pt per 3 REs or fraction, never below the
    donor's voluntary minimum (GB Standard Gauge 90 [41K4]); unusable on both nets that turn."""
    from grd_helpers import next_turn

    led = nets(entente__gb=93, entente__nw=10)
    kw = {"same_gauge": True, "connected": True, "rules": rules}
    out, res_pts = cap.transfer(
        led, "entente:gb", "entente:nw", Fraction(3), voluntary_minimum=Fraction(90), **kw
    )
    assert res_pts == 1 and out.balance("entente:gb") == 90 and out.balance("entente:nw") == 10
    assert next_turn(out).balance("entente:nw") == 13
    with pytest.raises(cap.Refused, match="at most 3"):
        cap.transfer(out, "entente:gb", "entente:nw", Fraction(1), voluntary_minimum=Fraction(0), **kw)
    with pytest.raises(cap.Refused, match="voluntary minimum"):
        cap.transfer(led, "entente:gb", "entente:nw", Fraction(3), voluntary_minimum=Fraction(91), **kw)
    with pytest.raises(cap.Refused, match="gauges"):
        cap.transfer(
            led,
            "entente:gb",
            "entente:nw",
            Fraction(1),
            voluntary_minimum=Fraction(0),
            same_gauge=False,
            connected=True,
            rules=rules,
        )


def test_permanent_build_costs(rules):
    """[7A5b]: 3 Res Pts per RE, one RE per connected unisolated yard; Lille lost 4; USA joined 2."""
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    ex = RULESET().data["capacity_exceptions"]
    assert cap.build_cost("nw_europe_standard", "entente", ex, {"lille_lost": False}, 3)[0] == 3
    assert cap.build_cost("nw_europe_standard", "entente", ex, {"lille_lost": True}, 3)[0] == 4
    assert cap.build_cost("west_russia_broad", "entente", ex, {"warszawa_lost": True}, 3)[0] == 4
    assert (
        cap.build_cost("nw_europe_standard", "entente", ex, {"lille_lost": True, "usa_joined": True}, 3)[0]
        == 2
    )
    assert cap.build_cost("germany_standard", "central_powers", ex, {"usa_joined": True}, 3)[0] == 3
    led, built = cap.permanent_build(nets(entente__nw=10), "entente:nw", 6, 2, 3, rules)
    assert built == 2 and next_turn(led).balance("entente:nw") == 12
    with pytest.raises(cap.Refused, match="at most 2"):
        cap.permanent_build(nets(entente__nw=10), "entente:nw", 9, 2, 3, rules)
