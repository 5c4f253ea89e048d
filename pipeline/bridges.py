"""Bridges as hexside features: where a road crosses a river.

A line's edge joins two neighbouring hexes and so crosses their common hexside; where that hexside
carries water (a river), the road crosses the river there, on a bridge. The digitizer reads roads
and rivers off the scan (:mod:`.curves`, :mod:`.traces`) and adds the feature ``bridge`` to each
such hexside, with the lower of the two confidences it rests on; the synthetic scans' truth gets
its bridges the same way from the map's own roads and rivers.

Which kinds take part is the legend's word, with defaults from the names:

- a ``[[line]]`` kind makes bridges when ``bridges = true``, by default when its name holds
  ``road`` (a railway's crossing is the railway's own; a game that counts rail bridges says so);
- a ``[[hexside]]`` kind is water when ``water = true``, by default when its name holds ``river``,
  ``stream``, ``creek`` or ``canal`` (a lake's side is not crossed by a bridge but a causeway).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..mapdata.model import Hexside, Line, MapData, side_key
from .legend import Legend

BRIDGE = "bridge"
WATER_WORDS = ("river", "stream", "creek", "canal")


def bridging_lines(legend: Legend) -> set[str]:
    """The line kinds of ``legend`` whose crossing of a river is a bridge."""
    return {x.name for x in legend.line if x.extra.get("bridges", "road" in x.name.lower())}


def water_sides(legend: Legend) -> set[str]:
    """The hexside kinds of ``legend`` that are water a road crosses on a bridge."""
    return {
        x.name for x in legend.hexside if x.extra.get("water", any(w in x.name.lower() for w in WATER_WORDS))
    }


def bridged(
    hexsides: Iterable[Hexside], lines: Iterable[Line], line_kinds: set[str], water: set[str]
) -> dict[tuple[str, str], float | None]:
    """The hexsides a line of ``line_kinds`` crosses where they carry a feature of ``water``,
    each with the lower confidence of the water and the line (``None`` when neither has one)."""
    wet = {s.key: s.confidence for s in hexsides if water & set(s.features)}
    out: dict[tuple[str, str], float | None] = {}
    for ln in lines:
        if ln.kind not in line_kinds:
            continue
        for a, b in ln.edges():
            key = side_key(a, b)
            if key not in wet:
                continue
            known = [c for c in (wet[key], ln.confidence, out.get(key)) if c is not None]
            out[key] = min(known) if known else None
    return out


def with_bridges(
    hexsides: list[Hexside], lines: Iterable[Line], line_kinds: set[str], water: set[str]
) -> list[Hexside]:
    """``hexsides`` with :data:`BRIDGE` added to every hexside a bridging line crosses over water
    (see :func:`bridged`); the hexside's confidence becomes the lower of its own and the bridge's."""
    found = bridged(hexsides, lines, line_kinds, water)
    out = []
    for s in hexsides:
        if s.key in found and BRIDGE not in s.features:
            known = [c for c in (s.confidence, found[s.key]) if c is not None]
            s = Hexside(
                s.hexes,
                s.terrain,
                (*s.features, BRIDGE),
                s.attrs,
                round(min(known), 3) if known else None,
            )
        out.append(s)
    return out


def map_with_bridges(m: MapData, line_kinds: set[str], water: set[str]) -> MapData:
    """A copy of ``m`` whose hexsides carry :data:`BRIDGE` wherever one of its own lines of
    ``line_kinds`` crosses water (the truth of a synthetic scan)."""
    sides = with_bridges(list(m.hexsides.values()), m.lines, line_kinds, water)
    return replace(m, hexsides={s.key: s for s in sides})
