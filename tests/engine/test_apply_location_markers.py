"""The core applies a verdict's location marker changes (``Changes.locations[loc]["markers"]``:
removed, then added), and a marker the ruleset does not declare is refused (UndeclaredRead)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import hex_map, position, unit

from railhead.engine.apply import apply_move
from railhead.engine.contract import UndeclaredRead
from railhead.engine.verdict import Changes, Verdict


def _verdict(markers) -> Verdict:
    return Verdict(True, Fraction(0), changes=Changes(locations={"0202": {"markers": markers}}))


def test_markers_are_removed_then_added_and_stay_declared():
    m = hex_map(cols=(1, 4), rows=(1, 4))
    b = position(m, [unit("I", "0202")], hexes={"0202": {"markers": ["construction", "devastation"]}})
    after = apply_move(
        b, _verdict({"remove": ["construction", "devastation"], "add": ["trench"]}), [], [], "act"
    )
    assert after.hexes["0202"].markers == {"trench"}
    with pytest.raises(UndeclaredRead):  # the new markers still refuse an undeclared name
        "no_such_marker" in after.hexes["0202"].markers  # noqa: B015
    with pytest.raises(UndeclaredRead):
        apply_move(b, _verdict({"add": ["no_such_marker"]}), [], [], "act")
    untouched = apply_move(b, Verdict(True, Fraction(0)), [], [], "act")
    assert untouched.hexes["0202"].markers == {"construction", "devastation"}
