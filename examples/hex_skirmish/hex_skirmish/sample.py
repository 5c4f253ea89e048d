"""Hex Skirmish's sample: a 12 x 10 hex map (``railhead.mapdata/1``) and a position on it
(``railhead.state/1``), as documents and as the files shipped in ``sample_data/``.

The map: a river runs north-south between columns 08 and 09 (a road bridge crosses it on row 05),
a rail line runs down column 06 from North's supply source (0601) to South's (0610), woods, hills,
a marsh and a lake lie about. South's S-4 stands far from any rail line, out of supply.
``python -m hex_skirmish.sample DIR`` writes both files to DIR.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

COLS, ROWS = 12, 10
SAMPLE = Path(__file__).with_name("sample_data")

TERRAIN = {
    "forest": ["0303", "0304", "0403", "1003", "1004"],
    "hills": ["0207", "0208", "1107", "1108"],
    "marsh": ["0405", "0406"],
    "lake": ["0909", "1009"],
    "town": ["0601", "0605", "0610", "1205"],
}
SOURCES = {"0601": "north", "0610": "south"}


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def map_doc() -> dict[str, Any]:
    """The sample map."""
    terrain = {h: t for t, hexes in TERRAIN.items() for h in hexes}
    hexes = []
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            h: dict[str, Any] = {"id": hex_id(c, r), "terrain": terrain.get(hex_id(c, r), "clear")}
            if h["id"] in SOURCES:
                h["attrs"] = {"source": SOURCES[h["id"]]}
            hexes.append(h)
    river = [{"hexes": [hex_id(8, r), hex_id(9, r)], "features": ["river"]} for r in range(1, ROWS + 1)]
    return {
        "format": "railhead.mapdata/1",
        "name": "Hex Skirmish sample",
        "sheets": [
            {
                "id": "",
                "grid": {"orientation": "flat", "shifted": "even", "cols": [1, COLS], "rows": [1, ROWS]},
            }
        ],
        "hexes": hexes,
        "hexsides": river,
        "lines": [
            {"kind": "rail", "hexes": [hex_id(6, r) for r in range(1, ROWS + 1)]},
            {"kind": "road", "hexes": [hex_id(c, 5) for c in range(1, COLS + 1)]},
        ],
    }


def _unit(uid: str, side: str, cls: str, hex_: str, strength: int, movement: int, **attrs: Any) -> dict:
    u = {"id": uid, "side": side, "nation": side, "class": cls, "hex": hex_, "strength": strength}
    u["movement"] = movement
    if attrs:
        u["attrs"] = attrs
    return u


def state_doc(phase: str = "movement", active_side: str = "north") -> dict[str, Any]:
    """The sample position: North's movement phase of turn 1."""
    return {
        "format": "railhead.state/1",
        "ruleset": "hex_skirmish",
        "turn": 1,
        "phase": phase,
        "active_side": active_side,
        "weather": "fair",
        "units": [
            _unit("N-1", "north", "infantry", "0603", 4, 4),
            _unit("N-2", "north", "cavalry", "0403", 2, 6),
            _unit("N-3", "north", "artillery", "0602", 2, 3),
            _unit("N-HQ", "north", "hq", "0601", 0, 4),
            _unit("N-4", "north", "infantry", "0205", 4, 4),
            _unit("S-1", "south", "infantry", "0707", 4, 4),
            _unit("S-2", "south", "infantry", "1006", 4, 4),
            _unit("S-3", "south", "cavalry", "0908", 2, 6),
            _unit("S-4", "south", "infantry", "1102", 3, 4),  # cut off: out of supply
        ],
    }


def write_sample(out_dir: str | Path) -> tuple[Path, Path]:
    """Write ``map.json`` and ``state.json`` into ``out_dir``; their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = out / "map.json", out / "state.json"
    for path, doc in zip(paths, (map_doc(), state_doc()), strict=True):
        part = path.with_name(path.name + ".part")  # written whole, then put in place
        part.write_text(json.dumps(doc, indent=1) + "\n")
        os.replace(part, path)
    return paths


if __name__ == "__main__":
    write_sample(sys.argv[1] if len(sys.argv) > 1 else SAMPLE)
