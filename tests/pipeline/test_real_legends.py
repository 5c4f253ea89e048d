"""Legends that describe real printed maps (contracts §3): printed ranges, one terrain in several
colours, symbols that become hex features, and the game's rule for what makes a hex a terrain."""

from __future__ import annotations

import numpy as np
import pytest

from railhead.errors import InputError
from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.calibrate import three_point_grid
from railhead.pipeline.legend import parse_legend
from railhead.pipeline.terrain import classify_terrain


def _legend(grid=None, terrain=None, feature=None):
    doc = {
        "format": "railhead.legend/1",
        "grid": grid or {},
        "terrain": terrain or [{"name": "clear", "color": "#f0f0e0"}, {"name": "woods", "color": "#308030"}],
    }
    if feature is not None:
        doc["feature"] = feature
    return parse_legend(doc, "legend.toml")


def test_one_terrain_in_several_colours():
    leg = _legend(
        terrain=[
            {"name": "clear", "color": "#ffdfaa"},
            {"name": "clear", "color": "#008000"},
            {"name": "sea", "color": "#2a9cff"},
        ]
    )
    assert leg.terrain_names() == ["clear", "sea"]
    assert len(leg.hex_terrain()) == 3
    with pytest.raises(InputError, match=r"terrain\[1\]\.name: 'clear' in #FFDFAA is listed twice"):
        _legend(terrain=[{"name": "clear", "color": "#ffdfaa"}, {"name": "clear", "color": "#FFDFAA"}])


def test_features_and_rule_are_read_and_checked():
    leg = _legend(
        grid={"terrain_rule": "cover", "cover_share": 0.3},
        feature=[
            {"name": "village", "color": "#9b572e", "min_share": 0.02},
            {"name": "town", "color": "#181b0f"},
        ],
    )
    assert leg.feature_names() == ["village", "town"]
    assert leg.feature[0].extra["min_share"] == 0.02
    assert "[[feature]]" in leg.to_toml()
    for grid, where in (
        ({"terrain_rule": "area"}, "grid.terrain_rule"),
        ({"cover_share": 1.5}, "grid.cover_share"),
        ({"cols": [1, 23]}, "grid.cols"),
        ({"cols": [1, "x"], "rows": [1, 2]}, "grid.cols"),
        ({"first": [1, 1], "cols": [1, 2], "rows": [1, 2]}, "grid.first"),
    ):
        with pytest.raises(InputError) as err:
            _legend(grid=grid)
        assert err.value.where.startswith(where) and err.value.file == "legend.toml"
    with pytest.raises(InputError, match="min_share"):
        _legend(feature=[{"name": "hill", "color": "#aa0000", "min_share": 0}])


@pytest.mark.parametrize("cols", [(1, 23), (23, 1)])
def test_three_clicks_and_printed_ranges_give_the_grid(cols):
    """With cols/rows in the legend the extent is known (maps with corner marks, no outlines), and
    a descending range numbers the columns right to left."""
    true = HexGrid(
        "flat", "even", cols, (1, 13), "{col:02d}{row:02d}", PixelFrame(136.6, 157.6, (138.1, 76.1), 0.3)
    )
    leg = _legend(grid={"orientation": "flat", "shifted": "even", "cols": list(cols), "rows": [1, 13]})
    picks = [(1, 1), (23, 2), (2, 13)]
    pts = [(*true.center(c, r), true.format_id(c, r)) for c, r in picks]
    got = three_point_grid(pts, leg, (2300, 3300))
    assert (got.cols, got.rows) == (cols, (1, 13))
    coords = np.array(list(true.coords()))
    err = np.linalg.norm(got.centers(*coords.T) - true.centers(*coords.T), axis=1)
    assert err.max() < 1e-6


def _two_hexes(share_woods: float, at_centre: bool):
    """A 2 x 1 flat grid on a clear sheet; hex 0101 has a woods patch of ``share_woods`` of its
    interior, either a disc at its centre or a wedge away from it."""
    grid = HexGrid(
        "flat", "even", (1, 2), (1, 1), "{col:02d}{row:02d}", PixelFrame(87.0, 100.0, (60.0, 60.0))
    )
    img = np.full((200, 200, 3), (240, 240, 224), np.uint8)
    cx, cy = grid.center(1, 1)
    yy, xx = np.mgrid[0:200, 0:200]
    r = np.hypot(xx - cx, yy - cy)
    inner = 0.55 * 50  # radius the terrain samples cover
    if at_centre:
        patch = r < inner * np.sqrt(share_woods)
    else:
        angle = np.arctan2(yy - cy, xx - cx) + np.pi
        patch = (r < inner + 3) & (r >= 0.25 * inner) & (angle < share_woods * 2 * np.pi)
    img[patch] = (48, 128, 48)
    return grid, img


