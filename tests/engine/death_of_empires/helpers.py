"""Small pointy-top maps and positions for the Death of Empires tests.

Pointy-top hexes in rows (the March Segment example moves "due west", spec §1): direction 0 NE,
1 E, 2 SE, 3 SW, 4 W, 5 NW; moving east along row r is (c, r) -> (c + 1, r)."""

from __future__ import annotations

from typing import Any

from railhead.engine.board import Board
from railhead.engine.queries import judge
from railhead.engine.registry import get_ruleset
from railhead.engine.state import Unit, parse_state
from railhead.engine.values import ChartValues
from railhead.mapdata.io import parse_mapdata

RID = "death-of-empires"
E, W = 1, 4


def h(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def row(r: int, first: int, last: int) -> list[str]:
    step = 1 if last >= first else -1
    return [h(c, r) for c in range(first, last + step, step)]


def pointy_map(
    cols: int = 12,
    rows: int = 5,
    terrain=None,
    lines=(),
    hexsides=(),
    hexes=None,
    home="central",
    boxes=(),
    links=(),
):
    """A sheet of ``cols`` x ``rows`` clear hexes; ``terrain`` {hex: terrain}; ``hexes`` {hex: extra}."""
    out = []
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            hid = h(c, r)
            rec: dict[str, Any] = {
                "id": hid,
                "terrain": (terrain or {}).get(hid, "clear"),
                "attrs": {"home": home},
            }
            extra = (hexes or {}).get(hid)
            if extra:
                rec["attrs"] = {**rec["attrs"], **extra.pop("attrs", {})}
                rec.update(extra)
            out.append(rec)
    doc = {
        "format": "railhead.mapdata/1",
        "name": "doe test",
        "sheets": [
            {
                "id": "",
                "grid": {"orientation": "pointy", "shifted": "odd", "cols": [1, cols], "rows": [1, rows]},
            }
        ],
        "hexes": out,
        "hexsides": [dict(s) for s in hexsides],
        "lines": [dict(x) for x in lines],
    }
    if boxes:
        doc["boxes"] = [dict(b) for b in boxes]
    if links:
        doc["links"] = [dict(x) for x in links]
    return parse_mapdata(doc)


def rail(hexes: list[str], track: str = "single") -> dict:
    return {"kind": "rail", "hexes": hexes, "attrs": {"track": track}}


def road(hexes: list[str], cls: str = "primary") -> dict:
    return {"kind": "road", "hexes": hexes, "attrs": {"class": cls}}


def du(
    uid: str,
    hex_id: str,
    side: str = "central",
    cls: str = "combat",
    size: str = "brigade",
    strength: int = 4,
    **attrs,
):
    attrs.setdefault("mr", "I")
    if cls in ("combat", "artillery", "hq") and attrs.get("mode", "deployed") == "deployed":
        attrs.setdefault("facing", E if side == "central" else W)
    nation = "germany" if side == "central" else "russia"
    return Unit(uid, side, nation, cls, hex_id, size, strength, attrs=attrs).to_dict()


def board(m, units, values=None, options=None, hexes=None, **extra) -> Board:
    rs = get_ruleset(RID)
    doc = {
        "format": "railhead.state/1",
        "ruleset": RID,
        "turn": 1,
        "phase": "movement",
        "active_side": "central",
        "weather": "fair",
        "impulse": 1,
        "impulse_days": 2,
        "segment": "march",
        "units": list(units),
        "hexes": hexes or {},
        "ledgers": {},
        **extra,
    }
    if options:
        doc["options"] = options
    state = parse_state(doc, m, sides=rs.sides, declarations=rs.declarations)
    cells: dict = {}
    for key, value in (values or {}).items():
        t, r, c = key.split(".")
        cells.setdefault(t, {}).setdefault(r, {})[c] = str(value)
    b = Board(m, state, values=ChartValues(cells, None))
    problems = rs.position_problems(b)
    assert not problems, problems
    return b


def move(b, uid, path, mode="ground", stack=(), **kw):
    return judge(get_ruleset(RID), b, uid, list(path), mode, list(stack), **kw)


def ruleset():
    return get_ruleset(RID)
