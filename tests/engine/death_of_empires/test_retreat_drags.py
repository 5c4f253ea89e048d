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


def test_a_drag_into_a_hex_the_enemy_left_may_be_a_pursuit_10_36_c():
    """10.36, 10.36.C: in the Combat Segments a drag into a hex the other side left is a retreat or
    a Pursuit, which the log does not say: judged as both. Legal as a retreat, it is legal and says
    both were tried; a Pursuit alone is not judged (it follows the retreat's path), and says why."""
    from railhead.engine.drags import Held

    before = _board(du("E", h(3, 4), "entente"))
    held = Held()
    held.see("combat", before.state)
    after = _board(du("E", h(10, 5), "entente"))
    v = judge_drag(DOE, after, "A", h(3, 4), held=held)
    assert v.legal and v.extra["drag"] == "retreat" and v.extra["drags_tried"] == ["retreat", "advance"]
    assert "the log does not say whether A made a retreat or an advance" in v.effects[-1]
    nj = judge_drag(DOE, after, "A", h(3, 4), "advance")
    assert "Pursuit (10.36.C)" in nj.reason