@pytest.mark.parametrize(
    ("rule", "at_centre", "share", "expected"),
    [
        ("majority", False, 0.35, "clear"),
        ("cover", False, 0.35, "woods"),  # any cover above the share makes the hex woods
        ("cover", False, 0.15, "clear"),
        ("centre", False, 0.45, "clear"),  # woods only near the edge: the centre is clear
        ("centre", True, 0.1, "woods"),
        ("majority", True, 0.1, "clear"),
    ],
)
def test_what_makes_a_hex_a_terrain(rule, at_centre, share, expected):
    grid, img = _two_hexes(share, at_centre)
    leg = _legend(grid={"terrain_rule": rule, "cover_share": 0.25})
    coords = np.array([[1, 1], [2, 1]])
    got = classify_terrain(img, grid, coords[:, 0], coords[:, 1], leg)
    assert got.names == [expected, "clear"]


def test_a_symbol_can_name_the_terrain_of_its_hex():
    """A map key that prints a town as a black block: ``[[feature]] terrain = "town"`` makes every
    hex showing the block town terrain, though the block covers a few percent of the hex and the
    paper around it is clear; a hex a person labelled keeps the person's terrain."""
    from railhead.pipeline.digitize import digitize

    frame = PixelFrame(87.0, 100.0, (60.0, 60.0))
    grid = HexGrid("flat", "even", (1, 3), (1, 2), "{col:02d}{row:02d}", frame)
    img = np.full((300, 300, 3), (240, 240, 224), np.uint8)
    img[:, 220:] = (48, 128, 48)  # column 3 printed as woods
    for c, r in ((1, 1), (2, 1)):
        cx, cy = (round(v) for v in grid.center(c, r))
        img[cy - 6 : cy + 6, cx - 9 : cx + 9] = (24, 27, 15)  # the town block, ~4 % of the hex
    terrain = [
        {"name": "clear", "color": "#f0f0e0"},
        {"name": "woods", "color": "#308030"},
        {"name": "town", "color": "#3a3a30"},
    ]
    plain = _legend(terrain=terrain, feature=[{"name": "town", "color": "#181b0f", "min_share": 0.02}])
    got = {h.id: h for h in digitize(img, plain, grid=grid).map.hexes.values()}
    assert got["0101"].terrain == "clear" and "town" in got["0101"].features  # the paper decides
    keyed = _legend(
        terrain=terrain, feature=[{"name": "town", "color": "#181b0f", "min_share": 0.02, "terrain": "town"}]
    )
    got = {h.id: h for h in digitize(img, keyed, grid=grid, labels={"0201": "clear"}).map.hexes.values()}
    assert got["0101"].terrain == "town"
    assert got["0201"].terrain == "clear"  # labelled by the person
    assert [got[h].terrain for h in ("0102", "0202")] == ["clear", "clear"]
    assert {got["0301"].terrain, got["0302"].terrain} == {"woods"}


def test_a_symbols_terrain_is_checked():
    with pytest.raises(InputError, match=r"'city' is not a \[\[terrain\]\]") as err:
        _legend(feature=[{"name": "town", "color": "#181b0f", "terrain": "city"}])
    assert err.value.where == "feature[0].terrain"
    with pytest.raises(InputError, match="give every colour of one symbol the same terrain"):
        _legend(
            feature=[
                {"name": "town", "color": "#181b0f", "terrain": "woods"},
                {"name": "town", "color": "#301b0f"},
            ]
        )
    assert _legend(feature=[{"name": "town", "color": "#181b0f", "terrain": "woods"}]).symbol_terrain() == {
        "town": "woods"
    }


def test_stray_pixels_of_a_symbols_colour_are_not_the_symbol():
    """A JPEG's ringing and a scanner's speckle scatter stray pixels of a symbol's colour over a
    hex (specks of 2 x 2 pixels over a tenth of it here, far above the symbol's 1 % share): on a
    fine scan (150 px a hex) they are not the symbol; the symbol's own block still is."""
    from railhead.pipeline.colours import Drift
    from railhead.pipeline.features import hex_features
    from railhead.pipeline.terrain import interior_pattern

    frame = PixelFrame(130.0, 150.0, (90.0, 90.0))
    grid = HexGrid("flat", "even", (1, 2), (1, 1), "{col:02d}{row:02d}", frame)
    img = np.full((300, 380, 3), (240, 240, 224), np.uint8)
    rng = np.random.default_rng(0)
    (x1, y1), (x2, y2) = (tuple(round(v) for v in grid.center(c, 1)) for c in (1, 2))
    for y, x in rng.integers(-52, 52, (270, 2)):  # specks of 2 x 2 px in hex 0101
        img[y1 + y : y1 + y + 2, x1 + x : x1 + x + 2] = (117, 64, 30)
    img[y2 - 6 : y2 + 7, x2 - 8 : x2 + 9] = (117, 64, 30)  # a hill's block in hex 0201
    leg = _legend(feature=[{"name": "hill", "color": "#75401e", "min_share": 0.01}])
    centres = grid.centers(np.array([1, 2]), np.array([1, 1]))
    paper = np.array([[240, 240, 224], [240, 240, 224]], np.float32)
    pattern = interior_pattern(grid, rings=10, reach=0.8)
    found, _ = hex_features(img, centres, pattern, paper, leg, Drift.none(), hex_px=grid.hex_px())
    assert found == [[], ["hill"]]
    # on a coarse scan nothing is filtered: a symbol's blocks are only a few pixels wide there
    found, _ = hex_features(img, centres, pattern, paper, leg, Drift.none(), hex_px=90.0)
    assert found == [["hill"], ["hill"]]
