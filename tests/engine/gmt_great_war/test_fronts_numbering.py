"""Hex numbering of the six front maps (3.11, spec §1.1 and Appendix A): row-first ids with the map
letter, odd rows shifted, tested against every adjacency the rules imply and the gazetteer."""

import pytest
from gmt_helpers import RS, geo

from railhead.engine.rulesets.gmt_great_war.fronts import front_grid, fronts_of
from railhead.engine.rulesets.gmt_great_war.geography import GRIDS, PLACES

# every adjacency the rules state or imply (spec §1.1)
ADJACENT = [
    ("E2717", "E2618", "8.33"),
    ("E2617", "E2618", "8.33"),
    ("E5304", "E5405", "8.35"),
    ("E5404", "E5405", "8.35"),
    ("E5405", "E5406", "8.35"),
    ("E5615", "E5715", "8.35"),
    ("E5715", "E5816", "8.35"),
    ("E5512", "E5413", "8.35"),
    ("W6819", "W6718", "11.44"),
    ("W6819", "W6719", "11.44"),
    ("W6819", "W6820", "11.44"),
    ("W6819", "W6919", "11.44"),
    ("E1022", "E1122", "6.52"),
    ("E1022", "E1023", "6.52"),
    ("E1122", "E1023", "6.52"),
    ("N2913", "N2813", "6.35"),
    ("N2813", "N2712", "6.35"),
    ("N2712", "N2711", "6.35"),
    ("W5913", "W5814", "14.31"),
    ("W5814", "W5713", "14.31"),
    ("W5713", "W5614", "14.31"),
    ("W5008", "W5009", "16.2"),
    ("W5008", "W4908", "16.2"),
    ("W5009", "W4908", "16.2"),
    ("W6830", "W6831", "11.32"),
    ("W6830", "W6729", "11.32"),
    ("W6830", "W6730", "11.32"),
    ("W6729", "W6730", "11.32"),
    ("W4323", "W4223", "19.21"),
    ("W4223", "W4122", "19.21"),
    ("W4122", "W4022", "19.21"),
]


def grid_of(hex_id):
    letter = hex_id[0]
    row = int(hex_id[1:3])
    for name, (rows, cols) in GRIDS.items():
        if RS.data["fronts"][name]["sheet"] == letter and min(rows) <= row <= max(rows):
            col = int(hex_id[3:])
            if min(cols) <= col <= max(cols):
                return name, front_grid(letter, rows, cols)
    raise AssertionError(f"{hex_id} is on no front grid")


@pytest.mark.parametrize(("a", "b", "rule"), ADJACENT)
def test_adjacencies_the_rules_imply(a, b, rule):
    """Spec §1.1: each pair the rules name as neighbours is adjacent on its front's grid."""
    fa, ga = grid_of(a)
    fb, _ = grid_of(b)
    assert fa == fb
    ca, ra = ga.parse_id(a)
    cb, rb = ga.parse_id(b)
    assert ga.adjacent((ca, ra), (cb, rb)), rule


def test_row_first_ids_and_parity():
    """3.11: W6819 is hexrow 68, column 19; odd rows touch CC and CC+1 in the rows either side,
    even rows CC-1 and CC."""
    g = front_grid("W", (70, 36), (1, 34))
    assert g.parse_id("W6819") == (19, 68)
    assert g.format_id(19, 68) == "W6819"
    assert sorted(g.format_id(*n) for n in g.neighbours(19, 68)) == [
        "W6718", "W6719", "W6818", "W6820", "W6918", "W6919",
    ]  # fmt: skip
    assert sorted(g.format_id(*n) for n in g.neighbours(19, 69)) == [
        "W6819", "W6820", "W6918", "W6920", "W7019", "W7020",
    ]  # fmt: skip


def test_gazetteer_hexes_lie_on_their_fronts():
    """Appendix A: every named hex of the sample lies on the front its letter and row give, and
    the map's sheet says so (front attributes as sheet attrs)."""
    m = geo(tuple(GRIDS), plain=False)
    fronts = fronts_of(RS.data)
    for h in PLACES:
        name, _ = grid_of(h)
        assert m.hexes[h].attrs["front"] == name
        sheet = m.sheets[m.ref(h).sheet]
        assert sheet.attrs["front"] == name
        assert sheet.attrs["weather_key"] == fronts[name].weather_key
        assert sheet.attrs["theatre"] == fronts[name].theatre


def test_fronts_join_only_through_routes_and_boxes():
    """9.0, 8.24: no grid side joins two front maps; fronts meet only through the off-map routes
    and boxes, open to strategic (or sea) movement alone."""
    m = geo(tuple(GRIDS))
    for h, x in m.hexes.items():
        for n in m.neighbours(h):
            if n in m.hexes:
                assert m.hexes[n].attrs["front"] == x.attrs["front"], (h, n)
    assert {lk.kind for lk in m.links} == {"strategic", "sea"}
    assert all(lk.modes in (("strategic",), ("sea",)) for lk in m.links)


def test_theatres_and_doubling():
    """3.13, 8.14: Western Theater = Western, Italian, Egyptian (MA doubled); Eastern Theater =
    Eastern, Caucasus, Iraqi."""
    f = fronts_of(RS.data)
    assert {n for n, x in f.items() if x.theatre == "western"} == {"western", "italian", "egyptian"}
    assert {n for n, x in f.items() if x.ma_doubled} == {"western", "italian", "egyptian"}
    assert {n for n, x in f.items() if x.near_east} == {"caucasus", "egyptian", "iraqi"}
