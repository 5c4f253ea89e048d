"""The hex layouts the rules specs infer are expressible, checked against every pair each spec lists.

Each spec (shared/rules/*.md §1) derives adjacency from hexes the rulebook names together; a grid that
names those hexes the way the printed map does must make exactly those pairs neighbours.
"""

from __future__ import annotations

import pytest

from railhead.mapdata.grid import HexGrid
from railhead.mapdata.io import parse_mapdata


def _pairs(grid: HexGrid, *paths: str) -> list[tuple[str, str]]:
    out = []
    for path in paths:
        hexes = path.split("-")
        out.extend(zip(hexes, hexes[1:], strict=False))
    return out


def _assert_adjacent(grid: HexGrid, pairs, distance: int = 1):
    """Each pair ``distance`` hexes apart as the rulebook's figure shows them (1: adjacent)."""
    for a, b in pairs:
        pa, pb = grid.parse_id(a), grid.parse_id(b)
        assert grid.adjacent(pa, pb) is (distance == 1), f"{a}/{b} adjacent should be {distance == 1}"
        assert grid.distance(pa, pb) == distance, f"{a}/{b} should be {distance} hexes apart"


# Der Weltkrieg: CCRR, flat, even columns shifted toward higher rows (der-weltkrieg.md §1).
DER_WELTKRIEG = HexGrid("flat", "even", (1, 60), (1, 40), "{col:02d}{row:02d}")


def test_der_weltkrieg_pairs_from_figures():
    """R6-6/R6-7 (Fig 3), R10 (Fig 4), R7 (Fig 5), R9 (Fig 5), R19 (Figs 10-11) and §1's list."""
    pairs = _pairs(
        DER_WELTKRIEG,
        "2915-2815-2716-2717",  # Fig 3, cavalry move (R6-6, R6-7)
        "1110-1010-0911",  # ZOC example (R10-7)
        "2015-1915-1815-1716-1616",  # rail then ground move (R7-3, R7-5)
        "2107-2007-1908-1907",  # engineer rail conversion (R9)
        "1712-1711-1710-1809",  # supply line lengths (R19-8)
        "1812-1811-1810-1809",
        "1713-1613-1513-1412-1411",
        "1611-1511",  # supply priority (R19)
        "1611-1512",
    )
    _assert_adjacent(DER_WELTKRIEG, pairs)
    _assert_adjacent(DER_WELTKRIEG, [("1110", "0910")], distance=2)  # not in ZOC (Fig 4): one hex between


def test_der_weltkrieg_sheet_prefixed_ids_on_a_two_sheet_map():
    """Hex ids are unique only with the sheet ("hex 1202 of map 5-3", R11-9)."""
    grid = {"orientation": "flat", "shifted": "even", "cols": [11, 13], "rows": [1, 3]}
    doc = {
        "format": "railhead.mapdata/1",
        "name": "two sheets",
        "sheets": [{"id": "5-3", "grid": grid}, {"id": "4-5", "grid": grid}],
        "hexes": [
            {"id": f"{s}:{c:02d}{r:02d}", "terrain": "clear"}
            for s in ("5-3", "4-5")
            for c in range(11, 14)
            for r in range(1, 4)
        ],
        "hexsides": [{"hexes": ["5-3:1202", "5-3:1203"], "features": ["river"]}],
    }
    m = parse_mapdata(doc)
    assert m.adjacent("5-3:1202", "5-3:1102")
    assert not m.adjacent("5-3:1202", "4-5:1202")
    assert m.neighbours("4-5:1202") == [
        "4-5:1201",
        "4-5:1302",
        "4-5:1303",
        "4-5:1203",
        "4-5:1103",
        "4-5:1102",
    ]


# GR/D Great War: AABB, flat, even AA shifted toward higher BB (grd-great-war.md §1).
GRD = HexGrid("flat", "even", (1, 60), (1, 40), "{col:02d}{row:02d}")


