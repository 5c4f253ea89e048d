"""Lines drawn as curves that wind through hexes without joining their centres."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from railhead.errors import InputError
from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.colours import Drift
from railhead.pipeline.curves import curve_edges
from railhead.pipeline.legend import parse_legend

PAPER = (226, 232, 190)
ROAD = (130, 100, 60)


def _legend():
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "line": [{"name": "road", "color": "#82643c", "trace": "curve"}],
        }
    )


def _paper():
    """A sheet of paper with the corner marks of a grid (three short spokes at every corner, as
    Bautzen prints them) and no line."""
    grid = HexGrid(
        "flat", "even", (1, 8), (1, 6), "{col:02d}{row:02d}", PixelFrame(87.0, 100.0, (70.0, 70.0))
    )
    img = np.full((700, 800, 3), PAPER, np.uint8)
    # corner marks (three short spokes) at every corner, as Bautzen prints them
    for c, r in grid.coords():
        poly = grid.corners(c, r)
        for k in range(6):
            a, b = poly[k], poly[(k + 1) % 6]
            for p, q in ((a, a + 0.2 * (b - a)), (b, b + 0.2 * (a - b))):
                cv2.line(img, tuple(np.round(p).astype(int)), tuple(np.round(q).astype(int)), (70, 90, 60), 2)
    return grid, img


def _sheet(path_ids, wiggle=0.14, seed=0):
    grid, img = _paper()
    centres = np.array([grid.center(*grid.parse_id(h)) for h in path_ids])
    pts = []
    for a, b in zip(centres, centres[1:], strict=False):  # a wavy curve near, not through, the centres
        t = np.linspace(0, 1, 60)[:, None]
        u = (b - a) / np.linalg.norm(b - a)
        n = np.array([-u[1], u[0]])
        pts.append(a + (b - a) * t + n * np.sin(t * 2 * np.pi) * wiggle * 100 + n * 12)
    curve = np.concatenate(pts)
    cv2.polylines(img, [np.round(curve * 16).astype(np.int32)], False, ROAD, 3, cv2.LINE_AA, 4)
    cv2.putText(img, "Wiednitz", (300, 420), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (40, 40, 40), 2)
    return grid, img


@pytest.mark.parametrize(
    "path", [["0102", "0202", "0302", "0402", "0502"], ["0203", "0304", "0404", "0405", "0505"]]
)
def test_a_winding_road_gives_the_hexes_it_joins(path):
    grid, img = _sheet(path)
    coords = np.array(list(grid.coords()))
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    leg = _legend()
    found = curve_edges(img, grid, coords[:, 0], coords[:, 1], leg, Drift.none(), list(leg.line))
    got = {tuple(sorted((ids[a], ids[b]))) for a, b in found.pairs}
    want = {tuple(sorted(p)) for p in zip(path, path[1:], strict=False)}
    assert got == want


def test_trace_must_be_known():
    with pytest.raises(InputError, match=r"line\[0\]\.trace"):
        parse_legend(
            {
                "format": "railhead.legend/1",
                "terrain": [{"name": "clear", "color": "#e2e8be"}],
                "line": [{"name": "road", "color": "#82643c", "trace": "wavy"}],
            }
        )


RAIL = (34, 34, 34)


def _rail_legend():
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [{"name": "river", "color": "#4f8fc8"}],
            "line": [
                {"name": "road", "color": "#82643c", "trace": "curve"},
                {"name": "rail", "color": "#222222", "trace": "curve"},
            ],
        }
    )


def _wavy(grid, path_ids, offset, wiggle):
    """A curve through the hexes of ``path_ids`` that keeps ``offset`` px off their centres."""
    centres = np.array([grid.center(*grid.parse_id(h)) for h in path_ids])
    pts = []
    for a, b in zip(centres, centres[1:], strict=False):
        t = np.linspace(0, 1, 60)[:, None]
        u = (b - a) / np.linalg.norm(b - a)
        n = np.array([-u[1], u[0]])
        pts.append(a + (b - a) * t + n * (np.sin(t * 2 * np.pi) * wiggle + offset))
    return np.concatenate(pts)


def _railway(img, curve, width=5):
    """A railway as maps print one: two thin dark rails with dark cross-ties on a white bed."""
    p = np.round(curve * 16).astype(np.int32)
    cv2.polylines(img, [p], False, RAIL, width, cv2.LINE_AA, 4)
    cv2.polylines(img, [p], False, (245, 245, 245), width - 2, cv2.LINE_AA, 4)
    seg = np.cumsum(np.r_[0, np.linalg.norm(np.diff(curve, axis=0), axis=1)])
    for s in np.arange(0, seg[-1], 5.0):  # a tie every 5 px, across the bed
        k = min(int(np.searchsorted(seg, s)), len(curve) - 2)
        u = curve[k + 1] - curve[k]
        n = np.array([-u[1], u[0]]) / max(np.linalg.norm(u), 1e-9)
        a, b = curve[k] + n * width / 2, curve[k] - n * width / 2
        cv2.line(img, tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int)), RAIL, 1)


def _found(grid, img, leg):
    coords = np.array(list(grid.coords()))
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    found = curve_edges(img, grid, coords[:, 0], coords[:, 1], leg, Drift.none(), list(leg.line))
    out: dict[str, set] = {}
    for (a, b), kind in zip(found.pairs, found.kinds, strict=True):
        out.setdefault(kind, set()).add(tuple(sorted((ids[a], ids[b]))))
    return out


def _edges(path):
    return {tuple(sorted(p)) for p in zip(path, path[1:], strict=False)}


def test_a_curvy_railway_with_ties_off_the_centres_joins_its_hexes_and_is_not_a_road():
    """A railway printed as black-and-white ties, winding well off the hex centres (a quarter of a
    hex and more), beside a road: each gives the hexes it runs through in order, and the railway's dark rails
    are never read as road."""
    grid, img = _sheet(["0105", "0205", "0305", "0405", "0505"], wiggle=0.1)
    rail = ["0203", "0303", "0403", "0503", "0603"]
    _railway(img, _wavy(grid, rail, offset=15, wiggle=8))
    got = _found(grid, img, _rail_legend())
    assert got.get("rail") == _edges(rail)
    assert got.get("road") == _edges(["0105", "0205", "0305", "0405", "0505"])


def test_a_line_cut_by_a_label_is_bridged():
    """A place name printed over a road (on its own paper-coloured box, as maps print labels) cuts
    the road for a third of a hex: the two pieces are joined again and the hexes stay joined."""
    path = ["0102", "0202", "0302", "0402", "0502"]
    grid, img = _paper()
    x = np.linspace(40, 450, 400)
    y = 195 - 25 * np.cos(np.pi * (x - 70) / 87) + 10  # a smooth road 10 px off the centres
    cv2.polylines(
        img, [np.round(np.column_stack([x, y]) * 16).astype(np.int32)], False, ROAD, 3, cv2.LINE_AA, 4
    )
    cx = int((grid.center(*grid.parse_id("0202"))[0] + grid.center(*grid.parse_id("0302"))[0]) / 2)
    cy = int(195 - 25 * np.cos(np.pi * (cx - 70) / 87) + 10)  # where the road climbs from 0202 to 0302
    cv2.rectangle(img, (cx - 17, cy - 12), (cx + 17, cy + 12), PAPER, -1)
    cv2.putText(img, "Kamenz", (cx - 17, cy + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.3, (30, 30, 30), 1)
    assert _found(grid, img, _legend()).get("road") == _edges(path)


def _rescaled(grid, img, scale: float, blur: float = 0.0):
    """The sheet scanned at ``scale`` times its size (area-averaged down, linear up), blurred by a
    Gaussian of ``blur`` px, with its grid moved alike."""
    how = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    out = cv2.resize(img, None, fx=scale, fy=scale, interpolation=how)
    if blur:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    f = grid.frame()
    origin = tuple((np.array(f.origin) + 0.5) * scale - 0.5)
    scaled = HexGrid(
        grid.orientation, grid.shifted, grid.cols, grid.rows, grid.id_format,
        PixelFrame(f.hex_width * scale, f.hex_height * scale, origin),
    )  # fmt: skip
    return scaled, out


@pytest.mark.parametrize("scale", [0.75, 0.6, 0.5])
def test_a_railway_on_a_coarser_scan_is_still_a_railway(scale):
    """A scan at three quarters of the size, or half of it (50 px a hex), averages a railway's thin
    rails and ties with its white bed, so stretches of them no longer stand out from the paper as
    dark ink: the faint strokes joined to the dark ones carry the railway on (their middle lines
    only, so it does not grow wider), and the road beside it is still a road. At 60 % and 50 %
    the first stretch, cut off by a corner mark, was dropped as too wide for its length until a
    diagonal skeleton's length was measured as such (a pixel count makes it 1/sqrt 2 as long)."""
    grid, img = _sheet(["0105", "0205", "0305", "0405", "0505"], wiggle=0.1)
    rail = ["0203", "0303", "0403", "0503", "0603"]
    _railway(img, _wavy(grid, rail, offset=15, wiggle=8))
    got = _found(*_rescaled(grid, img, scale), _rail_legend())
    assert got.get("rail") == _edges(rail)
    assert got.get("road") == _edges(["0105", "0205", "0305", "0405", "0505"])


