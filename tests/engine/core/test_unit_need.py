"""Unit.need: a field a rule reads, or bad input naming it."""

import pytest

from railhead.engine.state import Unit
from railhead.errors import InputError


def _unit(**attrs) -> Unit:
    return Unit("u1", "a", "n", "infantry", "0101", attrs=attrs)


def test_a_stated_field_is_returned():
    assert _unit(full_strength=7).need("full_strength", "state it") == 7


def test_a_missing_field_is_bad_input_naming_it():
    with pytest.raises(InputError) as e:
        _unit(other=1).need("full_strength", "u1 is flipped: state its full_strength")
    assert "u1 is flipped: state its full_strength" in str(e.value)
    assert e.value.where == "$.units['u1'].attrs.full_strength"  # where the state file gives it