def test_grd_pairs_from_examples():
    """[7C2] river transport, [3E2]/[15D2] Paris multi-hex city, [3E4] Veglia."""
    pairs = _pairs(
        GRD,
        "4121-4221",
        "4121-4122",
        "4516-4615",
        "1229-1230",
        "1229-1329",
        "1229-1330",
        "1329-1330",
        "5006-5106",
    )
    _assert_adjacent(GRD, pairs)


def test_grd_map_prefix_ids():
    """References are `map:hex` ("St. Niklaas (GW2:0619)", "E26:3012") [3E]."""
    doc = {
        "format": "railhead.mapdata/1",
        "name": "GR/D",
        "sheets": [{"id": "GW2", "grid": {"cols": [6, 7], "rows": [18, 19]}}],
        "hexes": [{"id": f"GW2:{c:02d}{r:02d}", "terrain": "clear"} for c in (6, 7) for r in (18, 19)],
    }
    m = parse_mapdata(doc)
    assert m.adjacent("GW2:0619", "GW2:0719")


# GMT Great War in Europe: SHEET + RR + CC, pointy rows, odd rows shifted toward higher CC
# ("odd-r", gmt-great-war-in-europe.md §1.1).
GMT_EAST = HexGrid("pointy", "odd", (1, 40), (10, 70), "E{row:02d}{col:02d}")
GMT_WEST = HexGrid("pointy", "odd", (1, 40), (20, 70), "W{row:02d}{col:02d}")
GMT_NEAR_EAST = HexGrid("pointy", "odd", (1, 55), (10, 50), "N{row:02d}{col:02d}")


@pytest.mark.parametrize(
    ("grid", "paths"),
    [
        (
            GMT_EAST,
            [
                "E2717-E2618",
                "E2617-E2618",
                "E5304-E5405",
                "E5404-E5405-E5406",
                "E5615-E5715-E5816",
                "E5512-E5413",
                "E1022-E1122",
                "E1022-E1023",
                "E1122-E1023",
            ],
        ),  # [8.33] pass, [8.35] haffs, [6.52] Gallipoli
        (
            GMT_WEST,
            [
                "W6819-W6718",
                "W6819-W6719",
                "W6819-W6820",
                "W6819-W6919",  # [11.44] Antwerp
                "W5913-W5814-W5713-W5614",  # [14.31] Hindenburg line, contiguous
                "W5008-W5009",
                "W5008-W4908",  # Paris
                "W6830-W6831",
                "W6830-W6729",
                "W6729-W6730",  # Ruhr
                "W4323-W4223-W4122-W4022",
            ],
        ),  # [19.21] Meuse hexsides
        (GMT_NEAR_EAST, ["N2913-N2813-N2712-N2711"]),  # [6.35] Gaza line
    ],
)
def test_gmt_pairs_from_rules(grid, paths):
    _assert_adjacent(grid, _pairs(grid, *paths))


def test_gmt_three_fronts_share_one_map_with_letters_in_the_ids():
    """GMT prints the front letter in the id (W6819, E4816, N1728): id_prefix "" on each sheet."""
    sheets, hexes = [], []
    for letter in "WEN":
        g = {
            "orientation": "pointy",
            "shifted": "odd",
            "cols": [18, 20],
            "rows": [68, 69],
            "id_format": letter + "{row:02d}{col:02d}",
        }
        sheets.append({"id": letter, "id_prefix": "", "grid": g})
        hexes += [
            {"id": f"{letter}{r:02d}{c:02d}", "terrain": "clear"} for c in (18, 19, 20) for r in (68, 69)
        ]
    doc = {"format": "railhead.mapdata/1", "name": "GMT", "sheets": sheets, "hexes": hexes}
    m = parse_mapdata(doc)
    assert m.adjacent("W6819", "W6919") and m.adjacent("W6819", "W6820")
    assert not m.adjacent("W6819", "E6819")
    assert m.locate(*m.center("N6920"), sheet="N") == "N6920"
