"""schemas._fast: fastjsonschema's generated validators with item names built as f-strings accept
and refuse exactly what the library's own validators do, with the same message and path."""

from __future__ import annotations

import copy

import fastjsonschema
import pytest

from railhead.mapdata.io import mapdata_document
from railhead.mapdata.sample import sample_map
from railhead.schemas import _NAMED, NAMES, _fast, schema


@pytest.mark.parametrize("name", NAMES)
def test_every_item_name_is_an_f_string(name):
    """No ``.format(**locals())`` is left: that per-item dict is what made large maps slow."""
    code = fastjsonschema.compile_to_code(schema(name))
    assert _NAMED.sub("", code).count(".format(**locals())") == 0


def _verdict(validate, doc):
    try:
        validate(doc)
        return None
    except fastjsonschema.JsonSchemaValueException as exc:
        return exc.message, exc.path, exc.rule


def test_map_verdicts_equal_the_library_validator():
    doc = mapdata_document(sample_map())
    stock = fastjsonschema.compile(schema("mapdata"))
    assert _verdict(_fast("mapdata"), doc) is None is _verdict(stock, doc)
    bad = []
    for change in (
        lambda d: d["hexsides"][3].update(hexes=["0101"]),
        lambda d: d["hexes"][7].update(terrain=5),
        lambda d: d["lines"][0].update(hexes="0101"),
        lambda d: d["hexsides"][1].update(features=["river", "river"]),
        lambda d: d["sheets"][0]["grid"].update(orientation="round"),
    ):
        d = copy.deepcopy(doc)
        change(d)
        got, want = _verdict(_fast("mapdata"), d), _verdict(stock, d)
        assert got == want and got is not None
        bad.append(got)
    assert "data.hexsides[3].hexes must contain at least 2 items" in bad[0][0]
