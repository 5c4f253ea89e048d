"""Real printed maps with ground truth (``../shared/realmaps``), digitized as a user would: the
legend written from the map's key (``realmaps/<map>.toml``), three clicks a few pixels off, and a
few labelled hexes. The figures of ``bench/digitize_real.py`` are asserted here with margins.

A clone without ``../shared`` skips these tests, saying why; under CI (``CI=true``) its absence is a
failure."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from shared_maps import need_real_map

from railhead.pipeline.digitize import digitize
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import clicks, draw_labels, legend_ids, open_real_map, score, warped

REALMAPS = Path(__file__).resolve().parents[2].parent / "shared" / "realmaps"
LEGENDS = Path(__file__).resolve().parent / "realmaps"


def _run(name: str, share: float = 0.0, seed: int = 1, scale: float = 1.0, jpeg: int = 0):
    """The map digitized from three clicks with ``share`` of its hexes labelled; scanned at
    ``scale`` times its size (resampled, as :func:`warped` does) unless 1; saved as a JPEG of
    quality ``jpeg`` first if given."""
    folder = need_real_map(REALMAPS / name)
    legend = read_legend(LEGENDS / f"{name}.toml")
    image, truth = open_real_map(folder)
    if scale != 1.0:
        image, truth = warped(image, truth, scale, 0.0)
    if jpeg:
        import cv2

        ok, buf = cv2.imencode(
            ".jpg", np.ascontiguousarray(image[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, jpeg]
        )
        image = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
    ids = legend_ids(truth, legend)
    pts = clicks(truth, ids)
    labels = draw_labels(truth, ids, share, seed) if share else {}
    found = digitize(image, legend, pts, labels=labels, seed=seed)
    return found, score(found.map, truth, exclude=set(labels), features=legend.feature_names()), truth


@pytest.fixture(scope="module")
def bautzen():
    return _run("bautzen-1945", 0.05)


@pytest.fixture(scope="module")
def divine_right():
    return _run("divine-right", 0.05)


@pytest.fixture(scope="module")
def bautzen_unaided():
    return _run("bautzen-1945")


def _first_round_terrains(run) -> tuple[set[str], set[str]]:
    """The terrains of the hexes an unaided run proposes to label first, and the terrains that
    cover at least 1 % of the map's hexes (per the truth)."""
    found, _, truth = run
    counts = Counter(truth.terrain.values())
    common = {t for t, k in counts.items() if k >= 0.01 * len(truth.terrain)}
    return {truth.terrain[h] for h in found.learning["label_next"] if h in truth.terrain}, common


def test_bautzen_first_round_proposes_every_terrain(bautzen_unaided):
    """The 20 hexes proposed before any label (representative: one per cluster of descriptors)
    hold every terrain but town, rough_wood among them, which the legend's colours never find; no
    hex whose town block already makes it town is proposed (k-means seeds 0-7: all five each time,
    rough_wood 1-2, rough 2-4; random draws of 20 hexes hold three to six terrains)."""
    found, _, _ = bautzen_unaided
    proposed, common = _first_round_terrains(bautzen_unaided)
    assert len(common) == 6 and proposed == common - {"town"}, proposed
    assert not any("town" in found.map.hexes[h].features for h in found.learning["label_next"])


def test_divine_right_first_round_proposes_every_common_terrain():
    """Divine Right's first round holds every terrain covering 1 % of the map (k-means seeds 0-7:
    each time; lake, 2 hexes, never; pass, 5 hexes, half the time)."""
    proposed, common = _first_round_terrains(_run("divine-right"))
    assert len(common) == 6 and proposed >= common, (proposed, common)


def test_bautzen_pieces_make_one_sheet_and_the_grid_fits(bautzen):
    found, s, truth = bautzen
    grid = found.map.sheets[0].grid
    assert (grid.cols, grid.rows) == ((1, 23), (1, 13))
    assert len(found.map.hexes) == 299
    # columns 12-23 lie on the other pieces: their centres land where the truth puts them
    assert s["grid_error_pct"] < 2.0, s["grid_error_px"]
    assert found.learning["grid_corners"]["corners"] > 400