@pytest.mark.parametrize("scale", [1.6, 1.2])
def test_a_railway_on_a_finer_but_blurred_scan_is_still_a_railway(scale):
    """A scan enlarged and a little out of focus (160 or 120 px a hex, blurred by 1 px) is as sharp
    as a coarse one: the faint strokes of a railway carry it on at any scan size (hysteresis's low
    mark below the dark ink's), where before they did only on coarse scans and one edge was left.
    At 120 px the blur wipes out stretches of ties, and the railway's bed between its two rails is
    a long hole in its mask: filled as narrow, it is one line; left open, its two rails and the
    ties left between them made a ladder, dropped as a mesh (no rail edge at all)."""
    grid, img = _sheet(["0105", "0205", "0305", "0405", "0505"], wiggle=0.1)
    rail = ["0203", "0303", "0403", "0503", "0603"]
    _railway(img, _wavy(grid, rail, offset=15, wiggle=8))
    got = _found(*_rescaled(grid, img, scale, blur=1.0), _rail_legend())
    assert got.get("rail") == _edges(rail)
    assert got.get("road") == _edges(["0105", "0205", "0305", "0405", "0505"])


def test_a_skeleton_is_as_long_along_a_diagonal_as_along_a_row():
    """The length of a piece's skeleton does not depend on its direction."""
    from railhead.pipeline.curves import skeleton_steps

    row = np.zeros((60, 60), bool)
    row[30, 5:45] = True
    diagonal = np.zeros((60, 60), bool)
    k = np.arange(5, 34)  # 28 diagonal steps: 39.6 px
    diagonal[k, k] = True
    assert skeleton_steps(row).sum() == pytest.approx(39, abs=0.6)
    assert skeleton_steps(diagonal).sum() == pytest.approx(28 * np.sqrt(2), abs=0.8)
    corner = np.zeros((5, 5), bool)  # a step along then down: its diagonal is not a third link
    corner[1, 1:3] = corner[2, 2] = True
    assert skeleton_steps(corner).sum() == pytest.approx(2.0)


