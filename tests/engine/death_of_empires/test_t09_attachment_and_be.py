"""T9 (2.31.C ex, 3.32, 3.32.A, 3.23): attachment load, brigade equivalents, facings per hex."""

import pytest
from helpers import board, du, h, pointy_map, ruleset

from railhead.engine.rulesets.death_of_empires.attachment import corps_loads
from railhead.engine.rulesets.death_of_empires.units import brigade_equivalents


def corps_units(limit):
    return [
        du("HQ", h(2, 2), cls="hq", size="corps", pfi="XX", corps="XX", hq_level="corps", ccr=3, attachment_limit=limit),  # noqa: E501
        du("35r", h(3, 2), pfi="35r", corps="XX", pf_size="division"),
        du("me", h(4, 2), pfi="me", corps="XX", pf_size="brigade"),
        du("mlw", h(5, 2), pfi="mlw", corps="XX", pf_size="regiment", size="regiment"),
        du("Thorn", h(6, 2), pfi="Thorn", corps="XX", pf_size="none"),
    ]  # fmt: skip


def test_attachment_load_one_and_a_half():
    """2.31.C ex: "35 r div" 1 + "m e bd" 1/2 + "m lw rgt" 0 + "Thorn" 0 = 1 1/2."""
    b = board(pointy_map(), corps_units(2))
    assert corps_loads(ruleset(), b.state)["XX"] == 1.5


def test_over_the_limit_is_a_position_problem():
    """2.31.C: a corps whose attachments weigh more than its limit cannot stand (exit 2)."""
    with pytest.raises(AssertionError, match="2.31.C"):
        board(pointy_map(), corps_units(1))


def test_brigade_equivalents():
    """3.32: a double-symbol brigade 2 BE; 3.32.A: a detachment of 2 SP is 1/2 BE, of 5 SP 1 BE."""
    data = ruleset().data
    b = board(
        pointy_map(),
        [du("D", h(2, 2), multiplicity=2), du("d2", h(3, 2), strength=2, detachment=True),
         du("d5", h(4, 2), strength=5, detachment=True)],
    )  # fmt: skip
    be = {u.id: brigade_equivalents(data, u) for u in b.state.units}
    assert be == {"D": 2, "d2": 0.5, "d5": 1}


def test_three_facings_in_a_hex_are_refused():
    """3.23: a hex may hold at most two facings."""
    units = [du(f"U{f}", h(3, 3), pfi=f"P{f}", facing=f, size="regiment") for f in range(3)]
    with pytest.raises(AssertionError, match="3.23"):
        board(pointy_map(), units)
