"""A Der Weltkrieg position on the bundled sample map, made by code (used by the demo and tests).

German units hold the east side of the Franco-German border, French and Belgian units the west; each
side has an Army HQ behind its line on a railway.
"""

from __future__ import annotations

from typing import Any

from ....mapdata.model import MapData
from ...state import FORMAT

FRONT_SIDES = {"germany": "central", "france": "entente", "belgium": "entente"}


def sample_state(m: MapData) -> dict[str, Any]:
    """A ``railhead.state/1`` document: a front line along the border, HQs on the railways."""
    country = {h: x.attrs.get("country") for h, x in m.hexes.items()}
    land = {h for h, x in m.hexes.items() if x.terrain not in ("ocean", "lake")}
    front: dict[str, list[str]] = {"central": [], "entente": []}
    for h in sorted(land):
        side = FRONT_SIDES.get(country[h])
        if side and any(
            country[n] != country[h] and FRONT_SIDES.get(country[n]) != side for n in m.neighbours(h)
        ):
            front[side].append(h)
    rail_hexes = {h for ln in m.lines if ln.kind == "rail" for h in ln.hexes}
    units: list[dict[str, Any]] = []
    taken: set[str] = set()
    for side, nation_of, prefix in (
        ("central", lambda h: "germany", "GE"),
        ("entente", lambda h: country[h], "FR"),
    ):
        for k, h in enumerate(front[side][::2], start=1):
            nation = nation_of(h)
            units.append(
                {
                    "id": f"{prefix}-{k}",
                    "side": side,
                    "nation": nation,
                    "class": "cavalry" if k % 5 == 0 else "infantry",
                    "size": "division",
                    "strength": 6 if k % 5 else 2,
                    "movement": 5 if k % 5 else 6,
                    "hex": h,
                }
            )
            taken.add(h)
        # an HQ two or more hexes behind the line, on a railway of its own country
        own = [
            h
            for h in sorted(rail_hexes)
            if FRONT_SIDES.get(country[h]) == side
            and h not in taken
            and min(m.distance(h, f) for f in front[side]) >= 2
        ]
        if own:
            mid = front[side][len(front[side]) // 2]
            own.sort(key=lambda h: (m.distance(h, mid), h))
            hq_nation = "germany" if side == "central" else country[own[0]]
            units.append(
                {
                    "id": f"{prefix}-HQ",
                    "side": side,
                    "nation": hq_nation,
                    "class": "hq",
                    "size": "army",
                    "strength": 1,
                    "movement": 4,
                    "hex": own[0],
                    "attrs": {"supply_points": 24},
                }
            )
    return {
        "format": FORMAT,
        "ruleset": "der-weltkrieg",
        "turn": 1,
        "phase": "movement",
        "active_side": "central",
        "weather": "fair",
        "month": 9,
        "units": units,
        "hexes": {},
        "ledgers": {},
        "rail_capacity": {},
    }
