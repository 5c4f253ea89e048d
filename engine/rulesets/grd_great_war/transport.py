"""Transport units [14O]: motorized, pack, mountain pack and camel pack transport. In transport mode
one carries up to 3 REs of units (or of units and logistics items) or 6 REs of logistics items, and
it and its cargo move as one unit of its type and movement rating, with their combined strength and
RE size [14O2]; in supply line mode it cannot move and extends the overland or road element of a
supply line traced into or through its hex by 1 hex (3 or more such units: 2) [14O3]."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...core_fields import spent_mp
from ...verdict import Reason

GSP_RE = Fraction(1, 4)  # a general supply point is 1/4 RE [11C2bii]


@dataclass(frozen=True)
class Combined:
    """A transport unit with its cargo, as one unit [14O2]."""

    cls: str
    strength: Fraction
    re: Fraction
    movement: int | float
    cargo: tuple[str, ...]
    supported: bool


def is_transport(rs, unit) -> bool:
    return bool(rs.cls(unit).get("transport"))


def combine(rs, board, transport, cargo: list, gsps: int = 0) -> Combined | Reason:
    """The combined unit, or the reason the transport unit may not carry this cargo [14O2]."""
    c = rs.cls(transport)
    if not c.get("transport"):
        return Reason("14O2", f"{transport.id} is no transport unit")
    if transport.attr("transport_mode") == "supply_line":
        return Reason("14O1", f"{transport.id} is in supply line mode: it may not transport cargo")
    if transport.attr("disrupted"):
        return Reason("14O2", f"{transport.id} is disrupted: it may not transport cargo")
    motorized = c.get("column") == "cm_artillery"
    units_re = Fraction(0)
    for u in cargo:
        k = rs.cls(u)
        if spent_mp(u) > 0:
            return Reason("14O2", f"{u.id} moved by itself this phase: it may not also be transported")
        if k.get("column") == "cm_artillery" and not k.get("artillery"):
            return Reason("14O2", f"{u.id} is motorized: transport units carry non-motorized units")
        if k.get("heavy_equipment"):
            return Reason("14O2", f"{u.id} has heavy equipment: transport units do not carry it")
        if k.get("hq") and motorized:
            return Reason("14O2a", "motorized transport units do not carry Army HQs")
        if k.get("transport"):
            return Reason("14O2", f"{u.id} is a transport unit")
        re = rs.re_of(u)
        if motorized and k.get("artillery"):
            re *= 2  # artillery counts double its RE size [14O2a]
        units_re += re
    logistics = GSP_RE * gsps
    if units_re > 0 and units_re + logistics > 3:
        return Reason("14O2", f"{units_re + logistics} REs of units and logistics: at most 3")
    if logistics > 6:
        return Reason("14O2", f"{logistics} REs of logistics items: at most 6")
    strength = Fraction(transport.strength or 0) + sum(
        (Fraction(u.strength or 0) for u in cargo), Fraction(0)
    )
    re = rs.re_of(transport) + sum((rs.re_of(u) for u in cargo), Fraction(0)) + logistics
    supported = any(bool(u.attr("supported")) for u in cargo)
    return Combined(transport.cls, strength, re, transport.movement, tuple(u.id for u in cargo), supported)


def extending(rs, board, side: str) -> np.ndarray:
    """Per hex: undisrupted transport units of ``side`` in supply line mode there that may extend a
    supply line in that hex's terrain [14O3], [14O2b]: of pack transport units only mountain pack
    transport in mountainous terrain (rough, wooded rough, mountain) and only camel pack transport
    in the Desert (zones F and G)."""
    a = board.arrays
    out = np.zeros(board.n, dtype=np.int64)
    t = rs.data["transport"]
    terrain = a.hex_terrain
    zone = a.hex_attr("weather_zone")
    kinds = {
        name for name, spec in rs.data["classes"].items() if isinstance(spec, dict) and spec.get("transport")
    }
    for u, h in zip(board.state.units, board.unit_hex, strict=True):
        if u.cls not in kinds:
            continue
        c = rs.cls(u)
        if u.side != side or u.attr("disrupted"):
            continue
        if u.attr("transport_mode") != "supply_line":
            continue
        pack = c.get("pack")
        if pack and terrain[h] in t["mountainous"] and pack != "mountain":
            continue
        if pack and zone[h] in t["desert_zones"] and pack != "camel":
            continue
        out[h] += 1
    return out


def element_limits(base: Fraction, rs) -> tuple[Fraction, ...]:
    """An element's longest length by transport units passed: 0 → base, 1-2 → +1, 3+ → +2 [14O3]."""
    t = rs.data["transport"]
    one, three = Fraction(t["extend_one"]["value"]), Fraction(t["extend_three"]["value"])
    return (base, base + one, base + one, base + three)
