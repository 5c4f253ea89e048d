"""Scans in pieces: overlapping pieces registered into one sheet, overlap taken once."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.pipeline.images import write_image
from railhead.pipeline.stitch import stitch
from railhead.pipeline.synth import degrade


@pytest.fixture(scope="module")
def sheet(clean):
    return degrade(clean, 1, seed=3)


def _pieces(img: np.ndarray):
    """Left, middle and right pieces with 15 % overlaps; the right one rescanned slightly turned."""
    h, w = img.shape[:2]
    a, b = int(w * 0.45), int(w * 0.3)
    left, middle = img[:, :a], img[:, b : int(w * 0.7)]
    right = img[:, int(w * 0.55) :]
    turn = cv2.getRotationMatrix2D((right.shape[1] / 2, right.shape[0] / 2), 0.8, 1.01)
    right = cv2.warpAffine(right, turn, (right.shape[1], right.shape[0]), borderValue=(255, 255, 255))
    return [("left.png", left), ("middle.png", middle), ("right.png", right)], turn, int(w * 0.55)


def test_pieces_make_the_sheet_again(sheet):
    pieces, turn, x0 = _pieces(sheet.image)
    got = stitch(pieces)
    ox, oy = got.offset  # the turned piece's corners reach a little above the first piece
    assert ox == 0 and 0 <= oy <= 12
    # where each piece's pixel (10, 10) lands on the sheet is where it was cut from
    right = got.pieces[2].homography
    back = np.linalg.inv(np.vstack([turn, [0, 0, 1]]))  # right-piece pixel -> unturned piece pixel
    for x, y in [(10, 10), (400, 300), (200, 700)]:
        p = right @ np.array([x, y, 1.0])
        q = back @ np.array([x, y, 1.0])
        assert np.hypot(p[0] / p[2] - (q[0] + x0), p[1] / p[2] - oy - q[1]) < 1.5
    middle = got.pieces[1].homography
    assert middle[0, 2] == pytest.approx(int(sheet.image.shape[1] * 0.3), abs=1.0)
    # the overlap is taken once, from the earlier piece: the left piece's pixels are untouched
    h, w = pieces[0][1].shape[:2]
    assert np.array_equal(got.image[int(oy) : int(oy) + h, :w], pieces[0][1])


def test_a_piece_that_overlaps_nothing_is_named(sheet):
    img = sheet.image
    w = img.shape[1]
    blank = np.full_like(img[:, : w // 3], 255)
    with pytest.raises(InputError, match="overlaps none") as err:
        stitch([("a.png", img[:, : w // 2]), ("blank.png", blank)])
    assert err.value.file == "blank.png"


def test_cli_digitizes_pieces_as_one_sheet(tmp_path, sheet, legend):
    pieces, _, _ = _pieces(sheet.image)
    names = []
    for name, img in pieces:
        write_image(tmp_path / name, img)
        names.append(str(tmp_path / name))
    (tmp_path / "legend.toml").write_text(legend.to_toml())
    out = tmp_path / "map.json"
    r = CliRunner().invoke(
        main, ["digitize", *names, "--legend", str(tmp_path / "legend.toml"), "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    assert (tmp_path / "map-sheet.png").exists()
    import json

    m = json.loads(out.read_text())
    assert len(m["hexes"]) == len(sheet.truth.hexes)
