"""Little maps and positions in the contract formats, for rules tests."""

from __future__ import annotations

from typing import Any

from railhead.engine.board import Board
from railhead.engine.state import parse_state
from railhead.mapdata.io import parse_mapdata
from railhead.mapdata.model import MapData


def hex_map(
    cols=(1, 40), rows=(1, 30), hexsides=(), lines=(), hexes=None, terrain="clear", attrs=None
) -> MapData:
    """A flat, even-shifted CCRR sheet (Der Weltkrieg's layout, der-weltkrieg.md §1)."""
    hex_rows = []
    for c in range(cols[0], cols[1] + 1):
        for r in range(rows[0], rows[1] + 1):
            hid = f"{c:02d}{r:02d}"
            h: dict[str, Any] = {"id": hid, "terrain": terrain}
            extra = (hexes or {}).get(hid)
            if extra:
                h.update(extra)
            if attrs:
                h.setdefault("attrs", {}).update(attrs)
            hex_rows.append(h)
    doc = {
        "format": "railhead.mapdata/1",
        "name": "test",
        "sheets": [
            {
                "id": "",
                "grid": {
                    "orientation": "flat",
                    "shifted": "even",
                    "cols": list(cols),
                    "rows": list(rows),
                },
            }
        ],
        "hexes": hex_rows,
        "hexsides": [dict(s) for s in hexsides],
        "lines": [dict(ln) for ln in lines],
    }
    return parse_mapdata(doc)


def side(a: str, b: str, terrain: str | None = None, *features: str) -> dict:
    s: dict[str, Any] = {"hexes": [a, b]}
    if terrain:
        s["terrain"] = terrain
    if features:
        s["features"] = list(features)
    return s


def rail(*hexes: str, track: str = "double") -> dict:
    return {"kind": "rail", "hexes": list(hexes), "attrs": {"track": track}}


def unit(
    uid: str,
    hex_id: str,
    cls: str = "infantry",
    side_: str = "central",
    nation: str = "germany",
    strength: int = 6,
    movement: int | str = 4,
    size="division",
    **attrs,
) -> dict:
    return {
        "id": uid,
        "side": side_,
        "nation": nation,
        "class": cls,
        "size": size,
        "strength": strength,
        "movement": movement,
        "hex": hex_id,
        "attrs": attrs,
    }


def position(m: MapData, units, hexes=None, active="central", ruleset="der-weltkrieg", **extra) -> Board:
    doc = {
        "format": "railhead.state/1",
        "ruleset": ruleset,
        "turn": 1,
        "phase": "movement",
        "active_side": active,
        "weather": "fair",
        "units": list(units),
        "hexes": hexes or {},
        "ledgers": {},
        **extra,
    }
    from railhead.engine.registry import get_ruleset

    # read with the ruleset's declarations: a read of a name it does not declare is refused (#28)
    return Board(m, parse_state(doc, m, declarations=get_ruleset(ruleset).declarations))
