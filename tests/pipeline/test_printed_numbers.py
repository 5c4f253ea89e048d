"""Printed hex numbers read by OCR and fitted against the grid: they confirm a right numbering, and
correct one that is off by a column, a row, the shifted parity or the format, wherever the numbers
are printed (every hex, every fifth hex, the edges; above or below the centre; in any colour).
Misread numbers never move the numbering."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.mapdata.ids import IdFormat
from railhead.pipeline.printed_numbers import (
    Reading,
    _spellings,
    check_printed_numbers,
    fit_numbering,
)

FLAT = HexGrid(
    "flat", "even", (1, 10), (1, 8), "{col:02d}{row:02d}", PixelFrame(52.0, 60.0, (40.0, 40.0), 0.0)
)
POINTY = HexGrid(
    "pointy", "odd", (1, 9), (1, 9), "{col:02d}{row:02d}", PixelFrame(60.0, 52.0, (40.0, 40.0), 0.0)
)


def _scan(
    grid: HexGrid,
    which=lambda c, r: True,
    where: float = -0.3,
    ink=(60, 60, 60),
    ground=None,
    fmt: str | None = None,
    seed: int = 3,
    extra: dict[tuple[int, int], str] | None = None,
    edge: int = 0,
) -> np.ndarray:
    """A pale noisy sheet with specks (a texture) and the number of each hex (c, r) for which
    ``which`` holds, ``where`` hex heights from its centre, in ``ink``; ``ground`` (c, r) -> colour
    fills hexes first; ``extra`` prints other text in some hexes; ``edge`` more rings of hexes
    (cut by the sheet's edge) are drawn beyond the grid. RGB."""
    rng = np.random.default_rng(seed)
    f = grid.frame()
    tall = f.hex_height if grid.flat else f.hex_height / 0.75
    x1, y1 = grid.center(grid.cols[1], grid.rows[1])
    h, w = int(y1 + f.hex_height), int(x1 + f.hex_width)
    img = np.clip(rng.normal(225, 6, (h, w, 3)), 0, 255).astype(np.uint8)
    c0, c1 = sorted(grid.cols)
    r0, r1 = sorted(grid.rows)
    cells = [(c, r) for c in range(c0 - edge, c1 + edge + 1) for r in range(r0 - edge, r1 + edge + 1)]
    for c, r in cells:
        if ground is not None:
            poly = np.round(grid.corners(c, r)).astype(np.int32)
            cv2.fillPoly(img, [poly], ground(c, r))
    for x, y in rng.integers(0, (w, h), (300, 2)):
        cv2.circle(img, (int(x), int(y)), int(rng.integers(2, 4)), (170, 170, 170), 1)
    size = tall / 130
    for c, r in cells:
        text = (extra or {}).get((c, r))
        if text is None and which(c, r):
            text = IdFormat(fmt or grid.id_format).format(c, r) if min(c, r) >= 1 else None
        if text is None:
            continue
        x, y = grid.center(c, r)
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, 1)
        org = (int(x - tw / 2), int(y + where * tall + th / 2))
        cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, size, ink, 1, cv2.LINE_AA)
    return img


def _same_ids(found: HexGrid, truth: HexGrid) -> None:
    """Every hex of ``truth`` is named alike by ``found`` at its centre."""
    for c, r in truth.coords():
        x, y = truth.center(c, r)
        assert found.format_id(*found.locate(x, y)) == truth.format_id(c, r), (c, r)


def _off(grid: HexGrid, dc: int, dr: int, shifted: str | None = None) -> HexGrid:
    """``grid``'s lattice numbered ``dc`` columns and ``dr`` rows further (and ``shifted``)."""
    return HexGrid(
        grid.orientation,
        shifted or grid.shifted,  # type: ignore[arg-type]
        (grid.cols[0] + dc, grid.cols[1] + dc),
        (grid.rows[0] + dr, grid.rows[1] + dr),
        grid.id_format,
        grid.pixels,
    )


@pytest.fixture(scope="module")
def every_hex():
    return _scan(FLAT)


def test_every_hex_confirms_the_right_numbering_and_its_first_hex(every_hex):
    n = check_printed_numbers(every_hex, FLAT, sample=24)
    assert n.verdict == "confirmed" and n.confirmed, n.to_report()
    assert n.sampled >= 20 and n.agree >= 0.9 * n.sampled
    assert n.first_hex == "0101" and n.first_hex_reads
    assert n.confidence > 0.999 and n.corrected is None and not n.whole_sheet
    assert -0.4 <= n.offset <= -0.2  # found above the centre, where they are printed
    assert "numbering confirmed" in n.text()


