"""A GR/D Great War sample made by our own code: two 16-mile sheets, ``GW2`` (France) and ``GW3``
(Germany), joined by a seam; each side's rail net with a high-volume main line and a low-volume
branch, yards at cities, fortresses and a resource center, a river and a major river, a road, two
ports joined by a sea lane; a front along the seam, Army HQs and supply depots behind it.
Used by the demo and the tests."""

from __future__ import annotations

from typing import Any

from ....mapdata.grid import HexGrid, PixelFrame
from ....mapdata.model import Hex, Hexside, Line, Link, MapData, Seam, Sheet, side_key
from ...state import FORMAT, Unit
from .capacity import LEDGER

COLS, ROWS = 10, 8
NW_NET, DE_NET = "nw_europe_standard", "germany_standard"

# (sheet, hex): (name, city kind / fortress / resource centers)
PLACES: dict[str, dict[str, Any]] = {
    "GW2:0204": {"name": "Valmont", "city": "full", "multi_city": "valmont"},
    "GW2:0205": {"name": "Valmont", "city": "partial", "multi_city": "valmont"},
    "GW2:0604": {"name": "Lisieu", "city": "partial"},
    "GW2:0507": {"name": "Vireux", "fortress": "old"},
    "GW2:0904": {"name": "Saulnes", "city": "partial"},
    "GW2:0101": {"name": "Aubrac", "city": "point", "port": "minor"},
    "GW2:0108": {"name": "Port-Morvan", "city": "point", "port": "standard"},
    "GW3:0304": {"name": "Kirchberg", "city": "full"},
    "GW3:0704": {"name": "Rodenau", "city": "partial"},
    "GW3:0601": {"name": "Hallern", "resource_centers": 1},
    "GW3:0904": {"name": "Dornfeld", "fortress": "new"},
}


def _terrain(sheet: str, c: int, r: int) -> str:
    if sheet == "GW2" and c == 7 and r <= 3:
        return "woods"
    if sheet == "GW2" and c in (3, 4) and r >= 7:
        return "rough"
    if sheet == "GW3" and c in (5, 6) and r >= 6:
        return "mountain"
    if sheet == "GW3" and c == 2 and r <= 2:
        return "forest"
    return "clear"


def sample_map() -> MapData:
    frame = PixelFrame(60.0, 69.3, (50.0, 50.0), 0.0)
    grid = HexGrid("flat", "even", (1, COLS), (1, ROWS), "{col:02d}{row:02d}", frame)
    sheets = [
        Sheet("GW2", grid, "gw2.png", attrs={"scale_miles": 16}),
        Sheet("GW3", grid, "gw3.png", attrs={"scale_miles": 16}),
    ]
    hexes = []
    for s in sheets:
        for c, r in grid.coords():
            hid = s.full_id(grid.format_id(c, r))
            place = dict(PLACES.get(hid, {}))
            name = place.pop("name", None)
            attrs = {"nation": "france" if s.id == "GW2" else "germany", "weather_zone": "C", **place}
            hexes.append(Hex(hid, _terrain(s.id, c, r), name, attrs=attrs))
    m = MapData.build("GR/D Great War sample, 1914", sheets, hexes, seams=[Seam(("GW2", "GW3"), "east")])
    sides = {}
    for r in range(5, ROWS + 1):  # a river between columns 7 and 8 of GW2
        a, b = f"GW2:07{r:02d}", f"GW2:08{r:02d}"
        sides[side_key(a, b)] = Hexside(side_key(a, b), features=("river",))
    for r in range(1, 4):  # a major river between columns 4 and 5 of GW3
        a, b = f"GW3:04{r:02d}", f"GW3:05{r:02d}"
        sides[side_key(a, b)] = Hexside(side_key(a, b), features=("major_river",))
    m.hexsides = sides
    row4 = [f"GW2:{c:02d}04" for c in range(1, COLS + 1)]
    de4 = [f"GW3:{c:02d}04" for c in range(1, COLS + 1)]
    m.lines = [
        Line("rail", tuple(row4), {"net": NW_NET, "volume": "high", "gauge": "standard", "nation": "france"}),
        Line(
            "rail",
            ("GW2:0504", "GW2:0505", "GW2:0506", "GW2:0507"),
            {"net": NW_NET, "volume": "low", "gauge": "standard", "nation": "france"},
        ),
        Line("rail", tuple(de4), {"net": DE_NET, "volume": "high", "gauge": "standard", "nation": "germany"}),
        Line(
            "rail",
            ("GW3:0604", "GW3:0603", "GW3:0602", "GW3:0601"),
            {"net": DE_NET, "volume": "low", "gauge": "standard", "nation": "germany"},
        ),
        Line("road", tuple(f"GW2:{c:02d}06" for c in range(2, COLS + 1))),
    ]
    # a sea lane between the two French ports: a naval supply sub-element [11B3b]
    m.links = [Link(("GW2:0101", "GW2:0108"), "sea_lane", ("naval",), {"sea_area": "atlantic"})]
    return m


