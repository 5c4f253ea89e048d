"""The six front maps (3.11-3.13): their hex grids and what the rules read off a front.

Hex ids are the printed sheet letter with the hexrow first and the column second (``W6819``: row
68, column 19). Rows are straight lines of hexes; every odd row sits half a hex toward the higher
column numbers, so (RR, CC) touches (RR, CC +- 1) and, in the rows either side, CC and CC + 1 when
RR is odd, CC - 1 and CC when RR is even (spec §1.1, checked against every adjacency the rules
name). In railhead's grid terms: pointy hexes lying in rows, odd rows shifted. Each front is a
sheet of its own (the Western and Italian fronts share the W numbering on disjoint rows), its front
attributes in the sheet's ``attrs``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....mapdata.grid import HexGrid
from ....mapdata.model import Sheet


@dataclass(frozen=True)
class Front:
    """One front map: its id, sheet letter and the rule facts of 3.6, 8.14 and 12.12."""

    id: str
    sheet: str
    theatre: str
    ma_doubled: bool
    weather_key: str
    near_east: bool
    compass_deg: float
    miles_per_hex: float


def fronts_of(data) -> dict[str, Front]:
    """The ``[fronts]`` table of the ruleset data as :class:`Front` records."""
    return {
        name: Front(
            name,
            f["sheet"],
            f["theatre"],
            bool(f["ma_doubled"]),
            f["weather_key"],
            bool(f.get("near_east", False)),
            float(f.get("compass_deg", 0)),
            float(f["miles_per_hex"]),
        )
        for name, f in data["fronts"].items()
    }


def front_grid(sheet: str, rows: tuple[int, int], cols: tuple[int, int]) -> HexGrid:
    """The grid of a front: ``rows``/``cols`` are printed ranges in picture order (rows run from
    the top edge down, so a map whose rows grow northward lists the highest first)."""
    return HexGrid("pointy", "odd", cols=cols, rows=rows, id_format=sheet + "{row:02d}{col:02d}")


def front_sheet(front: Front, rows: tuple[int, int], cols: tuple[int, int]) -> Sheet:
    """A front map as a sheet of the location graph, its front attributes in ``attrs``."""
    attrs: dict[str, Any] = {
        "front": front.id,
        "theatre": front.theatre,
        "compass_deg": front.compass_deg,
        "weather_key": front.weather_key,
        "near_east": front.near_east,
        "miles_per_hex": front.miles_per_hex,
    }
    return Sheet(front.id, front_grid(front.sheet, rows, cols), id_prefix="", attrs=attrs)
