"""The sample files shipped in the package are what ``hex_skirmish.sample`` builds."""

from __future__ import annotations

import json

from hex_skirmish.sample import SAMPLE, map_doc, state_doc, write_sample


def test_shipped_sample_is_current(tmp_path):
    assert json.loads((SAMPLE / "map.json").read_text()) == map_doc()
    assert json.loads((SAMPLE / "state.json").read_text()) == state_doc()
    m, s = write_sample(tmp_path)
    assert (
        m.read_text() == (SAMPLE / "map.json").read_text()
        and s.read_text() == (SAMPLE / "state.json").read_text()
    )
