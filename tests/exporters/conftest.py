from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the tests' shared data (layouts.py)

from railhead.mapdata.io import parse_mapdata


@pytest.fixture
def two_sheet_map():
    """Two 4 x 3 sheets, GW1 and GW2, ids like GW2:0302."""
    grid = {
        "orientation": "flat",
        "shifted": "even",
        "cols": [1, 4],
        "rows": [1, 3],
        "pixels": {"hex_width": 60.0, "hex_height": 69.3, "origin": [50.0, 50.0]},
    }
    doc = {
        "format": "railhead.mapdata/1",
        "name": "two",
        "sheets": [{"id": "GW1", "grid": grid}, {"id": "GW2", "grid": grid}],
        "hexes": [
            {"id": f"{s}:{c:02d}{r:02d}", "terrain": "clear"}
            for s in ("GW1", "GW2")
            for c in range(1, 5)
            for r in range(1, 4)
        ],
    }
    return parse_mapdata(doc)


@pytest.fixture
def roster() -> dict[str, dict]:
    """Roster rows by piece name, as ``railhead check`` reads them: two German divisions and a
    French brigade whose name holds the delimiters of every level of VASSAL's encodings."""
    return {
        "GE 1. ID": {
            "side": "central",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 6,
            "movement": 5,
        },
        "GE 2. ID": {
            "side": "central",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 5,
            "movement": 5,
        },
        "FR, 3e Cav;1/2": {
            "side": "entente",
            "nation": "france",
            "class": "cavalry",
            "size": "brigade",
            "strength": 2,
            "movement": 6,
        },
    }
