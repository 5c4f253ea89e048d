"""The picture of the hexes to label next (``--label-sheet``): each tile shows the scan around its
hex, outlined, in the order and with the guesses of the labels file."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.pipeline.digitize import digitize
from railhead.pipeline.label_sheet import CAPTION, CONTEXT, GAP, PER_ROW, TILE, crop, label_sheet
from railhead.pipeline.review import LABEL_NEXT_BGR
from railhead.pipeline.synth import degrade


@pytest.fixture(scope="module")
def found(clean, legend):
    scan = degrade(clean, 1, seed=3)
    return scan, digitize(scan.image, legend)


def _tile(sheet: np.ndarray, k: int, cols: int) -> np.ndarray:
    y, x = (k // cols) * (TILE + CAPTION + GAP), (k % cols) * (TILE + GAP)
    return sheet[y : y + TILE, x : x + TILE]


def _centre_colour(img: np.ndarray, x: float, y: float, r: int) -> np.ndarray:
    return np.median(img[int(y) - r : int(y) + r, int(x) - r : int(x) + r].reshape(-1, 3), axis=0)


def test_each_tile_shows_its_hex_outlined_in_rank_order(found):
    """Seven hexes of different terrains: two rows of tiles (five to a row); the middle of tile k
    has the scan's colour at hex k's centre (not its neighbours': the hexes differ in terrain), and
    the hex's corners are outlined in blue."""
    scan, f = found
    m = f.map
    by_terrain: dict[str, str] = {}
    for h, x in sorted(scan.truth.hexes.items()):
        by_terrain.setdefault(x.terrain, h)
    hexes = list(by_terrain.values())[:7]
    assert len(hexes) >= 5
    sheet = label_sheet(scan.image, m, hexes)
    cols = min(PER_ROW, len(hexes))
    rows = -(-len(hexes) // cols)
    assert sheet.shape == (rows * (TILE + CAPTION + GAP) - GAP, cols * (TILE + GAP) - GAP, 3)
    hex_h = m.sheets[0].grid.hex_px()
    shown = [_centre_colour(_tile(sheet, k, cols), TILE / 2, TILE / 2, 8) for k in range(len(hexes))]
    for k, h in enumerate(hexes):
        want = _centre_colour(scan.image, *m.center(h), max(2, int(8 * CONTEXT * hex_h / TILE)))
        assert np.abs(shown[k].astype(int) - want.astype(int)).max() <= 20, (h, shown[k], want)
    distinct = {tuple((s // 24).tolist()) for s in shown}
    assert len(distinct) >= 4  # the tiles show different hexes, not one
    # the outline, in the overlay's label-next blue, at each hex's corners (the tile is CONTEXT
    # hexes across, centred) and nowhere between its centre and them
    blue = np.array(LABEL_NEXT_BGR[::-1])
    for k, h in enumerate(hexes):
        tile = _tile(sheet, k, cols).astype(int)
        r = m.ref(h)
        corners = np.asarray(m.sheets[0].grid.corners(r.col, r.row)) - m.center(h)
        for cx, cy in corners * TILE / (CONTEXT * hex_h) + TILE / 2:
            near = tile[int(cy) - 2 : int(cy) + 3, int(cx) - 2 : int(cx) + 3].reshape(-1, 3)
            assert (np.abs(near - blue).sum(axis=1) < 60).any(), (h, near)
        inside = corners * 0.6 * TILE / (CONTEXT * hex_h) + TILE / 2
        assert all(np.abs(tile[int(y), int(x)] - blue).sum() >= 60 for x, y in inside), h


def test_a_crop_off_the_image_is_white_there():
    img = np.zeros((50, 80, 3), np.uint8)
    img[:, :, 1] = 100
    part, (x0, y0) = crop(img, (5.0, 45.0), 20)
    assert (x0, y0) == (-5, 35)
    assert (part[:, :5] == 255).all() and (part[15:, :] == 255).all()
    assert (part[:15, 5:] == (0, 100, 0)).all()


def test_nothing_to_label_says_so(found):
    scan, f = found
    sheet = label_sheet(scan.image, f.map, [])
    assert sheet.shape == (CAPTION, 2 * TILE, 3) and (sheet < 128).any()  # a line of text


def test_the_cli_writes_the_sheet_of_the_hexes_it_proposes(tmp_path, found, legend):
    """``--label-sheet`` pictures exactly the hexes the report proposes (20 on a first run: four
    rows of five), and like every output it may not replace an input of the run."""
    import cv2

    from railhead.pipeline.images import write_image

    scan, _ = found
    write_image(tmp_path / "scan.png", scan.image)
    (tmp_path / "legend.toml").write_text(legend.to_toml())
    args = ["digitize", tmp_path / "scan.png", "--legend", tmp_path / "legend.toml"]
    args += ["--out", tmp_path / "m.json"]
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--label-sheet", tmp_path / "next.png", "--json"]])
    assert r.exit_code == 0, r.output
    nxt = json.loads(r.stdout)["learning"]["label_next"]
    sheet = cv2.imread(str(tmp_path / "next.png"))
    assert len(nxt) == 20 and sheet.shape[:2] == (4 * (TILE + CAPTION + GAP) - GAP, 5 * (TILE + GAP) - GAP)
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--label-sheet", tmp_path / "scan.png"]])
    assert r.exit_code == 2 and "scan.png" in r.output