def test_faint_strokes_a_tie_apart_go_on_from_the_dark_ink():
    """Hysteresis with gaps: the faint strokes of a blurred railway (its ties, each a separate
    piece) carry it on from its dark ink when they lie less than a gap apart; a faint speck further
    off stays out, as does every faint piece when no gap is allowed."""
    from railhead.pipeline.curves import faint_pieces

    dark = np.zeros((20, 80), bool)
    dark[10, 2:8] = True
    faint = dark.copy()
    for x in range(10, 60, 4):  # ties three pixels apart
        faint[9:12, x] = True
    faint[10, 75] = True  # a speck far beyond the last tie
    carried = faint_pieces(dark, faint, gap_px=4)
    assert carried[10, 10:60:4].all() and not carried[10, 75]
    assert not (carried & ~faint).any()  # the gaps themselves are not ink
    assert not faint_pieces(dark, faint)[10, 10:60:4].any()


def test_a_railway_bed_is_filled_however_long_a_road_loop_is_not():
    """A long, narrow hole (a railway's bed between its two rails) is filled only where the line
    is printed on a bed; a small hole always; a wide one (paper inside a loop of road) never."""
    from railhead.pipeline.curves import small_holes

    mask = np.zeros((60, 200), np.uint8)
    mask[10:17, 10:190] = 1
    mask[12:15, 12:188] = 0  # the bed: 3 px across, 176 px long
    mask[30:58, 10:60] = 1
    mask[32:56, 12:58] = 0  # a loop enclosing 24 x 46 px of paper
    mask[30:36, 100:106] = 1
    mask[32:34, 102:104] = 0  # the eye of a letter
    bed = small_holes(mask, 4, narrow=True)
    assert bed[13, 100] and bed[33, 103] and not bed[44, 35]
    plain = small_holes(mask, 4)
    assert not plain[13, 100] and plain[33, 103] and not plain[44, 35]


