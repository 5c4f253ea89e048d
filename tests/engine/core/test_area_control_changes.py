"""Core additions for area games (issue 14), shown with the core's test ruleset: a move's
:class:`~railhead.engine.verdict.Changes` may hand a location to a side (``owner``: control of an
area passes to the side last through it), and a declared field of kind ``choice_map`` holds one
choice per name (the side each country is on), checked when a position is read."""

from __future__ import annotations

from fractions import Fraction

import pytest

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.contract import Field
from railhead.engine.registry import get_ruleset
from railhead.engine.state import parse_state
from railhead.engine.verdict import Changes, Verdict
from railhead.mapdata.sample import sample_area_map


def board():
    doc = {
        "format": "railhead.state/1",
        "ruleset": "toy",
        "units": [{"id": "R1", "side": "red", "class": "inf", "location": "ruhr", "movement": 4}],
        "hexes": {"berlin": {"owner": "blue", "markers": ["trench"]}},
    }
    m = sample_area_map()
    return Board(m, parse_state(doc, m, declarations=get_ruleset("toy").declarations))


def test_a_move_may_change_who_owns_a_location():
    """The owner a verdict gives replaces the old one; the location's markers stay."""
    b = board()
    v = Verdict(
        True, Fraction(2), changes=Changes(locations={"berlin": {"owner": "red"}, "ruhr": {"owner": "red"}})
    )
    after = apply_move(b, v, ["R1"], ["ruhr", "berlin"], "ground")
    assert after.hex("berlin").owner == "red" and after.hex("berlin").markers == frozenset({"trench"})
    assert after.hex("ruhr").owner == "red"
    assert after.unit("R1").hex == "berlin"


def test_changes_without_owner_keep_it():
    b = board()
    v = Verdict(True, Fraction(1), changes=Changes(locations={"berlin": {"attrs": {"seen": True}}}))
    after = apply_move(b, v, ["R1"], ["ruhr", "berlin"], "ground")
    assert after.hex("berlin").owner == "blue" and after.hex("berlin").attrs["seen"] is True


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({"italy": "allies", "turkey": "neutral"}, None),
        ({}, None),
        ({"italy": "axis"}, "italy: expected one of allies, central, neutral, not 'axis'"),
        (["allies"], "expected an object of names and one of allies, central, neutral, not ['allies']"),
    ],
)
def test_choice_map_field(value, problem):
    f = Field("alignment", "choice_map", ("allies", "central", "neutral"))
    assert f.problem(value) == problem
