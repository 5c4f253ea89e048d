"""A unit field a rule needs and the position lacks is bad input naming the field where the state
file gives it, in one style for every ruleset (Unit.need: ``$.units['ID'].attrs.FIELD``)."""

from __future__ import annotations

import pytest

from railhead.engine.registry import get_ruleset
from railhead.engine.state import Unit
from railhead.errors import InputError


def test_grd_re_size_3a3_and_dw_symbol_colour_r23_1_name_the_field_alike():
    """3A3: a GR/D corps's RE size depends on its support; R23-1: recombination compares the Full
    Strength Symbol's colour. Both missing: exit 2, the field named in the same style."""
    from railhead.engine.rulesets.der_weltkrieg.recombination import symbol_colours

    corps = Unit("FR 1C", "entente", "france", "infantry", "GW2:0101", size="corps")
    with pytest.raises(InputError) as e:
        get_ruleset("grd-great-war").re_of(corps)
    assert e.value.where == "$.units['FR 1C'].attrs.re" and "3A3" in e.value.message
    with pytest.raises(InputError) as e:
        symbol_colours([Unit("GE 1. ID", "central", "germany", "infantry", "1401")], "R23-1 compares colours")
    assert e.value.where == "$.units['GE 1. ID'].attrs.symbol_color"
