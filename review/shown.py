"""The map a review shows between two re-learns: the last round's map with the person's labels and
corrections applied (:func:`~railhead.pipeline.overrides.apply_overrides`), kept up to date edit by
edit by applying only what the edit changed.

What a correction decides is local: a hex's terrain by its label, a hexside's features by the last
entry of that side, a line kind's edges by the last entry of each of its edges (its lines are that
kind's edges chained). :class:`Fixes` holds the corrections so; between two of them, the hexes,
sides and line kinds whose corrections differ are the only ones an edit (or an undo, or a file
changed by hand) can change, and :func:`apply_changed` re-applies them alone, with
``apply_overrides`` itself on the part of the map they touch: the map is the one re-applying every
correction gives (the tests compare the two after a sequence of edits).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from ..mapdata.model import MapData, side_key
from ..pipeline.legend import Legend
from ..pipeline.overrides import apply_overrides

Key = tuple[str, str]


@dataclass(frozen=True)
class Fixes:
    """The corrections of an overrides document (its terrain: every label) by what each decides."""

    terrain: dict[str, str]
    hexside: dict[Key, tuple[str, ...]]  # a side's features: its last entry's
    edge: dict[str, dict[Key, bool]]  # per line kind, each edge corrected: present or not (last entry)
    new_kinds: tuple[str, ...]  # kinds in the order their first present edge comes (lines' order)

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Fixes:
        sides = {side_key(*e["hexes"]): tuple(e.get("features", [])) for e in doc.get("hexside") or []}
        edges: dict[str, dict[Key, bool]] = {}
        kinds: list[str] = []
        for e in doc.get("edge") or []:
            present = bool(e.get("present", True))
            edges.setdefault(e.get("kind"), {})[side_key(*e["hexes"])] = present
            if present and e.get("kind") not in kinds:
                kinds.append(e.get("kind"))
        return cls(dict(doc.get("terrain") or {}), sides, edges, tuple(kinds))


@dataclass(frozen=True)
class Changed:
    """What differs between two :class:`Fixes`: hexes, sides, line kinds."""

    hexes: set[str]
    sides: set[Key]
    kinds: set[str]


def changed(old: Fixes, new: Fixes) -> Changed:
    def differ(a: dict, b: dict) -> set:
        return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}

    return Changed(
        differ(old.terrain, new.terrain), differ(old.hexside, new.hexside), differ(old.edge, new.edge)
    )


def apply_changed(
    found: MapData, shown: MapData, new: Fixes, what: Changed, legend: Legend, file: str | None = None
) -> MapData:
    """``shown`` (``found`` with the corrections before) with the corrections ``new`` of the hexes,
    sides and kinds ``what`` applied: the map ``apply_overrides(found, doc of new)`` gives. The
    grid's lookups ``shown`` has built are kept (a copy of it, not a map built anew)."""
    part = copy.copy(shown)  # the grid and its cached lookups; the corrected items from ``found``
    part.hexes = {h: found.hexes[h] for h in what.hexes}
    part.hexsides = {k: found.hexsides[k] for k in what.sides if k in found.hexsides}
    part.lines = [ln for ln in found.lines if ln.kind in what.kinds]
    doc = {
        "_file": file,
        "terrain": {h: new.terrain[h] for h in what.hexes if h in new.terrain},
        "hexside": [
            {"hexes": list(k), "features": list(new.hexside[k])} for k in what.sides if k in new.hexside
        ],
        "edge": [
            {"kind": kind, "hexes": list(k), "present": present}
            for kind in sorted(what.kinds, key=str)
            for k, present in new.edge.get(kind, {}).items()
        ],
    }
    fixed = apply_overrides(part, doc, legend)
    out = copy.copy(shown)
    out.hexes = {**shown.hexes, **fixed.hexes}
    out.hexsides = dict(shown.hexsides)
    for k in what.sides:
        if k in fixed.hexsides:
            out.hexsides[k] = fixed.hexsides[k]
        else:
            out.hexsides.pop(k, None)
    if what.kinds:  # in the order apply_overrides gives: the found map's kinds, then new ones
        order = list(dict.fromkeys([ln.kind for ln in found.lines] + list(new.new_kinds)))
        rank = {kind: i for i, kind in enumerate(order)}
        lines = [ln for ln in shown.lines if ln.kind not in what.kinds] + fixed.lines
        out.lines = sorted(lines, key=lambda ln: rank.get(ln.kind, len(rank)))
    return out
