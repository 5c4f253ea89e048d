"""Entrenchments as movement, ZOC and supply read them (8.7, 3.42).

An entrenchment is a marker in a hex (the position's ``entrenchment`` field: entrenched or
permanent, with ``entrenchment_facing``) or a permanent entrenchment printed on the map (hex attrs
``permanent_entrenchment`` = its facing). A Combat unit in Deployed Mode enters Entrenchment Mode by
spending 3 MP and placing a marker facing forward (8.71 (1)), or by entering a hex with a marker and
aligning its facing with it (8.71 (2), 8.72 (2)). A unit that moves off its hex leaves Entrenchment
Mode and the marker stays (8.74 is missing from the file: inferred). A ZOC does not extend across a
Permanent Entrenchment hexside into the entrenched hex while an enemy of the ZOC's owner occupies it
(3.42): across its frontal hexsides only, or across any of its hexsides (option
``permanent_entrenchment_zoc``, spec §10 #23)."""

from __future__ import annotations

import numpy as np


def hex_entrenchment(board, hex_id: str) -> tuple[str | None, int | None]:
    """(kind, facing) of the entrenchment in a hex: a marker of the position, else one printed on
    the map."""
    hs = board.state.hex(hex_id)
    kind = hs.field("entrenchment")
    if kind:
        f = hs.field("entrenchment_facing")
        return kind, None if f is None else int(f)
    rec = board.map.hexes.get(hex_id)
    printed = rec.attrs.get("permanent_entrenchment") if rec is not None else None
    if printed is not None:
        return "permanent", int(printed)
    return None, None


def frontal(facing: int) -> set[int]:
    """3.2: the facing hexside and its two neighbours."""
    return {(facing - 1) % 6, facing % 6, (facing + 1) % 6}


def permanent_zoc_blocks(rs, board, side: str) -> np.ndarray:
    """(N, D): edges i -> j along which a ZOC of ``side`` does not extend into j, a permanently
    entrenched hex occupied by an enemy of ``side`` (3.42)."""
    a = board.arrays
    out = np.zeros(a.nbr.shape, dtype=bool)
    other = rs.other_side(side)
    enemy = board.units_mask(lambda u: u.side == other)
    every = rs.option(board.state, "permanent_entrenchment_zoc") == "all_hexsides"
    direction = a.graph.direction
    for j in np.flatnonzero(enemy):
        kind, facing = hex_entrenchment(board, a.ids[j])
        if kind != "permanent" or facing is None:
            continue
        sides = set(range(6)) if every else frontal(facing)
        for d, i in enumerate(a.nbr[j][:6]):
            if i < 0 or int(direction[j, d]) not in sides:
                continue
            back = a.back[j, d]
            if back >= 0:
                out[i, back] = True
    return out


def entrenchment_fields(rs, board, unit, path: list[str], names: list[str], facing, end_mode: str):
    """(unit fields, location changes, reason) for a move's end: entering Entrenchment Mode by the
    activity or by aligning with a marker; leaving it by moving off the hex (8.71-8.74)."""
    from ...verdict import Reason

    fields: dict = {}
    locations: dict = {}
    moved = len(path) > 1
    if "entrench" in names:
        if unit.cls != "combat":
            return {}, {}, Reason("8.7", "only a Combat Class unit in Deployed Mode entrenches")
        fields["entrenchment"] = "entrenched"
        locations[path[-1]] = {"fields": {"entrenchment": "entrenched", "entrenchment_facing": facing}}
        return fields, locations, None
    if moved and unit.attr("entrenchment") not in (None, "none"):
        fields["entrenchment"] = "none"
    kind, marker = hex_entrenchment(board, path[-1])
    deployed = end_mode == "deployed" and unit.cls in ("combat", "artillery", "hq")
    if moved and kind and deployed and facing is not None and marker == facing:
        fields["entrenchment"] = kind  # aligned with the marker (8.71 (2), 8.72 (2))
    return fields, locations, None
