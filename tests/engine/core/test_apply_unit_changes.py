"""The core applies a verdict's strengths (``Changes.strengths``) and units set down without a move
(``Changes.set_down``): what an action that is no move changes (a recombination, a placement); an
act applies with no unit moving and no MP recorded."""

from fractions import Fraction

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.state import GameState, Unit
from railhead.engine.verdict import Changes, Verdict
from railhead.mapdata.sample import sample_map


def _board():
    units = (
        Unit("A", "red", "", "inf", "0101", strength=4, movement=3),
        Unit("B", "red", "", "inf", "0102", strength=2, movement=3, attrs={"x": 1}),
    )
    return Board(sample_map(), GameState("toy", units))


def test_strengths_and_set_down_are_applied_to_those_units_only():
    b = _board()
    v = Verdict(True, Fraction(0), changes=Changes(strengths={"A": 6}, set_down={"B": "0203"}))
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("A").strength == 6 and after.unit("A").hex == "0101"
    assert after.unit("B").hex == "0203" and after.unit("B").strength == 2
    assert after.unit("B").attr("x") == 1 and after.unit("A").attr("mp_spent") is None


def test_no_strength_or_location_change_keeps_them():
    b = _board()
    after = apply_move(b, Verdict(True, Fraction(0)), [], [], "act", record_mp=False)
    assert after.unit("A").strength == 4 and after.unit("B").hex == "0102"
