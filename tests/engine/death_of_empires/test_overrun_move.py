"""Overruns during movement, 8.32 (`railhead move ... --with overrun=HEX --with odds=N`): the stack
moves next to the enemy hex and each unit taking part pays the terrain cost of entering it plus one
MP within its segment's allowance; only deployed Combat Class units (and non-heavy artillery) take
part; never across a major or grand river hexside. The odds are the Fire Attack column the player
gives (10.3): 6-1 or better succeeds (8.32.A), less fails (8.32.B). A dummy defender is removed and
the stack enters at normal cost; defenders of MR T, M, C, H, D may Withdraw Before Combat (10.33.A)."""

from __future__ import annotations

import pytest
from helpers import board, du, h, move, pointy_map

from railhead.errors import InputError

TARGET, NEXT = h(6, 3), h(5, 3)


def _b(*more, mover=None, enemy=None, hexsides=()):
    m = pointy_map(hexsides=hexsides)
    units = [mover or du("A", h(4, 3)), enemy or du("R", TARGET, "entente"), *more]
    return board(m, units)


def test_overrun_at_6_to_1_succeeds_and_costs_terrain_plus_one():
    """Into the enemy ZOC next to it (1 + 1 MP), then terrain 1 + 1 for the overrun: 4 MP, the
    March Segment's 2 days x 2 MP."""
    v = move(_b(), "A", [NEXT], overrun=TARGET, odds="6")
    assert v.legal, v.reasons
    assert v.mp == 4 and v.steps[-1].to == TARGET
    assert ("overrun", 1, "8.32") in [(w, int(m), r) for w, m, r in v.steps[-1].parts]
    assert v.extra["overrun"]["success"] and any("8.32.A" in e for e in v.effects)


def test_below_6_to_1_fails():
    v = move(_b(), "A", [NEXT], overrun=TARGET, odds="5")
    assert v.legal and not v.extra["overrun"]["success"]
    assert any("8.32.B" in e and "no further" in e for e in v.effects)


def test_without_the_mps_for_terrain_plus_one_no_overrun():
    v = move(_b(mover=du("A", h(3, 3))), "A", [h(4, 3), NEXT], overrun=TARGET, odds="6")  # 1 + 2 + 2 > 4
    assert not v.legal and v.reasons[0].rule == "8.32" and "lacks the MPs" in v.reasons[0].message


def test_not_across_a_major_river_and_not_in_road_mode():
    river = [{"hexes": [NEXT, TARGET], "features": ["major_river"]}]
    v = move(_b(hexsides=river), "A", [NEXT], overrun=TARGET, odds="6")
    assert not v.legal and "major or grand river" in v.reasons[0].message
    v = move(_b(mover=du("A", h(4, 3), mode="road")), "A", [NEXT], overrun=TARGET, odds="6")
    assert not v.legal and v.reasons[0].rule == "8.32" and "deployed Combat Class" in v.reasons[0].message


def test_the_odds_are_the_players_fire_attack_column():
    with pytest.raises(InputError, match="Fire Attack"):
        move(_b(), "A", [NEXT], overrun=TARGET)


def test_a_dummy_is_removed_and_the_stack_enters_at_normal_cost():
    v = move(_b(enemy=du("R", TARGET, "entente", dummy=True)), "A", [NEXT, TARGET], overrun=TARGET)
    assert v.legal and v.steps[-1].to == TARGET and "R" in v.changes.removed
    assert not any(w == "overrun" for s in v.steps for w, _, _ in s.parts)


def test_cavalry_may_withdraw_before_the_overrun():
    v = move(_b(enemy=du("R", TARGET, "entente", mr="C")), "A", [NEXT], overrun=TARGET, odds="7")
    assert v.legal and any("R may Withdraw Before Combat (10.33.A)" in e for e in v.effects)
