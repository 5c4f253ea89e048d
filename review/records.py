"""What the review page is sent: hexes, hexsides and line edges of a map as JSON records in the
pixels of the scan, the legend with a key per terrain, and which records changed between two maps."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..mapdata.model import MapData, side_key
from ..pipeline.legend import Legend
from .shown import Changed


def _xy(p: Iterable[float]) -> list[float]:
    return [round(float(v), 2) for v in p]


PAGE_KEYS = ("n", "z")  # the page's own keys: next hex, undo


def terrain_keys(names: list[str]) -> dict[str, str]:
    """A key per terrain, unique: the first letter of its name that no terrain before it took and
    the page does not use (:data:`PAGE_KEYS`), else a digit (clear -> c, city -> i, coast -> o)."""
    out: dict[str, str] = {}
    spare = [str(d) for d in range(1, 10)] + ["0"]
    for name in names:
        taken = set(out.values()) | set(PAGE_KEYS)
        free = [c for c in name.lower() if c.isascii() and c.isalpha() and c not in taken]
        out[name] = free[0] if free else next(d for d in spare if d not in out.values())
    return out


def legend_record(legend: Legend) -> dict[str, Any]:
    keys = terrain_keys(legend.terrain_names())
    colours = {}
    for t in legend.terrain:
        colours.setdefault(t.name, "#{:02x}{:02x}{:02x}".format(*t.color))
    return {
        "terrain": [{"name": n, "key": keys[n], "color": colours[n]} for n in legend.terrain_names()],
        "hexside_features": list(dict.fromkeys(x.name for x in legend.hexside)),
        "line_kinds": list(dict.fromkeys(x.name for x in legend.line)),
    }


def hex_record(m: MapData, hex_id: str, labelled: bool) -> dict[str, Any]:
    h = m.hexes[hex_id]
    r = m.ref(hex_id)
    grid = m.sheets[r.sheet].grid
    return {
        "id": hex_id,
        "polygon": [_xy(p) for p in grid.corners(r.col, r.row)],
        "centre": _xy(m.center(hex_id)),
        "terrain": str(h.terrain),
        "confidence": h.confidence,
        "labelled": labelled,
    }


def hexside_record(m: MapData, a: str, b: str) -> dict[str, Any]:
    """The side between two adjacent hexes: its segment on the scan and its features ([]: none)."""
    key = side_key(a, b)
    ra, rb = m.ref(key[0]), m.ref(key[1])
    grid = m.sheets[ra.sheet].grid
    seg = grid.side_segment(ra.col, ra.row, grid.direction((ra.col, ra.row), (rb.col, rb.row)))
    s = m.hexsides.get(key)
    return {"hexes": list(key), "segment": [_xy(p) for p in seg], "features": list(s.features) if s else []}


def edges(m: MapData, kinds: Iterable[str] | None = None) -> set[tuple[str, tuple[str, str]]]:
    """Every line edge of the map (of ``kinds``: None, every kind) as (kind, hex pair)."""
    return {
        (kind, key) for kind in (m.line_kinds() if kinds is None else kinds) for key in m.line_edges(kind)
    }


def changes(
    before: MapData, after: MapData, labelled: tuple[set[str], set[str]], within: Changed | None = None
) -> dict[str, list]:
    """The records that differ from ``before`` to ``after`` (``labelled``: the labelled hexes of
    each): hexes whose terrain, confidence or label changed, hexsides whose features changed
    (features [] where they went), and line edges added or removed (``present``). ``within``: the
    hexes, sides and line kinds an edit changed (:func:`.shown.changed`), the only ones looked at
    (None: every one)."""
    was, now = labelled
    hexes = [
        hex_record(after, h, h in now)
        for h, x in after.hexes.items()
        if (within is None or h in within.hexes)
        and (x.terrain, x.confidence, h in now)
        != (before.hexes[h].terrain, before.hexes[h].confidence, h in was)
    ]

    def feats(m: MapData, key: tuple[str, str]) -> tuple[str, ...]:
        s = m.hexsides.get(key)
        return s.features if s else ()

    keys = set(before.hexsides) | set(after.hexsides) if within is None else within.sides
    sides = [hexside_record(after, *key) for key in sorted(keys) if feats(before, key) != feats(after, key)]
    kinds = None if within is None else within.kinds
    old, new = edges(before, kinds), edges(after, kinds)
    lines = [{"kind": k, "hexes": list(key), "present": (k, key) in new} for k, key in sorted(old ^ new)]
    return {"hexes": hexes, "hexsides": sides, "edges": lines}
