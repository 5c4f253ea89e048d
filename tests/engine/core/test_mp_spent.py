"""``mp_spent`` is the core's field (engine/core_fields.py): every applied move writes it exactly and
every position reads it back unchanged, whatever the ruleset. It used to be written as a float
(``2.0``, ``0.5833333333333334``) that a ruleset declaring it whole refused on the next read."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from builders import hex_map

from railhead.engine.api import MP_SPENT, Board, InputError, Verdict, get_ruleset, spent_mp
from railhead.engine.apply import apply_move
from railhead.engine.ruleset import declarations_of
from railhead.engine.state import parse_state


def toy_state(m, **attrs):
    doc = {
        "format": "railhead.state/1",
        "ruleset": "toy",
        "units": [{"id": "R1", "side": "red", "class": "inf", "hex": "0101", "movement": 4, "attrs": attrs}],
    }
    return parse_state(doc, m, declarations=get_ruleset("toy").declarations)


def after(m, state, mp: Fraction):
    moved = apply_move(Board(m, state), Verdict(True, mp), ["R1"], ["0101", "0102"], "ground")
    # the position as a file holds it, read again with the ruleset's declarations
    doc = json.loads(json.dumps(moved.to_dict()))
    return doc["units"][0]["attrs"]["mp_spent"], parse_state(
        doc, m, declarations=get_ruleset("toy").declarations
    )


def test_whole_mp_are_written_as_an_integer_and_fractions_exactly():
    m = hex_map((1, 3), (1, 3))
    written, state = after(m, toy_state(m), Fraction(2))
    assert written == 2 and type(written) is int  # never 2.0
    written, state = after(m, state, Fraction(1, 2))
    assert written == 2.5 and spent_mp(state.unit("R1")) == Fraction(5, 2)
    written, state = after(m, state, Fraction(1, 12))
    assert written == "31/12" and spent_mp(state.unit("R1")) == Fraction(31, 12)


def test_a_ruleset_does_not_declare_the_core_field():
    raw = {"unit_fields": {"mp_spent": {"kind": "integer", "rule": "6.1"}}}
    with pytest.raises(ValueError, match="the core declares"):
        declarations_of(raw)
    assert MP_SPENT in declarations_of({}).unit_fields


@pytest.mark.parametrize("bad", [-1, "abc", True, [1]])
def test_a_position_with_a_bad_mp_spent_is_refused(bad):
    m = hex_map((1, 3), (1, 3))
    with pytest.raises(InputError, match="mp_spent"):
        toy_state(m, mp_spent=bad)


def test_older_float_values_still_read_as_the_fraction_they_round():
    m = hex_map((1, 3), (1, 3))
    assert spent_mp(toy_state(m, mp_spent=7 / 12).unit("R1")) == Fraction(7, 12)
    assert spent_mp(toy_state(m, mp_spent=4.3).unit("R1")) == Fraction(43, 10)