@pytest.mark.parametrize("dc, dr, shifted", [(1, 0, "odd"), (0, 1, None), (2, -1, None), (-1, 2, "odd")])
def test_a_numbering_off_by_columns_or_rows_is_corrected(every_hex, dc, dr, shifted):
    """The lattice is right, its numbers are not: the printed numbers renumber it (an odd number of
    columns flips which columns are shifted, as the picture demands)."""
    wrong = _off(FLAT, dc, dr, shifted)
    n = check_printed_numbers(every_hex, wrong, sample=24)
    assert n.verdict == "corrected" and not n.confirmed, n.to_report()
    assert n.agree == 0 and n.best.agree >= 0.9 * n.sampled
    assert n.best_shift == (-dc, -dr) and n.first_hex_reads is False
    _same_ids(n.corrected, FLAT)
    assert n.corrected.cols == FLAT.cols and n.corrected.rows == FLAT.rows
    assert "renumbered" in n.text()


def test_a_parity_alone_off_is_corrected(every_hex):
    """Same first hex, the other columns shifted: half the hexes are misnamed, and they say so."""
    n = check_printed_numbers(every_hex, _off(FLAT, 0, 0, "odd"), sample=24)
    assert n.verdict == "corrected", n.to_report()
    assert n.best.shifted == "even" and 0.25 * n.sampled < n.agree < 0.75 * n.sampled
    _same_ids(n.corrected, FLAT)


def test_row_first_numbers_correct_a_column_first_legend():
    image = _scan(FLAT, fmt="{row:02d}{col:02d}")
    n = check_printed_numbers(image, FLAT, sample=24)
    assert n.verdict == "corrected" and n.best.id_format == "{row:02d}{col:02d}", n.to_report()
    assert n.corrected.id_format == "{row:02d}{col:02d}"
    truth = HexGrid(FLAT.orientation, FLAT.shifted, FLAT.cols, FLAT.rows, "{row:02d}{col:02d}", FLAT.pixels)
    _same_ids(n.corrected, truth)


def test_every_fifth_hex_below_the_centre_in_red():
    image = _scan(FLAT, which=lambda c, r: r % 5 == 0, where=0.3, ink=(200, 30, 30))
    right = check_printed_numbers(image, FLAT, sample=24)
    assert right.verdict == "confirmed", right.to_report()
    assert right.sampled >= 3 and 0.15 <= right.offset <= 0.4
    wrong = check_printed_numbers(image, _off(FLAT, 0, -1), sample=24)
    assert wrong.verdict == "corrected", wrong.to_report()
    _same_ids(wrong.corrected, FLAT)


def test_numbers_in_columns_of_one_parity_cannot_say_which_columns_are_shifted():
    """Numbers only in even columns: a numbering with the other columns shifted reads them all
    alike, so the check says it cannot settle it rather than guess."""
    grid = HexGrid("flat", "even", (1, 6), (1, 6), FLAT.id_format, FLAT.pixels)
    image = _scan(grid, which=lambda c, r: c % 2 == 0 and r % 3 == 0)
    n = check_printed_numbers(image, grid, sample=100)
    assert n.verdict == "inconclusive" and n.confidence <= 0.5 and n.agree >= 5, n.to_report()


def test_numbers_on_every_fifth_hex_each_way_are_found_on_the_whole_sheet():
    """Numbers only in every fifth column and row (4 on the sheet): a sample of 6 hexes reads
    one, too few to settle the numbering, so the whole sheet is read."""
    grid = HexGrid("flat", "even", (1, 7), (1, 7), FLAT.id_format, FLAT.pixels)
    image = _scan(grid, which=lambda c, r: c % 5 == 1 and r % 5 == 1)
    n = check_printed_numbers(image, _off(grid, 1, 0, "odd"), sample=6, seed=2)
    assert n.whole_sheet and n.sampled == 4, n.to_report()
    assert n.verdict == "corrected", n.to_report()
    _same_ids(n.corrected, grid)
    assert check_printed_numbers(image, grid, sample=6, seed=2).verdict == "confirmed"
    assert not check_printed_numbers(image, grid, sample=6, seed=2, whole_sheet=False).whole_sheet


def test_pointy_hexes_and_light_numbers_on_a_dark_ground():
    """Numbers printed white: legible on the dark sea of half the map, all but invisible on the
    pale land; a second sheet numbers the sea hexes only, in dark ink."""
    image = _scan(
        POINTY,
        ground=lambda c, r: (20, 40, 120) if c > 4 else (225, 225, 215),
        ink=(245, 245, 245),
        where=-0.25,
    )
    sea = _scan(POINTY, which=lambda c, r: c > 4, where=-0.25)
    n = check_printed_numbers(image, POINTY, sample=30)
    assert n.verdict == "confirmed", n.to_report()
    assert n.sampled >= 20
    assert check_printed_numbers(sea, _off(POINTY, 0, 1, "even"), sample=30).verdict == "corrected"