def test_bautzen_figures(bautzen):
    found, s, _ = bautzen
    # measured with 5 % labelled, seed 1: terrain 90.0 % (88.9 % before the background texture was
    # measured between the names and roads printed over a hex), features 0.98, river 1.0; margins
    # below. Terrain is still short of the 98 %: rough_wood, never labelled, reads as rough
    assert s["terrain_pct"] >= 88
    assert s["features"]["town"]["f1"] >= 0.9
    # the legend's town symbol names its hexes' terrain (86.4 % before, the blocks read as rough)
    towns = [h for h, t in found.map.hexes.items() if t.terrain == "town"]
    assert sorted(towns) == sorted(h for h in found.map.hexes if "town" in found.map.hexes[h].features)
    assert len(towns) >= 6
    assert s["features"]["all"]["f1"] >= 0.9
    # 1.0 measured for both: the wide river reach 0702|0802 is a long band, not a blob, so it is
    # river, not lake (the water's shape votes; 0.909 and 0.8 before); the goal is 0.95
    assert s["hexsides"]["river"]["f1"] >= 0.95
    assert s["hexsides"]["lake"]["f1"] >= 0.75  # two lake sides: one side wrong would be 0.8
    # lines traced as curves (issue 15 item 4): measured rail 1.0 (the label "Wittichenau" is no
    # longer chained into the railway), road 0.968 (roads joined through village symbols and at
    # junctions cut out as clutter, no bridges between specks of texture; 0.943 before; 0.976
    # before a railway's faint strokes were kept out of the road's mask, which cost an edge in the
    # rough texture of 0707); the goal is 0.95. Lines do not depend on the labels; one edge more
    # or less moves road F1 by 0.008
    assert s["lines"]["rail"]["f1"] >= 0.95
    assert s["lines"]["road"]["f1"] >= 0.95
    # the figure the report gives the user for the map's terrain, cross-validated on the labels: a
    # fair estimate, on the cautious side (the harder hexes are labelled). Measured, 5 % labelled:
    # seed 1 said 80.0 % for 90.7 % found, seed 2 80.0 % for 92.2 % (Divine Right: 87.0 for 88.4,
    # 92.6 for 89.2); margins below
    expected = found.learning["expected_accuracy"]
    assert s["terrain_pct"] - 15 <= expected <= s["terrain_pct"] + 5, (expected, s["terrain_pct"])


def test_bautzen_lines_on_an_enlarged_scan():
    """Bautzen scanned 1.2 times larger, as enlarging resamples it (blurred a little), then reduced
    to the tracer's working size: its railway's thin rails fade. Measured rail 1.0 and road 0.952
    (0.800 and 0.908 before the faint strokes were carried on at every scan size and kept out of
    the road's mask; rail 0.898 before faint strokes a tie apart carried it on, where the railway
    crosses the brown shading of a hill and its strokes break up)."""
    _, s, _ = _run("bautzen-1945", scale=1.2)
    assert s["lines"]["rail"]["f1"] >= 0.95
    assert s["lines"]["road"]["f1"] >= 0.93
    assert s["hexsides"]["river"]["f1"] >= 0.95


def test_bautzen_symbols_in_a_jpeg():
    """Bautzen saved again as a JPEG (quality 85): ringing puts stray pixels of the hills' brown in
    the rough texture. The scan is median-filtered over 3 px before symbols are read: features F1
    0.931 measured (0.893 before; the untouched scan 0.981, 0.962 before)."""
    _, s, _ = _run("bautzen-1945", jpeg=85)
    assert s["features"]["all"]["f1"] >= 0.91
    assert s["features"]["hill"]["precision"] >= 0.85


def test_divine_right_sea_found_unaided_in_a_jpeg():
    """Sea and lake share one blue in the legend, and every kingdom's fill is clear. Saved as a JPEG
    (quality 60) the sea's hexes no longer match the blue exactly: their colour was a coin toss
    between sea and lake, so not one was sure, and the unaided model never learned sea (unaided
    45.9 %). Another terrain in the same colour is no rival, and the surest half of each terrain
    trains the model: sea found, unaided 51.4 %."""
    found, s, truth = _run("divine-right", jpeg=60)
    sea = [h for h, t in truth.terrain.items() if t == "sea" and h not in truth.doubtful_hexes]
    found_sea = sum(found.map.hexes[h].terrain == "sea" for h in sea)
    assert found_sea >= 0.9 * len(sea), (found_sea, len(sea))
    assert s["terrain_pct"] >= 49


def test_divine_right_figures(divine_right):
    found, s, _ = divine_right
    assert s["grid_error_pct"] < 0.5
    assert s["features"]["all"]["f1"] >= 0.95  # kingdoms from the fill colours
    assert s["terrain_pct"] >= 83  # terrain is black symbols on the kingdom fills (87 % measured)
    nxt = found.learning["label_next"]
    assert len(nxt) == 20
    conf = np.array([h.confidence for h in found.map.hexes.values()])
    assert np.mean([found.map.hexes[h].confidence for h in nxt]) < conf.mean()


def test_bautzen_labels_do_not_undo_the_legend(bautzen, bautzen_unaided):
    """A person's 5 % of labels refine the legend's answer, never fall below it (measured: unaided
    79.3 %, labelled 92 %; before the labels refined rather than replaced it, 64 %)."""
    _, labelled, _ = bautzen
    _, unaided, _ = bautzen_unaided
    assert labelled["terrain_pct"] >= unaided["terrain_pct"] - 2.0, (unaided, labelled)


