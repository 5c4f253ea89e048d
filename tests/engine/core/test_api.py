"""The author's API (railhead.engine.api) is one module that holds what a ruleset needs: every name
it lists exists, each once, and the core's own test ruleset is written on it alone."""

from __future__ import annotations

import ast
from pathlib import Path

import railhead.engine.api as api


def test_every_listed_name_exists_once():
    assert len(api.__all__) == len(set(api.__all__))
    assert [n for n in api.__all__ if not hasattr(api, n)] == []


def test_the_docstring_maps_every_name():
    """The module docstring is the map: it names each thing the API offers."""
    doc = api.__doc__ or ""
    unmapped = [n for n in api.__all__ if f"`{n}`" not in doc]
    assert unmapped == []


def test_the_toy_ruleset_imports_only_the_api():
    source = Path(__file__).with_name("toy_ruleset.py").read_text()
    used = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("railhead")
    }
    assert used == {"railhead.engine.api"}


def test_a_refusal_is_a_verdict_naming_its_rule():
    """An action the rules forbid is answered as a verdict (exit 1 with its rule), nothing spent."""
    from railhead.engine.api import refused

    v = refused("R25-2", "not this player's phase", scheduled="1716")
    assert not v.legal
    assert v.mp == 0 and v.steps == ()
    assert [(r.rule, r.message) for r in v.reasons] == [("R25-2", "not this player's phase")]
    assert v.to_dict()["scheduled"] == "1716"


def test_a_missing_unit_field_is_bad_input_naming_the_field():
    """A ruleset raises UnitFieldMissing, from the API, for a unit lacking a field it needs: bad
    input (exit 2) that names the unit, what it lacks and the field to fill."""
    from railhead.engine.api import InputError, UnitFieldMissing

    exc = UnitFieldMissing("GE-1", "movement allowance", "movement")
    assert isinstance(exc, InputError)
    assert (exc.unit, exc.what, exc.column) == ("GE-1", "movement allowance", "movement")
    assert "GE-1" in exc.message and "'movement'" in exc.message
