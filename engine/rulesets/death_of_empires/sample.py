"""A Death of Empires sample, made by code: an East-Prussian-style front on one pointy-top sheet.

Double track runs west-east across the middle (shared by two German armies, so their Main Depots are
Medium Double), single track branches north and east; stations on both; a primary road; woods,
rough and a lake. Two German armies (EIGHTH, NINTH) face one Russian army (FIRST). The values file
holds what a title's Exclusive Rules would give (supply ranges, entrain cost, station and port
capacity) for this made-up sample only.
"""

from __future__ import annotations

from typing import Any

from ....mapdata.grid import HexGrid, PixelFrame
from ....mapdata.model import Box, Hex, Hexside, Line, Link, MapData, Sheet
from ...state import FORMAT, Unit

COLS, ROWS = 30, 20
FRONT_COL = 16  # hexes west of it are Central's home, east of it the Entente's


def hid(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def sample_grid() -> HexGrid:
    return HexGrid(
        "pointy",
        "odd",
        (1, COLS),
        (1, ROWS),
        "{col:02d}{row:02d}",
        PixelFrame(64.95, 75.0, (80.0, 60.0), 0.0),
    )


def _row(row: int, first: int, last: int) -> tuple[str, ...]:
    step = 1 if last >= first else -1
    return tuple(hid(c, row) for c in range(first, last + step, step))


def _column(grid: HexGrid, col: int, row0: int, row1: int) -> tuple[str, ...]:
    """A chain of adjacent hexes from (col, row0) toward row1, zig-zagging SE / SW (pointy rows)."""
    out = [(col, row0)]
    c, r = col, row0
    down = row1 > row0
    k = 0
    while r != row1:
        d = (2 if k % 2 == 0 else 3) if down else (0 if k % 2 == 0 else 5)
        c, r = grid.neighbour(c, r, d)
        out.append((c, r))
        k += 1
    return tuple(hid(a, b) for a, b in out)


def sample_map() -> MapData:
    grid = sample_grid()
    terrain: dict[str, str] = {hid(c, r): "clear" for c in range(1, COLS + 1) for r in range(1, ROWS + 1)}
    for c in range(6, 10):
        for r in range(3, 7):
            terrain[hid(c, r)] = "woods"
    for c in range(20, 24):
        for r in range(14, 18):
            terrain[hid(c, r)] = "rough"
    for c in range(11, 14):
        for r in range(15, 18):
            terrain[hid(c, r)] = "swamp"
    for c in range(25, 28):
        for r in range(2, 5):
            terrain[hid(c, r)] = "mountain"
    for c in range(12, 15):
        for r in range(3, 5):
            terrain[hid(c, r)] = "all_water"

    trunk_w = _row(10, 1, 18)
    trunk_e = _row(10, 18, COLS)
    north = _column(grid, 8, 10, 1)
    south = _column(grid, 24, 10, ROWS)
    lines = [
        Line("rail", trunk_w, {"track": "double", "name": "Königsberg line"}),
        Line("rail", trunk_e, {"track": "single", "name": "Kovno line"}),
        Line("rail", north, {"track": "single", "name": "coast branch"}),
        Line("rail", south, {"track": "single", "name": "southern branch"}),
        Line("road", _row(13, 1, COLS), {"class": "primary"}),
    ]
    stations = {
        hid(1, 10),
        hid(5, 10),
        hid(12, 10),
        hid(18, 10),
        hid(26, 10),
        hid(30, 10),
        north[-1],
        south[-1],
    }
    hexes = []
    for h, t in terrain.items():
        col = int(h[:2])
        features = ("station",) if h in stations else ()
        attrs: dict[str, Any] = {"home": "central" if col < FRONT_COL else "entente"}
        if col == 1:
            attrs["edge"] = "central"
        if col == COLS:
            attrs["edge"] = "entente"
        if h in stations:
            attrs["station_capacity"] = 4
        hexes.append(Hex(h, t, None, features, attrs))
    # a major river along the west bank of the front: the hexsides between columns 14 and 15, rows 1-7
    sides = [Hexside((hid(14, r), hid(15, r)), None, ("major_river",)) for r in range(1, 8)]
    # off-map locations (2.66, 2.75, 7.12, 8.53.A): I Corps' HQ Holding Box, each army's LOC Box,
    # Central's reinforcement box entering at the western trunk station, and an off-map rail line
    # joining the western ends of the trunk and the coast branch
    boxes = [
        Box("I-HQHB", "I Corps HQ Holding Box", {"host": "I-HQ"}),
        Box("EIGHTH-LOC", "EIGHTH Army LOC Box", {"loc_of": "EIGHTH"}),
        Box("NINTH-LOC", "NINTH Army LOC Box", {"loc_of": "NINTH"}),
        Box("FIRST-LOC", "FIRST Army LOC Box", {"loc_of": "FIRST"}),
        Box("central-reinforcements", "Central reinforcements", {"reinforcement": True, "side": "central"}),
        Box("west-rail", "off-map rail line west", {"off_map_rail": 36, "track": "double"}),
    ]
    links = [
        Link(("central-reinforcements", hid(1, 10)), "entry", ("ground", "rail")),
        Link((hid(1, 10), "west-rail"), "rail", ("rail",)),
        Link(("west-rail", north[-1]), "rail", ("rail",)),
    ]
    return MapData.build(
        "Death of Empires sample front, 1914",
        [Sheet("", grid, None)],
        hexes,
        sides,
        lines,
        boxes=boxes,
        links=links,
    )


def _unit(uid, side, cls, hex_id, size, strength, **attrs) -> dict[str, Any]:
    nation = "germany" if side == "central" else "russia"
    return Unit(uid, side, nation, cls, hex_id, size, strength, attrs=attrs).to_dict()


def sample_state() -> dict[str, Any]:
    """A ``railhead.state/1`` position: a March Segment of a 2-day impulse, Central moving."""
    c, e = "central", "entente"
    units = [
        # EIGHTH army: I Corps in front of the Russians, its HQ and train behind, the MD on the trunk
        _unit(
            "8A-HQ",
            c,
            "hq",
            hid(6, 10),
            "army",
            1,
            pfi="EIGHTH",
            army="EIGHTH",
            hq_level="army",
            ccr=6,
            mr="H",
            type="hq",
            facing=1,
            ml=6,
        ),
        _unit(
            "8A-MD",
            c,
            "supply",
            hid(5, 10),
            "army",
            0,
            pfi="EIGHTH",
            army="EIGHTH",
            type="main_depot",
            mr="R",
            mode="rail",
        ),
        _unit(
            "I-HQ",
            c,
            "hq",
            hid(10, 11),
            "corps",
            1,
            pfi="I",
            army="EIGHTH",
            corps="I",
            hq_level="corps",
            ccr=3,
            mr="H",
            type="hq",
            facing=1,
            ml=7,
        ),
        _unit(
            "I-1",
            c,
            "combat",
            hid(12, 11),
            "brigade",
            4,
            pfi="1",
            army="EIGHTH",
            corps="I",
            mr="I",
            type="infantry",
            facing=1,
            multiplicity=2,
            ml=6,
        ),
        _unit(
            "I-2",
            c,
            "combat",
            hid(12, 12),
            "brigade",
            4,
            pfi="2",
            army="EIGHTH",
            corps="I",
            mr="I",
            type="infantry",
            facing=1,
            multiplicity=2,
            ml=6,
        ),
        _unit(
            "I-ART",
            c,
            "artillery",
            hid(11, 11),
            "brigade",
            2,
            pfi="I",
            army="EIGHTH",
            corps="I",
            mr="D",
            type="field_artillery",
            facing=1,
            ml=7,
        ),
        _unit(
            "I-TR",
            c,
            "supply",
            hid(8, 11),
            "corps",
            0,
            pfi="I",
            army="EIGHTH",
            corps="I",
            type="corps_train",
            mr="D",
            mode="road",
        ),
        _unit(
            "1C",
            c,
            "combat",
            hid(13, 14),
            "brigade",
            3,
            pfi="1C",
            army="EIGHTH",
            mr="C",
            type="cavalry",
            facing=1,
            ml=8,
        ),
        _unit(
            "1C-2",
            c,
            "combat",
            hid(13, 14),
            "brigade",
            3,
            pfi="1C",
            army="EIGHTH",
            mr="C",
            type="cavalry",
            facing=1,
            ml=8,
        ),
        # NINTH army shares the double track (7.22.B): its MD and an Army Supply unit further east
        _unit(
            "9A-HQ",
            c,
            "hq",
            hid(7, 8),
            "army",
            1,
            pfi="NINTH",
            army="NINTH",
            hq_level="army",
            ccr=6,
            mr="H",
            type="hq",
            facing=1,
            ml=6,
        ),
        _unit(
            "9A-MD",
            c,
            "supply",
            hid(3, 10),
            "army",
            0,
            pfi="NINTH",
            army="NINTH",
            type="main_depot",
            mr="R",
            mode="rail",
        ),
        _unit(
            "9A-AS",
            c,
            "supply",
            hid(8, 10),
            "army",
            0,
            pfi="NINTH",
            army="NINTH",
            type="army_supply",
            mr="R",
            mode="rail",
        ),
        _unit(
            "35",
            c,
            "combat",
            hid(11, 8),
            "brigade",
            4,
            pfi="35",
            army="NINTH",
            mr="L",
            type="infantry",
            facing=1,
            multiplicity=2,
            ml=5,
        ),
        _unit(
            "35-2",
            c,
            "combat",
            hid(11, 7),
            "brigade",
            4,
            pfi="35",
            army="NINTH",
            mr="L",
            type="infantry",
            facing=1,
            multiplicity=2,
            ml=5,
        ),
        _unit(
            "RES",
            c,
            "combat",
            hid(5, 10),
            "brigade",
            3,
            pfi="3R",
            army="NINTH",
            mr="I",
            type="infantry",
            mode="rail",
            ml=5,
        ),
        # FIRST (Russian) army
        _unit(
            "1A-HQ",
            e,
            "hq",
            hid(24, 10),
            "army",
            1,
            pfi="FIRST",
            army="FIRST",
            hq_level="army",
            ccr=6,
            mr="H",
            type="hq",
            facing=4,
            ml=5,
        ),
        _unit(
            "1A-MD",
            e,
            "supply",
            hid(26, 10),
            "army",
            0,
            pfi="FIRST",
            army="FIRST",
            type="main_depot",
            mr="R",
            mode="rail",
        ),
        _unit(
            "III-HQ",
            e,
            "hq",
            hid(19, 11),
            "corps",
            1,
            pfi="III",
            army="FIRST",
            corps="III",
            hq_level="corps",
            ccr=3,
            mr="H",
            type="hq",
            facing=4,
            ml=5,
        ),
        _unit(
            "III-25",
            e,
            "combat",
            hid(16, 11),
            "brigade",
            4,
            pfi="25",
            army="FIRST",
            corps="III",
            mr="L",
            type="infantry",
            facing=4,
            multiplicity=2,
            ml=5,
        ),
        _unit(
            "III-27",
            e,
            "combat",
            hid(16, 12),
            "brigade",
            4,
            pfi="27",
            army="FIRST",
            corps="III",
            mr="L",
            type="infantry",
            facing=4,
            multiplicity=2,
            ml=5,
        ),
        _unit(
            "III-TR",
            e,
            "supply",
            hid(21, 11),
            "corps",
            0,
            pfi="III",
            army="FIRST",
            corps="III",
            type="corps_train",
            mr="D",
            mode="road",
        ),
        _unit(
            "1K",
            e,
            "combat",
            hid(17, 5),
            "brigade",
            3,
            pfi="1K",
            army="FIRST",
            mr="C",
            type="cossack",
            facing=4,
            ml=6,
        ),
        _unit("KOV", e, "fortress", hid(29, 9), "brigade", 4, type="fortress", supply_symbol=True),
    ]
    return {
        "format": FORMAT,
        "ruleset": "death-of-empires",
        "turn": 1,
        "phase": "movement",
        "active_side": c,
        "weather": "fair",
        "impulse": 1,
        "impulse_days": 2,
        "segment": "march",
        "army_bases": {"EIGHTH": [hid(1, 10)], "NINTH": [hid(1, 10)], "FIRST": [hid(30, 10)]},
        "rail_points": {c: 23, e: 15},
        "md_capabilities": {"NINTH": 124},
        "units": units,
        "hexes": {},
        "ledgers": {},
    }


SAMPLE_VALUES = """\
# Chart values for the made-up railhead sample of Death of Empires: what a title's Exclusive Rules
# and Terrain Effects Chart would give. Invented for this sample only; use your title's charts.
format = "railhead.chart-values/1"

[tec.clear]
H = "1"
[tec.rough]
I = "2"
D = "2"
H = "2"
C = "3/2"
[tec.woods]
L = "2"
D = "2"
H = "2"
C = "3/2"
[tec.swamp]
L = "3"
I = "3"
D = "3"
H = "3"
C = "3"
[tec.mountain]
L = "3"
I = "3"
D = "prohibited"
H = "prohibited"
C = "3"
[road_tec.primary]
L = "1"
I = "3/4"
D = "1"
H = "3/4"
[hexside.major_river]
L = "2"
I = "2"
D = "3"
H = "2"
C = "2"
[rail.entrain]
mp_per_be = "1"
[rail.detrain]
mp_per_be = "1"
[naval.embark]
mp_per_be = "1"
[naval.disembark]
mp_per_be = "1"
[naval.rate]
hexes_per_mp = "12"
[rr_task.repair]
points = "4"
[rr_task.prepare]
points = "2"
[rr_task.damage]
points = "1"
[supply_range.main_depot]
hexes = "6"
[supply_range.army_supply]
hexes = "5"
[supply_range.corps_train]
hexes = "4"
[supply_range.loc]
hexes = "3"
[supply_range.rail]
hexes = "3"
[supply_range.fortress]
hexes = "1"
[mission_diagram.germany]
"0" = "advance"
"1" = "advance"
"2" = "advance"
"3" = "retire"
"4" = "retire"
"5" = "retire"
[mission_diagram.russia]
"0" = "retire"
"1" = "retire"
"2" = "retire"
"3" = "advance"
"4" = "advance"
"5" = "advance"
"""


def write_sample(out_dir) -> dict[str, Any]:
    """Write the sample map, position and chart values into ``out_dir``; their paths."""
    from pathlib import Path

    from ....files import atomic_output, write_json
    from ....mapdata.io import write_mapdata

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"map": out / "doe-map.json", "state": out / "doe-state.json", "values": out / "doe-values.toml"}
    write_mapdata(sample_map(), paths["map"])
    write_json(paths["state"], sample_state())
    with atomic_output(paths["values"]) as fh:
        fh.write(SAMPLE_VALUES)
    return paths
