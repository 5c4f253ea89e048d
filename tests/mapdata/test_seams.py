"""Seams between sheets: which hexes they join (checked on pixel geometry), and adjacency across them."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from railhead.errors import InputError
from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.mapdata.io import mapdata_document, parse_mapdata, step_problem
from railhead.mapdata.model import Hex, MapData, Seam, Sheet
from railhead.mapdata.sample import sample_two_sheet_map

SIDE = 60.0  # centre-to-centre distance of two neighbours on the regular test grids


def regular_frame(orientation: str, origin=(0.0, 0.0)) -> PixelFrame:
    """A frame of regular hexes whose neighbours' centres are all SIDE apart."""
    if orientation == "flat":
        return PixelFrame(SIDE * math.sqrt(3) / 2, SIDE, origin)
    return PixelFrame(SIDE, SIDE * math.sqrt(3) / 2, origin)


def two_sheets(orientation, shifted, cols2, rows2, seam, cols1=(1, 6), rows1=(1, 5)) -> MapData:
    g1 = HexGrid(orientation, shifted[0], cols1, rows1, "{col:02d}{row:02d}", regular_frame(orientation))
    g2 = HexGrid(orientation, shifted[1], cols2, rows2, "{col:02d}{row:02d}", regular_frame(orientation))
    sheets = [Sheet(seam.sheets[0], g1), Sheet(seam.sheets[1], g2)]
    hexes = [Hex(s.full_id(s.grid.format_id(c, r)), "clear") for s in sheets for c, r in s.grid.coords()]
    return MapData.build("seam test", sheets, hexes, seams=[seam])


def placed_beyond(m: MapData, seam: Seam) -> HexGrid:
    """The second sheet's grid with its pixel frame moved into the first sheet's picture, beyond the edge.

    The placement follows the documented rule (east: the second sheet's first column right after the
    first sheet's last, its row r at row r + rows_offset; north/south likewise with cols_offset).
    """
    g1, g2 = m.sheets[0].grid, m.sheets[1].grid
    if seam.edge == "east":
        col, row = max(g1.cols) + 1, min(g2.rows) + seam.rows_offset
    elif seam.edge == "west":
        col, row = min(g1.cols) - 1 - (max(g2.cols) - min(g2.cols)), min(g2.rows) + seam.rows_offset
    elif seam.edge == "south":
        col, row = min(g2.cols) + seam.cols_offset, max(g1.rows) + 1
    else:
        col, row = min(g2.cols) + seam.cols_offset, min(g1.rows) - 1 - (max(g2.rows) - min(g2.rows))
    return g2.with_pixels(regular_frame(g2.orientation, g1.center(col, row)))


def touching_pairs(m: MapData, g2: HexGrid) -> set[tuple[str, str]]:
    """Every (hex of sheet 0, hex of sheet 1) whose centres are one hex apart in the shared picture."""
    s1, s2 = m.sheets
    c1 = np.array(list(s1.grid.coords()))
    c2 = np.array(list(g2.coords()))
    p1 = s1.grid.centers(c1[:, 0], c1[:, 1])
    p2 = g2.centers(c2[:, 0], c2[:, 1])
    dist = np.linalg.norm(p1[:, None, :] - p2[None, :, :], axis=2)
    assert dist.min() > SIDE * 0.99, "the sheets overlap"
    i, j = np.nonzero(np.isclose(dist, SIDE))
    return {
        (s1.full_id(s1.grid.format_id(*c1[a])), s2.full_id(g2.format_id(*c2[b])))
        for a, b in zip(i, j, strict=True)
    }


