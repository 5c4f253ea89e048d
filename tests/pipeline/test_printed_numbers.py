"""Printed hex numbers read with the scan's own digits as templates: they confirm a right numbering,
and say by how much a numbering one column or row off is off."""

from __future__ import annotations

import cv2
import numpy as np

from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.printed_numbers import check_printed_numbers

GRID = HexGrid(
    "flat", "even", (1, 12), (1, 10), "{col:02d}{row:02d}", PixelFrame(86.6, 100.0, (70.0, 70.0), 0.0)
)


def _scan(grid: HexGrid, numbers: bool = True, seed: int = 3) -> np.ndarray:
    """A pale, noisy sheet with dark specks (a texture) and, at the top of each hex, its number."""
    rng = np.random.default_rng(seed)
    h, w = 1150, 1200
    img = np.clip(rng.normal(225, 6, (h, w)), 0, 255).astype(np.uint8)
    for x, y in rng.integers(0, (w, h), (900, 2)):
        cv2.circle(img, (int(x), int(y)), int(rng.integers(2, 5)), int(rng.integers(150, 190)), 1)
    if numbers:
        for c, r in grid.coords():
            x, y = grid.center(c, r)
            text = grid.format_id(c, r)
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)
            cv2.putText(img, text, (int(x - tw / 2), int(y - 33 + th / 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                        60, 1, cv2.LINE_AA)  # fmt: skip
    return cv2.cvtColor(img, cv2.COLOR_GRAY2RGB)


def test_the_right_numbering_is_confirmed_with_its_first_hex():
    n = check_printed_numbers(_scan(GRID), GRID)
    assert -0.45 <= n.offset <= -0.25  # found above the centre, where they are printed
    assert n.sampled >= 60 and n.agree >= 0.9 * n.sampled, n.to_report()
    assert n.confirmed and n.first_hex == "0101" and n.first_hex_reads
    assert "numbering confirmed" in n.text()


def test_a_numbering_one_column_off_is_not_confirmed_and_the_report_says_by_how_much():
    """The same hexes, numbered from column 2 (the shift flips so the picture is the same)."""
    off = HexGrid("flat", "odd", (2, 13), (1, 10), GRID.id_format, GRID.pixels)
    assert off.center(2, 1) == GRID.center(1, 1)
    n = check_printed_numbers(_scan(GRID), off)
    assert not n.confirmed
    assert n.best_shift == (-1, 0) and n.best_shift_agree > n.agree
    assert n.first_hex == "0201" and n.first_hex_reads is False
    assert "NOT confirmed: numbering -1 column(s), +0 row(s) off" in n.text()


def test_a_sheet_without_numbers_says_none_were_found():
    n = check_printed_numbers(_scan(GRID, numbers=False), GRID)
    assert n.offset is None and not n.confirmed
    assert n.to_report() == {"confirmed": False, "why": "no legible printed numbers found in the hexes"}
    assert "none legible" in n.text()


def test_a_sheet_prefix_is_not_printed():
    prefixed = HexGrid("flat", "even", GRID.cols, GRID.rows, "GW1:{col:02d}{row:02d}", GRID.pixels)
    n = check_printed_numbers(_scan(GRID), prefixed)
    assert n.confirmed and n.first_hex == "GW1:0101"
