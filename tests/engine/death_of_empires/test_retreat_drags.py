"""A piece dragged in the Combat Segments [4.24] is judged as a retreat (12.1; engine.drags; the
segment's ``drags``): along the route that enters no enemy-occupied hex [3.31.F] and as few hexes
of enemy ZOC without friendly units as can be, with the losses of 12.11 on that route."""

from helpers import board, du, h, pointy_map

from railhead.engine.api import judge_drag
from railhead.engine.registry import get_ruleset

DOE = get_ruleset("death-of-empires")


def _board(*units):
    return board(pointy_map(), [du("A", h(2, 3)), *units], phase="mutual_combat")


def test_a_drag_after_combat_is_judged_as_a_retreat_12_11():
    """Row 4 under the Entente units of row 5 is in their ZOC: ending there costs the PF's ML
    (12.11); a retreat along row 3 costs nothing; into the enemy's hex is refused (3.31.F)."""
    enemies = [du(f"E{c}", h(c, 5), "entente") for c in (2, 3, 4)]
    v = judge_drag(DOE, _board(*enemies), "A", h(4, 3))
    assert v.legal and v.extra["drag"] == "retreat" and v.extra["retreat"]["ml_becomes"] is None
    v = judge_drag(DOE, _board(*enemies), "A", h(2, 4))
    assert v.legal and v.extra["retreat"]["ml_becomes"] == 1 and v.extra["retreat"]["zoc_hexes"] == [h(2, 4)]
    v = judge_drag(DOE, _board(*enemies), "A", h(3, 5))
    assert not v.legal and "3.31.F" in v.reasons[0].rule