CASES = [
    # orientation, (shifted 1, shifted 2), cols2, rows2, edge, rows_offset, cols_offset
    ("flat", ("even", "even"), (1, 4), (1, 5), "east", 0, 0),
    ("flat", ("even", "even"), (1, 4), (1, 7), "east", -2, 0),
    ("flat", ("even", "odd"), (2, 5), (1, 3), "east", 3, 0),
    ("flat", ("odd", "odd"), (1, 4), (1, 5), "west", 1, 0),
    ("flat", ("even", "odd"), (1, 3), (1, 5), "west", -1, 0),
    ("flat", ("even", "even"), (1, 6), (1, 4), "south", 0, 0),
    ("flat", ("even", "even"), (1, 6), (1, 4), "south", 0, 2),
    ("flat", ("even", "odd"), (1, 6), (1, 4), "north", 0, -1),
    ("pointy", ("even", "even"), (1, 4), (1, 4), "east", 0, 0),
    ("pointy", ("odd", "even"), (1, 4), (1, 4), "east", 1, 0),
    ("pointy", ("even", "even"), (1, 4), (1, 4), "west", -2, 0),
    ("pointy", ("even", "even"), (1, 6), (2, 5), "south", 0, 0),
    ("pointy", ("even", "odd"), (1, 6), (1, 3), "south", 0, 3),
    ("pointy", ("odd", "odd"), (1, 6), (1, 4), "north", 0, -2),
    ("pointy", ("even", "even"), (1, 6), (2, 4), "north", 0, 1),
]


@pytest.mark.parametrize("orientation,shifted,cols2,rows2,edge,rows_offset,cols_offset", CASES)
def test_seam_pairs_are_exactly_the_hexes_that_touch(
    orientation, shifted, cols2, rows2, edge, rows_offset, cols_offset
):
    seam = Seam(("A", "B"), edge, rows_offset, cols_offset)
    m = two_sheets(orientation, shifted, cols2, rows2, seam)
    pairs = m.seam_pairs(seam)
    g2 = placed_beyond(m, seam)
    assert pairs and {(a, b) for a, b, _ in pairs} == touching_pairs(m, g2)
    g1 = m.sheets[0].grid
    for a, b, d in pairs:  # the direction points from the first hex's centre to the second's
        ra, rb = m.ref(a), m.ref(b)
        beyond = g1.center(*g1.neighbour(ra.col, ra.row, d))
        assert beyond == pytest.approx(g2.center(rb.col, rb.row))
    # and the map's adjacency follows the seam both ways
    for a, b, _ in pairs:
        assert m.adjacent(a, b) and m.adjacent(b, a) and b in m.neighbours(a) and a in m.neighbours(b)


@pytest.mark.parametrize(
    "orientation,shifted,edge,rows_offset,cols_offset",
    [
        ("flat", ("even", "odd"), "east", 0, 0),  # 6 columns on: even stays even, but B shifts odd ones
        ("flat", ("even", "even"), "north", 0, 1),
        ("pointy", ("even", "even"), "east", 1, 0),
        ("pointy", ("even", "even"), "south", 0, 0),  # 5 rows on: B's even rows land on A's odd ones
    ],
)
def test_a_seam_whose_shifted_lines_would_not_line_up_is_refused(
    orientation, shifted, edge, rows_offset, cols_offset
):
    seam = Seam(("A", "B"), edge, rows_offset, cols_offset)
    m = two_sheets(orientation, shifted, (1, 4), (1, 4), seam)
    with pytest.raises(InputError, match="would not line up"):
        m.seam_pairs(seam)


def test_a_seam_between_flat_and_pointy_sheets_is_refused():
    g1 = HexGrid("flat", "even", (1, 4), (1, 4))
    g2 = HexGrid("pointy", "even", (1, 4), (1, 4))
    m = MapData.build("x", [Sheet("A", g1), Sheet("B", g2)])
    with pytest.raises(InputError, match=r"seam 'A'/'B' \(east\).*flat hexes.*pointy"):
        m.seam_pairs(Seam(("A", "B"), "east"))


def test_a_seam_offset_so_far_that_nothing_touches_is_refused():
    seam = Seam(("A", "B"), "east", rows_offset=9)
    m = two_sheets("flat", ("even", "even"), (1, 4), (1, 4), seam)
    with pytest.raises(InputError, match="no hex of one sheet touches"):
        m.seam_pairs(seam)


