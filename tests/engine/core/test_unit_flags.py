"""Board.unit_flags: a per-unit answer is asked once per unit object, across positions; a unit
changed (a new object) is asked again, and each key has its own answers."""

from __future__ import annotations

from dataclasses import replace

from builders import hex_map, position, unit

from railhead.engine.board import _FLAG_SLOTS, Board


def test_flags_are_asked_once_per_unit_object_across_positions():
    m = hex_map((1, 10), (1, 10))
    board = position(m, [unit("A", "0101", "infantry"), unit("B", "0505", "cavalry")])
    asked = []

    def cavalry(u):
        asked.append(u.id)
        return u.cls == "cavalry"

    assert board.unit_flags("cav", cavalry).tolist() == [False, True]
    moved = replace(board.state.units[0], hex="0102")
    later = Board(m, board.state.replace(units=(moved, board.state.units[1])))
    assert later.unit_flags("cav", cavalry).tolist() == [False, True]
    assert asked == ["A", "B", "A"]  # B unchanged: not asked again; A moved: a new object
    assert later.unit_flags("inf", lambda u: u.cls == "infantry").tolist() == [True, False]


def test_a_key_holding_an_object_is_not_kept_on_the_units():
    """A key with a function in it (a question of one position) is answered per position only:
    the units keep no reference to it."""
    m = hex_map((1, 10), (1, 10))
    board = position(m, [unit("A", "0101", "infantry")])

    def pred(u):
        return u.cls == "infantry"

    assert board.unit_flags(("units", pred), pred).tolist() == [True]
    assert "_flags" not in board.state.units[0].__dict__
    assert ("units", pred) not in _FLAG_SLOTS  # nor does the table of kept questions
    board.unit_flags(("units", "plain"), pred)
    assert board.state.units[0].__dict__["_flags"] == {_FLAG_SLOTS[("units", "plain")]: True}
