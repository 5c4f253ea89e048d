"""Zones of control [5A]: which units exert one, into which adjacent hexes, and what negates one
for rail movement [7A]."""

from __future__ import annotations

import numpy as np

from ...zoc import zone_of_control as core_zone

ARCTIC_DESERT = ("A", "F", "G")  # weather zones where lesser units exert ZOCs [5A]
DIVISIONAL = ("division", "divisional")
LESSER = ("brigade", "regiment", "cadre")


def zoc_reach(unit, unit_class: dict) -> str:
    """Where ``unit`` exerts a ZOC beyond its hex [5A]: ``all`` adjacent hexes, ``arctic_desert``
    (only into zones A, F, G), or ``none``."""
    if unit_class.get("hq") or unit_class.get("artillery") or unit_class.get("rail_only"):
        return "none"
    if (unit.strength or 0) <= 0 or unit.attr("disrupted") or unit.attr("zoc") == "none":
        return "none"
    if unit.attr("used_accel"):  # lost for the whole movement phase [6B3]
        return "none"
    if unit.size in DIVISIONAL and not unit.attr("unsupported"):
        return "all"
    if unit.size in DIVISIONAL or unit.size in LESSER:
        return "arctic_desert"
    return "none"


def zone_of_control(board, side: str, class_of) -> np.ndarray:
    """Hexes in ``side``'s ZOC: the hexes its ZOC units stand in and the adjacent hexes they
    reach (a prohibited hexside stops a ZOC [3E5])."""
    a = board.arrays
    units = board.state.units
    n = len(units)
    not_hq, every, lesser = np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)
    for k in np.flatnonzero(board.unit_side == side).tolist():
        cls = class_of(units[k])
        kind = zoc_reach(units[k], cls)
        not_hq[k], every[k], lesser[k] = not cls.get("hq"), kind == "all", kind == "arctic_desert"
    blocked = a.side_feature("prohibited") | a.side_feature("high_mountain") | ~a.valid
    zone = board.hexes_holding(not_hq)
    zone |= core_zone(board, every, blocked)
    if lesser.any():
        desert = np.isin(a.hex_attr("weather_zone").astype(str), ARCTIC_DESERT)
        zone |= core_zone(board, lesser, blocked, into=desert)
    return zone