def test_a_bush_of_twigs_is_texture_and_a_road_junction_is_a_line():
    """A road meeting another (three ends, a hex and a half long) is a line; the outline of a
    texture printed in the road's colour (a short stem with twigs: ten ends in 1.3 hexes) is not
    (issue 15: Bautzen's rough crescents traced as a road from 0407 into 0408)."""
    from railhead.pipeline.curves import branchy

    h = 100.0
    skel = np.zeros((300, 400), bool)
    skel[50, 20:170] = True  # a road 1.5 hexes long...
    skel[51:120, 95] = True  # ...met by another
    skel[200, 100:150] = True  # a stem of half a hex...
    for x in range(102, 150, 6):  # ...with eight twigs of a tenth of a hex
        skel[201:211, x] = True
    bush = branchy(skel, h)
    assert not bush[50, 20:170].any() and not bush[80, 95]
    assert bush[200, 100:150].all() and bush[205, 102]


def test_a_line_crossing_a_printed_outline_keeps_its_crossing_the_outline_does_not():
    """A road crossing a hexside leaves a piece in the band along the side as wide as the band
    and as long along the side as the road is wide: that is the road's, not the grid outline's
    (before, every such piece was cut out, and a road crossing where a label also cut it lost the
    hex). The outline itself, long along the side and thin across it, is taken out."""
    from railhead.pipeline.curves import on_hexsides

    grid, _ = _paper()
    c, r = grid.parse_id("0303")
    poly = grid.corners(c, r)
    outline = np.zeros((700, 800), np.uint8)
    for k in range(6):
        a, b = poly[k], poly[(k + 1) % 6]
        cv2.line(outline, tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int)), 1, 2)
    road = np.zeros((700, 800), np.uint8)
    centre = np.array(grid.center(c, r))
    side_mid = (poly[1] + poly[2]) / 2  # a road from the centre out across one side
    out = centre + (side_mid - centre) * 1.6
    cv2.line(road, tuple(np.round(centre).astype(int)), tuple(np.round(out).astype(int)), 1, 3)
    on_road = on_hexsides(road > 0, grid, 1.0, grid.hex_px())
    assert not on_road.any()  # the road's crossing is kept
    on_outline = on_hexsides(outline > 0, grid, 1.0, grid.hex_px())
    assert on_outline.sum() >= 0.9 * (outline > 0).sum()  # the outline is taken out


def test_a_road_faded_into_the_paper_is_carried_on_from_its_full_ink(monkeypatch):
    """A thin road blurred on a scan keeps its ink's full colour in places only; elsewhere its
    pixels are the ink mixed with the paper, too far from the ink's colour for the line's own
    mask (here: dashes of full ink, 0.06 of a hex long and 0.08 apart, the mix between). The mix, touching
    the full ink, carries the road on through its hexes; without it the dashes are specks."""
    import railhead.pipeline.curves as curves

    path = ["0302", "0303", "0304", "0305"]
    grid, img = _paper()
    road = np.array(ROAD, float)
    mix = tuple(int(v) for v in np.round(0.55 * road + 0.45 * np.array(PAPER, float)))
    (x0, y0), (_, y1) = (grid.center(*grid.parse_id(h)) for h in (path[0], path[-1]))
    y = np.linspace(y0 - 30, y1 + 30, 400)  # winding 12 px off the centres, on past the end ones
    curve = np.column_stack([x0 + 12 + 6 * np.sin((y - y0) / 25), y])
    cv2.polylines(img, [np.round(curve * 16).astype(np.int32)], False, mix, 3, cv2.LINE_AA, 4)
    along = np.r_[0, np.cumsum(np.linalg.norm(np.diff(curve, axis=0), axis=1))]
    for start in np.arange(0, along[-1], 14.0):
        dash = curve[(along >= start) & (along < start + 6)]
        if len(dash) > 1:
            cv2.polylines(img, [np.round(dash * 16).astype(np.int32)], False, ROAD, 3, cv2.LINE_AA, 4)
    assert _found(grid, img, _legend()).get("road") == _edges(path)
    monkeypatch.setattr(curves, "faint_near", lambda ink, faint, h_px: ink)
    assert _found(grid, img, _legend()).get("road") != _edges(path)