def _unit(uid, side, nation, cls, hexid, re, strength, movement, size="division", **attrs):
    return Unit(uid, side, nation, cls, hexid, size, strength, movement, {"re": re, **attrs}).to_dict()


def sample_state() -> dict[str, Any]:
    """A ``railhead.state/1`` position on :func:`sample_map`: Entente on GW2's east edge, the
    Central Powers on GW3's west edge, each with an Army HQs, artillery, c/m and depots."""
    units = [
        _unit("FR-1", "entente", "france", "infantry", "GW2:1003", 4, 8, 5),
        _unit("FR-2", "entente", "france", "infantry", "GW2:1005", 4, 8, 5),
        _unit("FR-3", "entente", "france", "infantry", "GW2:1007", 4, 8, 5),
        _unit("FR-ART", "entente", "france", "artillery", "GW2:0804", 1, 3, 5, size="regiment"),
        _unit("FR-CAV", "entente", "france", "cavalry", "GW2:0904", 2, 2, 8, size="brigade"),
        _unit("FR-HQ", "entente", "france", "army_hq", "GW2:0604", 3, 0, 5, size="army"),
        _unit("FR-RES", "entente", "france", "rifle", "GW2:0204", 2, 3, 5, size="brigade"),
        _unit("DE-1", "central_powers", "germany", "infantry", "GW3:0102", 5, 9, 5),
        _unit("DE-2", "central_powers", "germany", "infantry", "GW3:0104", 5, 9, 5),
        _unit("DE-3", "central_powers", "germany", "infantry", "GW3:0106", 5, 9, 5),
        _unit("DE-TANK", "central_powers", "germany", "cm", "GW3:0704", 1, 4, 8, size="regiment"),
        _unit("DE-MTN", "central_powers", "germany", "mountain", "GW3:0505", 2, 3, 5, size="brigade"),
        _unit("DE-HQ", "central_powers", "germany", "army_hq", "GW3:0304", 3, 0, 5, size="army"),
    ]
    hexes = {
        "GW2:0804": {"depot": "operational"},
        "GW2:0506": {"depot": "operational"},
        "GW3:0504": {"depot": "operational"},
    }
    ledgers = {
        LEDGER: {
            "turn": 1,
            "capacity": {
                f"entente:{NW_NET}": {"value": 30, "rule": "7A5 (OB rail net listing)"},
                f"central_powers:{DE_NET}": {"value": 40, "rule": "7A5 (OB rail net listing)"},
            },
            "pools": {},
        }
    }
    return {
        "format": FORMAT,
        "ruleset": "grd-great-war",
        "turn": 1,
        "phase": "movement",
        "active_side": "entente",
        "weather": "clear",
        "units": units,
        "hexes": hexes,
        "ledgers": ledgers,
    }


SAMPLE_VALUES = """\
# Chart values for the made-up railhead sample of GR/D The Great War: the cells its Ground Rules
# booklet leaves blank that the sample's moves and supply use (the clear weather of the sample's
# turn). Invented for this sample only: copy them from your title's charts for a real game
# (`railhead charts grd-great-war --template FILE` lists every blank box).
format = "railhead.chart-values/1"

[tec.clear]
cm_artillery_clear = "1"
exceptions_clear = "1"
[tec.woods]
cm_artillery_clear = "3"
exceptions_clear = "2"
[tec.forest]
other_clear = "3"
cm_artillery_clear = "4"
exceptions_clear = "2"
[tec.rough]
other_clear = "2"
cm_artillery_clear = "3"
exceptions_clear = "2"

[zoc_costs.standard]
reduced_cost = "1"
other = "2"
[zoc_costs.reduced]
reduced_cost = "0"
other = "1"

[rail_rates.operational]
hexes_per_mp = "10"

[supply_lines.clear]
overland = "4"
road = "6"
"""
"""The sample's chart values (``railhead.chart-values/1``): what ``railhead demo`` writes as
``grd-values.toml``."""