def test_bautzen_printed_numbers_confirm_the_grid(bautzen):
    """The three pieces registered as one sheet: the numbers printed at the top of its hexes, read
    by OCR in a sample of 33 hexes, name the hexes as the grid does (0101 first)."""
    found, _, _ = bautzen
    n = found.numbers
    # measured: 0.39 hex heights above the centre, 18-19 of 33 sampled hexes read, all but one or
    # two agree (misreads), no other numbering explains more than one; margins below
    assert n.offset is not None and -0.45 <= n.offset <= -0.3
    assert n.sampled >= 12 and n.agree >= 0.7 * n.sampled, n.to_report()
    assert n.confirmed and n.confidence > 0.999 and n.first_hex_reads is not False
    assert n.best_shift_agree <= 0.2 * n.sampled


def test_divine_right_prints_no_numbers_to_confirm(divine_right):
    found, _, _ = divine_right
    assert not found.numbers.confirmed  # no numbers printed: nothing confirms the numbering


@pytest.mark.parametrize(
    "shifted, cols, rows, off",
    [("odd", (2, 12), (1, 13), (-1, 0)), ("even", (1, 11), (2, 14), (0, -1))],
)
def test_bautzen_numbers_say_by_how_much_a_grid_is_off(shifted, cols, rows, off):
    """carte-1 with the truth's lattice numbered one column (or row) off: not confirmed, and the
    numbering the printed numbers do confirm is named and corrects it (measured by OCR: 18 of 33
    sampled hexes read, 16 agree with the right numbering, none with the wrong one)."""
    import cv2

    from railhead.mapdata.grid import HexGrid, PixelFrame
    from railhead.pipeline.printed_numbers import check_printed_numbers

    folder = need_real_map(REALMAPS / "bautzen-1945")
    image = cv2.cvtColor(cv2.imread(str(folder / "carte-1.jpg")), cv2.COLOR_BGR2RGB)
    frame = PixelFrame(136.584, 157.643, (138.08, 76.14), -0.05)  # README: the carte-1 fit
    right = check_printed_numbers(
        image, HexGrid("flat", "even", (1, 11), (1, 13), "{col:02d}{row:02d}", frame)
    )
    assert right.confirmed and right.agree >= 0.7 * right.sampled
    wrong = check_printed_numbers(image, HexGrid("flat", shifted, cols, rows, "{col:02d}{row:02d}", frame))
    assert not wrong.confirmed and wrong.best_shift == off
    assert wrong.best_shift_agree >= right.agree - 5 and wrong.agree <= 0.4 * wrong.sampled
    assert wrong.verdict == "corrected" and wrong.corrected.center(1, 1) == pytest.approx(frame.origin)


@pytest.mark.parametrize("name", ["bautzen-1945", "divine-right"])
def test_grid_found_with_no_clicks(name):
    """Issue 15 build item 5: the grid with no clicks at all, from the print's periodicity and its
    hex corners (Bautzen: three-spoke corner marks only, three pieces stitched; Divine Right:
    pointy outlined hexes under strong fills), numbered like the legend, within the issue's 2 % of
    a hex width at every hex. Measured: Bautzen 1.35 %, Divine Right 0.02 %."""
    from railhead.pipeline.lattice import find_grid

    folder = need_real_map(REALMAPS / name)
    legend = read_legend(LEGENDS / f"{name}.toml")
    image, truth = open_real_map(folder)
    found = find_grid(image, legend)
    grid = found.grid
    assert (grid.cols, grid.rows) == legend.ranges()
    ids = [h for h in grid.ids() if h in truth.centres]
    assert len(ids) >= 0.95 * len(truth.centres)
    got = grid.centers(*np.array([grid.parse_id(h) for h in ids]).T)
    err = np.linalg.norm(got - np.array([truth.centres[h] for h in ids]), axis=1)
    assert 100 * err.max() / truth.grid.frame().hex_width < 2.0, err.max()


def test_bautzen_numbers_renumber_a_grid_placed_a_hex_off():
    """Issue 15 item 5: where the grid found with no clicks is placed a column or a row off (its
    extent misread), the printed numbers name the shift and the grid is renumbered to read them."""
    import cv2

    from railhead.mapdata.grid import HexGrid, PixelFrame
    from railhead.pipeline.lattice import _numbering_from_print, _shifted

    folder = need_real_map(REALMAPS / "bautzen-1945")
    image = cv2.cvtColor(cv2.imread(str(folder / "carte-1.jpg")), cv2.COLOR_BGR2RGB)
    frame = PixelFrame(136.584, 157.643, (138.08, 76.14), -0.05)  # README: the carte-1 fit
    right = HexGrid("flat", "even", (1, 11), (1, 13), "{col:02d}{row:02d}", frame)
    for off in ((1, 0), (0, -1)):
        grid, numbers, shift = _numbering_from_print(image, _shifted(right, *off), seed=0)
        assert numbers.confirmed and shift is not None
        assert np.allclose(grid.center(1, 1), right.center(1, 1)), (off, shift)
        assert np.allclose(grid.center(11, 13), right.center(11, 13))