def test_numbers_along_the_edges_only():
    """Numbers printed in the hexes of the sheet's edges only."""
    image = _scan(FLAT, which=lambda c, r: c in (1, 10) or r in (1, 8), where=-0.3)
    assert check_printed_numbers(image, FLAT, sample=24).verdict == "confirmed"
    wrong = check_printed_numbers(image, _off(FLAT, 0, 2), sample=24)
    assert wrong.verdict == "corrected", wrong.to_report()
    _same_ids(wrong.corrected, FLAT)


def test_numbers_printed_beyond_the_grid_are_reported():
    """The grid was found one column short: the numbers of the hexes left out are named."""
    sheet = HexGrid("flat", "even", (1, 5), (1, 4), FLAT.id_format, FLAT.pixels)
    image = _scan(sheet)
    short = HexGrid("flat", "even", (1, 4), (1, 4), FLAT.id_format, FLAT.pixels)
    n = check_printed_numbers(image, short, sample=100)
    assert n.verdict == "confirmed", n.to_report()
    assert len(n.beyond) >= 3 and all(h.startswith("05") for h in n.beyond), n.beyond


def test_false_and_partial_readings_do_not_move_the_numbering():
    """Readings of the right numbering plus misreads (a digit wrong, half a number, a height, a
    number printed in the wrong hex): the grid is confirmed, never corrected."""
    rng = np.random.default_rng(0)
    true = [FLAT.format_id(c, r) for c, r in FLAT.coords()]
    cells = list(FLAT.coords())
    picks = rng.choice(len(cells), 12, replace=False)
    readings = [Reading(true[k], _spellings(true[k]), *FLAT.center(*cells[k]), 0.9) for k in picks]
    noise = ["0207", "01", "261", "O3O3", "0909", "1O5"]
    for k, text in zip(rng.choice(len(cells), len(noise), replace=False), noise, strict=True):
        readings.append(Reading(text, _spellings(text), *FLAT.center(*cells[k]), 0.6))
    own, best, _, _ = fit_numbering(readings, FLAT)
    assert best == own and own.agree >= 12 and own.confidence > 0.999
    # a lone false reading with only two true ones: too few to settle anything, nothing moves
    few = readings[:2] + [Reading("0707", ("0707",), *FLAT.center(2, 2), 0.9)]
    own, best, _, _ = fit_numbering(few, FLAT)
    assert best == own and own.agree == 2


def test_misreads_drawn_on_the_scan_do_not_move_the_numbering():
    """Heights and a wrong number printed in a few hexes, beside the right numbers."""
    image = _scan(
        FLAT, which=lambda c, r: (c + r) % 3 == 0, extra={(3, 3): "0707", (5, 2): "261", (6, 6): "1O1"}
    )
    n = check_printed_numbers(image, FLAT, sample=40)
    assert n.verdict == "confirmed", n.to_report()
    assert n.agree >= n.sampled - 3


def test_a_sheet_without_numbers_says_none_were_read():
    n = check_printed_numbers(_scan(FLAT, which=lambda c, r: False), FLAT, sample=10)
    assert n.verdict == "none" and not n.confirmed and n.offset is None and not n.whole_sheet
    assert n.to_report()["why"] == "no hex numbers read in the hexes"
    assert "none read in 11 sampled hexes" in n.text()
    assert check_printed_numbers(
        _scan(FLAT, which=lambda c, r: False), FLAT, 10, whole_sheet=True
    ).whole_sheet


def test_a_sheet_prefix_is_not_printed(every_hex):
    prefixed = HexGrid("flat", "even", FLAT.cols, FLAT.rows, "GW1:{col:02d}{row:02d}", FLAT.pixels)
    n = check_printed_numbers(every_hex, prefixed, sample=24)
    assert n.confirmed and n.first_hex == "GW1:0101"
    wrong = HexGrid("flat", "even", (1, 10), (2, 9), "GW1:{col:02d}{row:02d}", FLAT.pixels)
    fixed = check_printed_numbers(every_hex, wrong, sample=24).corrected
    assert fixed is not None and fixed.id_format == "GW1:{col:02d}{row:02d}"
    assert fixed.format_id(fixed.cols[0], fixed.rows[0]) == "GW1:0101"


def test_look_alike_letters_are_read_as_digits_inside_a_number():
    assert "0111" in _spellings("OIII") and "0103" in _spellings("O1O3")
    assert "0209" in _spellings("-0209")
    assert _spellings("Hosena") == ("HOSENA",)  # a name stays a name


def test_letter_columns_are_read():
    """Columns printed as letters (``C05``): the legend's format reads them; a grid a column off
    is corrected."""
    lettered = HexGrid("flat", "even", (1, 10), (1, 8), "{col:A}{row:02d}", FLAT.pixels)
    image = _scan(lettered)
    assert check_printed_numbers(image, lettered, sample=24).verdict == "confirmed"
    wrong = check_printed_numbers(image, _off(lettered, 1, 0, "odd"), sample=24)
    assert wrong.verdict == "corrected", wrong.to_report()
    _same_ids(wrong.corrected, lettered)