# ------------------------------------------------------------------------------ the two-sheet sample
@pytest.fixture(scope="module")
def two() -> MapData:
    return parse_mapdata(mapdata_document(sample_two_sheet_map()))


def test_adjacency_neighbours_and_distance_across_the_seam(two):
    # rows_offset 1: E row r lies at W row r + 1; W column 6 is shifted (even), so W:0603 touches
    # E rows 2 and 3 - 1 = E:0102 (NE) and E:0103 (SE)
    assert two.adjacent("W:0603", "E:0102") and two.adjacent("E:0103", "W:0603")
    assert not two.adjacent("W:0603", "E:0104") and not two.adjacent("W:0503", "E:0102")
    assert set(two.neighbours("W:0603")) == {"W:0602", "W:0604", "W:0503", "W:0504", "E:0102", "E:0103"}
    assert set(two.neighbours("E:0101")) == {"E:0102", "E:0201", "W:0601", "W:0602"}
    assert two.distance("W:0603", "E:0102") == 1
    assert two.distance("W:0503", "E:0202") == 3
    # no shortcut: the same answer as one grid laid over both sheets (E at W's columns 7..12)
    wide = HexGrid("flat", "even", (1, 12), (0, 7))
    for a, b in [("W:0101", "E:0605"), ("W:0405", "E:0301"), ("W:0201", "W:0605")]:
        ra, rb = two.ref(a), two.ref(b)
        pa = (ra.col + 6 * ra.sheet, ra.row + ra.sheet)
        pb = (rb.col + 6 * rb.sheet, rb.row + rb.sheet)
        assert two.distance(a, b) == wide.distance(pa, pb)
    # a ferry is not adjacency
    assert not two.adjacent("W:0101", "W:0301") and two.distance("W:0101", "W:0301") == 2


def test_hexside_and_line_across_the_seam_are_accepted(two):
    assert two.hexside("W:0603", "E:0102").features == ("river",)
    assert two.lines[0].hexes[-3:] == ("W:0603", "E:0102", "E:0202")
    assert step_problem(two, "W:0603", "E:0102") is None


def test_a_line_jumping_two_hexes_across_the_seam_is_refused(two):
    doc = mapdata_document(two)
    doc["lines"].append({"kind": "road", "hexes": ["W:0503", "E:0102"]})
    with pytest.raises(InputError) as err:
        parse_mapdata(doc)
    assert err.value.where == "$.lines[1].hexes[1]"
    assert "step W:0503 -> E:0102 is not between adjacent hexes" in str(err.value)
    assert step_problem(two, "W:0503", "E:0102") == "W:0503 and E:0102 are not adjacent"
    doc = mapdata_document(two)
    doc["hexsides"].append({"hexes": ["W:0603", "E:0104"]})
    with pytest.raises(InputError, match="not adjacent.*share no hexside") as err:
        parse_mapdata(doc)
    assert err.value.where == "$.hexsides[1].hexes"


def test_adjacent_links_written_instead_of_the_seam_join_the_same_hexes():
    """The same join written as a seam or as adjacent links: same adjacency, hexside and line kept."""
    seam_map = sample_two_sheet_map(0)
    doc = mapdata_document(seam_map)
    pairs = seam_map.seam_pairs(seam_map.seams[0])
    del doc["seams"]
    doc["links"] += [{"between": [a, b], "kind": "adjacent"} for a, b, _ in pairs]
    linked = parse_mapdata(doc)
    for a, b in itertools.product(["W:0601", "W:0603", "W:0605"], ["E:0101", "E:0103", "E:0104"]):
        assert linked.adjacent(a, b) == seam_map.adjacent(a, b)
    assert linked.distance("W:0101", "E:0605") == seam_map.distance("W:0101", "E:0605")
    assert linked.hexsides.keys() == seam_map.hexsides.keys() and linked.lines == seam_map.lines
