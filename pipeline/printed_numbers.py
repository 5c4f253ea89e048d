"""The hex numbers printed on the scan, read by OCR to confirm or correct the grid's numbering.

A grid found from outlines or corner marks can be right in shape and wrong by a hex in its numbers
(the first column cut off by the scan, a row numbered from 0), and a legend can name the wrong
first hex or the wrong format. The printed numbers settle it.

**Reading** (:mod:`.ocr`, RapidOCR): first a sample of hexes, each cut out whole (a number may sit
above, below or on the centre, in any colour) and scaled so a hex is ``HEX_PX`` tall; when that
sample does not settle the numbering (numbers printed on every fifth hex, or along the edges
only), the whole sheet is read at that scale. Only text lines of a number's size are recognised.

**Fitting.** No number read is trusted by itself: OCR misreads (``0207`` for ``0201``), reads half
a number, or reads a height or a date. Each reading lies in some hex of the grid's lattice and,
under a printed format (the legend's, or the same with column and row swapped) and a parity of
the shifted columns (or rows), names that hex: so it implies a numbering of the whole lattice,
pinned by the id of the grid's first hex. Every reading proposes the numberings it implies; each
numbering is scored by the number of hexes whose reading it explains. Under the right numbering
the readings agree with each other; a false reading proposes a numbering nobody else supports.

**Confidence.** A numbering explaining ``k`` hexes is taken to be ``ODDS`` times likelier than
one explaining ``k - 1`` (a false reading lands on one particular wrong numbering less than one
time in ``ODDS``: a misread digit is one of ten, and must also fall where that numbering puts
it); the confidence of the best numbering is its share of that weight among all the numberings
the readings proposed and the grid's own. The grid's numbering is *confirmed* when it is the best
with confidence ``CONFIDENT``; *corrected* when another numbering is, explaining at least
``MIN_AGREE`` hexes and most of those read; otherwise the check is *inconclusive* and says so
(numbers read in columns of one parity only cannot tell which columns are shifted, for one).
"""

from __future__ import annotations

import contextlib
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..mapdata.grid import HexGrid, PixelFrame
from ..mapdata.ids import HexIdError, IdFormat

# a hex is read scaled to this many pixels tall (a number is then 12-30 px). Chosen on generated
# sheets and Bautzen, the one real map here that prints numbers (so not scored leave-one-out):
# there 128 read 9 of 33 sampled hexes, 160 read 19 and 192 read 20 at 15 % more CPU
HEX_PX = 160
SAMPLE = 32  # hexes read first (and the first hex)
TILE = (0.85, 1.0)  # a hex's cut: this share of its widest extent across, and of its height
TEXT_HEIGHT = (0.06, 0.4)  # a number's line height, as a share of a hex's height
TEXT_WIDTH = 1.0  # and at most this share of the hex's widest extent
TEXT_ASPECT = 1.25  # a number of two characters or more is at least this much wider than tall (a box of one
# character or a speck is about square)
FULL_SCAN_PIXELS = 16_000_000  # the whole sheet is read at most this size (the scale is lowered)
BLOCK_PX = 1200  # the whole sheet is read in blocks this many pixels square (after scaling)
MIN_AGREE = 3  # a numbering explaining fewer hexes settles nothing
ODDS = 20.0  # each hex explained makes a numbering this many times likelier
CONFIDENT = 0.99  # confidence needed to confirm or correct
MAJORITY = 0.5  # a correction must explain more than this share of the hexes read

# what the recogniser prints for a digit in some faces: taken as that digit inside a number
_LOOKALIKE = str.maketrans(
    {
        "O": "0", "o": "0", "Q": "0", "D": "0", "U": "0",
        "I": "1", "l": "1", "i": "1", "|": "1", "!": "1", "J": "1", "L": "1",
        "Z": "2", "z": "2", "S": "5", "s": "5", "B": "8", "G": "6", "b": "6",
        "T": "7", "g": "9", "q": "9",
    }
)  # fmt: skip
_RUN = re.compile(r"[0-9OoQDUIli|!JLZzSsBGbTgq]+")


@dataclass(frozen=True)
class Reading:
    """A line of text read in the scan that may be a hex number: its candidate spellings."""

    text: str
    spellings: tuple[str, ...]
    x: float
    y: float
    score: float


@dataclass(frozen=True)
class Numbering:
    """A numbering of the grid's lattice: printed format, shifted parity and the first hex's id."""

    id_format: str
    shifted: str
    first: tuple[int, int]
    agree: int  # hexes whose reading it explains
    confidence: float = 0.0


@dataclass
class NumberCheck:
    """What the printed numbers say of the grid's numbering."""

    offset: float | None  # where the numbers sit, in hex heights from the centre (negative: above)
    sampled: int  # hexes in which a number was read
    agree: int  # of them, read as the grid names them
    first_hex: str | None  # the grid's first hex, when its number was read
    first_hex_reads: bool | None
    best_shift: tuple[int, int] | None = None  # (columns, rows) the best other numbering is off
    best_shift_agree: int = 0
    disagree: list[str] = field(default_factory=list)  # hexes read otherwise than the grid names them
    verdict: str = "none"  # none, confirmed, corrected, inconclusive
    confidence: float = 0.0  # of the verdict's numbering (the grid's own unless corrected)
    best: Numbering | None = None  # the numbering the readings support best
    corrected: HexGrid | None = None  # the grid renumbered, when the verdict is "corrected"
    beyond: list[str] = field(default_factory=list)  # numbers read in hexes outside the grid
    hexes_read: int = 0  # hexes cut out and read (the whole sheet counts its hexes)
    whole_sheet: bool = False
    seconds: float = 0.0
    grid_format: str = ""
    grid_shifted: str = ""
    kept: str | None = None  # what the grid follows instead of a correction (the user's clicks)
    readings: list[Reading] = field(default_factory=list, repr=False)  # every number-like line read

    @property
    def confirmed(self) -> bool:
        return self.verdict == "confirmed"

    def correction(self) -> str:
        """How the corrected numbering differs from the grid's, in words."""
        b = self.best
        if b is None:
            return ""
        parts = []
        if self.best_shift is not None and self.best_shift != (0, 0):
            dc, dr = self.best_shift
            parts.append(f"{dc:+d} column(s), {dr:+d} row(s)")
        if b.id_format != self.grid_format:
            parts.append(f"format {b.id_format} (not {self.grid_format})")
        if b.shifted != self.grid_shifted:
            parts.append(f"{b.shifted} columns/rows shifted (not {self.grid_shifted})")
        return ", ".join(parts)

    def to_report(self) -> dict[str, Any]:
        if self.verdict == "none":
            return {
                "confirmed": False,
                "verdict": "none",
                "why": "no hex numbers read in the hexes",
                "hexes_read": self.hexes_read,
                "whole_sheet": self.whole_sheet,
                "seconds": round(self.seconds, 1),
            }
        out: dict[str, Any] = {
            "confirmed": self.confirmed,
            "verdict": self.verdict,
            "confidence": round(self.confidence, 4),
            "read": self.sampled,
            "agree_with_grid": self.agree,
            "sampled": self.sampled,
            "read_back": self.agree,
            "hexes_read": self.hexes_read,
            "whole_sheet": self.whole_sheet,
            "seconds": round(self.seconds, 1),
        }
        if self.offset is not None:
            side = "above" if self.offset < 0 else "below"
            out["where"] = f"{abs(self.offset):.2f} hex heights {side} the centre"
        if self.best is not None:
            out["best_numbering"] = {
                "id_format": self.best.id_format,
                "shifted": self.best.shifted,
                "first_hex": list(self.best.first),
                "agree": self.best.agree,
            }
        if self.first_hex is not None:
            out["first_hex"] = {"hex": self.first_hex, "reads_back": self.first_hex_reads}
        if self.best_shift is not None:
            dc, dr = self.best_shift
            out["best_other_numbering"] = {"columns": dc, "rows": dr, "read_back": self.best_shift_agree}
        if self.corrected is not None:
            out["corrected"] = self.correction()
            if self.kept:
                out["not_applied"] = f"the grid follows {self.kept}"
        if self.beyond:
            out["numbers_beyond_grid"] = self.beyond[:30]
        out["not_read_back"] = self.disagree[:20]
        return out

    def text(self) -> str:
        """One line for the person reviewing the run."""
        where = "the whole sheet" if self.whole_sheet else f"{self.hexes_read} sampled hexes"
        if self.verdict == "none":
            return f"printed numbers: none read in {where} (the numbering is the legend's, unchecked)"
        line = (
            f"printed numbers: {self.sampled} read in {where}, {self.agree} agree with the grid's numbering"
        )
        if self.first_hex is not None:
            line += f" (first hex {self.first_hex} {'does' if self.first_hex_reads else 'does not'})"
        if self.verdict == "confirmed":
            return line + f"; numbering confirmed (confidence {self.confidence:.3f})"
        if self.verdict == "corrected":
            b = self.best
            assert b is not None
            if self.kept:
                return line + (
                    f"; {b.agree} agree with a numbering off by {self.correction()} (confidence "
                    f"{self.confidence:.3f}); NOT applied: the grid follows {self.kept}: check the "
                    "ids you gave"
                )
            return line + (
                f"; {b.agree} agree with a numbering off by {self.correction()}: the grid is "
                f"renumbered so (confidence {self.confidence:.3f})"
            )
        if self.best is not None and self.best.agree > self.agree and self.correction():
            return line + (
                f"; {self.best.agree} agree with a numbering off by {self.correction()}: "
                f"inconclusive (confidence {self.confidence:.3f}): check the legend's first hex "
                "(or cols/rows), or give --calibrate clicks"
            )
        return line + "; inconclusive (too few agree): the numbering is unchecked"


# ------------------------------------------------------------------------------------- readings
def _spellings(text: str) -> tuple[str, ...]:
    """The ways a line read may spell a hex number: as read (letters upper-cased, no punctuation),
    and each run of digits with look-alike letters taken as digits when the run is mostly
    digits or is the whole line."""
    alnum = "".join(ch for ch in text if ch.isalnum())
    out = [alnum.upper()] if alnum else []
    for run in _RUN.findall(text):
        digits = sum(ch.isdigit() for ch in run)
        if len(run) >= 2 and (2 * digits >= len(run) or run == alnum):
            out.append(run.translate(_LOOKALIKE))
    return tuple(dict.fromkeys(out))


def _sizes(grid: HexGrid) -> tuple[float, float]:
    """(width, height) of one hex in pixels, corner to corner across its widest."""
    f = grid.frame()
    return (f.hex_width * 4 / 3, f.hex_height) if grid.flat else (f.hex_width, f.hex_height / 0.75)


def _printed_format(id_format: str) -> str:
    """The part of an id format printed in the hex: no sheet prefix before a ':' (outside braces)."""
    depth, cut = 0, -1
    for k, ch in enumerate(id_format):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == ":" and depth == 0:
            cut = k
    return id_format[cut + 1 :]


def _swapped(id_format: str) -> str:
    return id_format.replace("{col", "{\0").replace("{row", "{col").replace("{\0", "{row")


def _to_readings(texts) -> list[Reading]:
    out = []
    for t in texts:
        sp = _spellings(t.text)
        if sp:
            x, y = t.centre
            out.append(Reading(t.text, sp, x, y, t.score))
    return out


def read_numbers(
    image: np.ndarray, grid: HexGrid, cells: list[tuple[int, int]] | None = None
) -> list[Reading]:
    """Lines of text of a number's size read in the given hexes of ``grid`` (each cut out whole),
    or, with ``cells`` None, anywhere on the sheet."""
    from .ocr import read_regions

    wide, tall = _sizes(grid)
    scale = HEX_PX / tall
    limits = {"min_height": TEXT_HEIGHT[0] * tall, "max_height": TEXT_HEIGHT[1] * tall,
              "max_width": TEXT_WIDTH * wide, "min_aspect": TEXT_ASPECT}  # fmt: skip
    if cells is not None:
        tw, th = TILE[0] * wide, TILE[1] * tall
        rects = []
        for c, r in cells:
            x, y = grid.center(c, r)
            x0, y0 = int(round(x - tw / 2)), int(round(y - th / 2))
            rects.append((x0, y0, x0 + int(round(tw)), y0 + int(round(th))))
    else:
        h, w = image.shape[:2]
        scale = min(scale, math.sqrt(FULL_SCAN_PIXELS / (h * w)))
        block = BLOCK_PX / scale
        overlap = TEXT_HEIGHT[1] * tall  # a line cut by one block is whole in the next
        step = max(block - overlap, block / 2)
        rects = [
            (int(x), int(y), int(min(w, x + block)), int(min(h, y + block)))
            for y in np.arange(0, max(1, h - overlap), step)
            for x in np.arange(0, max(1, w - overlap), step)
        ]
    found = read_regions(image, rects, scale, **limits)
    return _to_readings(t for texts in found for t in texts)


# -------------------------------------------------------------------------------------- fitting
def _numbering_grid(grid: HexGrid, id_format: str, shifted: str, first: tuple[int, int]) -> HexGrid:
    """The grid's lattice numbered with ``id_format`` and ``shifted``, its first hex (the grid's
    own first hex's place) called ``first``; the numbers run the grid's way."""
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    f = grid.frame()
    origin = grid.center(grid.cols[0], grid.rows[0])
    cols = (first[0], first[0] + sc * (grid.n_cols - 1))
    rows = (first[1], first[1] + sr * (grid.n_rows - 1))
    return HexGrid(grid.orientation, shifted, cols, rows, id_format,  # type: ignore[arg-type]
                   PixelFrame(f.hex_width, f.hex_height, origin, f.angle_deg))  # fmt: skip


def _first_implied(grid: HexGrid, fmt: str, shifted: str, at: tuple[float, float], cr: tuple[int, int]):
    """The first hex's (col, row) under the numbering in which the hex centred at ``at`` is ``cr``."""
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    f = grid.frame()
    probe = HexGrid(grid.orientation, shifted, (cr[0], cr[0] + sc), (cr[1], cr[1] + sr), fmt,  # type: ignore[arg-type]
                    PixelFrame(f.hex_width, f.hex_height, at, f.angle_deg))  # fmt: skip
    return probe.locate(*grid.center(grid.cols[0], grid.rows[0]))


def fit_numbering(
    readings: list[Reading], grid: HexGrid
) -> tuple[Numbering, Numbering | None, dict[Numbering, np.ndarray], np.ndarray]:
    """The grid's own numbering and the best numbering the readings support (None when they
    propose none), every numbering proposed with, per reading, whether it explains it, and the
    (col, row) of each reading's hex under the grid's numbering."""
    pts = np.array([[r.x, r.y] for r in readings], float).reshape(-1, 2)
    gc, gr = grid.locate_many(pts)
    centres = grid.centers(gc, gr) if len(pts) else np.zeros((0, 2))
    hex_key = [(int(c), int(r)) for c, r in zip(gc, gr, strict=True)]
    own_fmt = _printed_format(grid.id_format)
    formats = list(dict.fromkeys([own_fmt, _swapped(own_fmt)]))
    parsers = {f: IdFormat(f) for f in formats}
    parsed: dict[str, list[set[tuple[int, int]]]] = {f: [] for f in formats}
    for rd in readings:
        for f in formats:
            got = set()
            for s in rd.spellings:
                with contextlib.suppress(HexIdError, ValueError):
                    got.add(parsers[f].parse(s))
            parsed[f].append(got)
    proposals: set[tuple[str, str, tuple[int, int]]] = {(own_fmt, grid.shifted, (grid.cols[0], grid.rows[0]))}
    for f in formats:
        for k, got in enumerate(parsed[f]):
            for cr in got:
                for shifted in ("even", "odd"):
                    first = _first_implied(grid, f, shifted, tuple(centres[k]), cr)
                    proposals.add((f, shifted, first))
    explains: dict[tuple, np.ndarray] = {}
    for f, shifted, first in proposals:
        g = _numbering_grid(grid, f, shifted, first)
        cc, rr = g.locate_many(centres) if len(pts) else (np.zeros(0, int), np.zeros(0, int))
        explains[(f, shifted, first)] = np.array(
            [(int(c), int(r)) in parsed[f][k] for k, (c, r) in enumerate(zip(cc, rr, strict=True))], bool
        )

    def hexes(mask: np.ndarray) -> int:
        return len({hex_key[k] for k in np.flatnonzero(mask)})

    counts = {p: hexes(m) for p, m in explains.items()}
    top = max(counts.values())
    weights = {p: ODDS ** (n - top) for p, n in counts.items()}
    total = sum(weights.values())
    own_key = (own_fmt, grid.shifted, (grid.cols[0], grid.rows[0]))
    own = Numbering(own_fmt, grid.shifted, own_key[2], counts[own_key], weights[own_key] / total)
    best_key = max(counts, key=lambda p: (counts[p], p == own_key, p[0] == own_fmt, p[1] == grid.shifted))
    best = Numbering(best_key[0], best_key[1], best_key[2], counts[best_key], weights[best_key] / total)
    table = {Numbering(p[0], p[1], p[2], counts[p]): m for p, m in explains.items()}
    return own, (best if counts[best_key] > 0 else None), table, np.array(hex_key).reshape(-1, 2)


def _verdict(own: Numbering, best: Numbering | None, read: int) -> str:
    if read == 0 or best is None or best.agree < MIN_AGREE:
        return "none" if read == 0 else "inconclusive"
    if best == own and own.confidence >= CONFIDENT:
        return "confirmed"
    if best != own and best.confidence >= CONFIDENT and best.agree > MAJORITY * read:
        return "corrected"
    return "inconclusive"


def check_printed_numbers(
    image: np.ndarray,
    grid: HexGrid,
    sample: int = SAMPLE,
    seed: int = 0,
    whole_sheet: bool | None = None,
) -> NumberCheck:
    """Read the numbers printed in the sheet's hexes and fit them against ``grid``'s numbering: a
    sample of hexes first, then the whole sheet when the sample does not settle it but read some
    number (``whole_sheet`` None), whenever it does not settle it (True), or never (False). A sheet
    whose sample reads no number at all is taken to print none: reading the whole of it costs
    seconds a map."""
    t0 = time.perf_counter()
    # the grid's hexes, and the ring just outside it whose centres are on the scan: numbers
    # printed there say the printed map goes on
    h, w = image.shape[:2]
    (ca, cb), (ra, rb) = sorted(grid.cols), sorted(grid.rows)
    around = [(c, r) for c in range(ca - 1, cb + 2) for r in (ra - 1, rb + 1)]
    around += [(c, r) for c in (ca - 1, cb + 1) for r in range(ra, rb + 1)]
    ring = {cr for cr in around if 0 <= grid.center(*cr)[0] < w and 0 <= grid.center(*cr)[1] < h}
    total = len(grid) + len(ring)
    first = (grid.cols[0], grid.rows[0])
    cells = [first] + _sample(grid, ring, first, sample, seed, w, h)
    readings = read_numbers(image, grid, cells)
    check = _check(readings, grid, len(cells), False)
    unsettled = check.verdict in ("none", "inconclusive")
    wanted = (check.verdict == "inconclusive") if whole_sheet is None else whole_sheet
    if unsettled and wanted and len(cells) < total:
        readings = read_numbers(image, grid, None)
        check = _check(readings, grid, total, True)
    check.seconds = time.perf_counter() - t0
    return check


def _sample(
    grid: HexGrid, ring: set[tuple[int, int]], first: tuple[int, int], n: int, seed: int, w: int, h: int
) -> list[tuple[int, int]]:
    """``n`` hexes of the grid or its ``ring``, not ``first``: those under seeded random points of
    the scan, so that a grid numbered otherwise on the same lattice (the shifts a grid finder
    tries) samples the same hexes, whose readings are cached."""
    if n >= len(grid) + len(ring) - 1:
        return [cr for cr in [*grid.coords(), *sorted(ring)] if cr != first]
    rng = np.random.default_rng(seed)
    out: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = {first}
    for _ in range(20):
        pts = rng.uniform((0, 0), (w, h), size=(50 * n, 2))
        cc, rr = grid.locate_many(pts)
        for c, r in zip(cc.tolist(), rr.tolist(), strict=True):
            if (c, r) not in seen and (grid.contains(c, r) or (c, r) in ring):
                seen.add((c, r))
                out.append((c, r))
                if len(out) == n:
                    return out
    # a grid covering little of the scan: the rest in picture order
    rest = (cr for cr in [*grid.coords(), *sorted(ring)] if cr not in seen)
    return out + [cr for _, cr in zip(range(n - len(out)), rest, strict=False)]


def _check(readings: list[Reading], grid: HexGrid, scanned: int, whole: bool) -> NumberCheck:
    own, best, table, hex_key = fit_numbering(readings, grid)
    mine = table[Numbering(own.id_format, own.shifted, own.first, own.agree)]
    by_format = {f: IdFormat(f) for f in {own.id_format} | ({best.id_format} if best else set())}
    id_like = np.array([any(_parses(by_format, s) for s in r.spellings) for r in readings], bool).reshape(-1)
    read_hexes = {tuple(hex_key[k]) for k in np.flatnonzero(id_like)}
    read = len(read_hexes)
    verdict = _verdict(own, best, read)
    base = {"hexes_read": scanned, "whole_sheet": whole, "grid_format": own.id_format,
            "grid_shifted": own.shifted}  # fmt: skip
    if verdict == "none":
        return NumberCheck(None, 0, 0, None, None, readings=readings, **base)
    first_id = grid.format_id(*own.first)
    first_read = own.first in read_hexes
    agree_hexes = {tuple(hex_key[k]) for k in np.flatnonzero(mine)}
    wide, tall = _sizes(grid)
    settled = best if verdict == "corrected" else own
    use = table[Numbering(settled.id_format, settled.shifted, settled.first, settled.agree)]
    offset = None
    if use.any():
        pts = np.array([[readings[k].y] for k in np.flatnonzero(use)])
        cy = grid.centers(hex_key[use, 0], hex_key[use, 1])[:, 1]
        offset = round(float(np.median((pts[:, 0] - cy) / tall)), 3)
    shift = None
    if best is not None and best != own:
        shift = (best.first[0] - own.first[0], best.first[1] - own.first[1])
    out = NumberCheck(
        offset,
        read,
        len(agree_hexes),
        first_id if first_read else None,
        (first_id and own.first in agree_hexes) if first_read else None,
        shift,
        best.agree if best is not None and best != own else 0,
        sorted(grid.format_id(*h) for h in read_hexes - agree_hexes if _printable(grid, h)),
        verdict,
        (best.confidence if verdict == "corrected" and best else own.confidence),
        best,
        readings=readings,
        **base,
    )
    final = grid
    if verdict == "corrected" and best is not None:
        final = _numbering_grid(grid, best.id_format, best.shifted, best.first)
        prefix = grid.id_format[: len(grid.id_format) - len(own.id_format)]
        final = HexGrid(final.orientation, final.shifted, final.cols, final.rows, prefix + best.id_format,
                        final.pixels)  # fmt: skip
        out.corrected = final
    beyond = set()
    fc, fr = final.locate_many(grid.centers(hex_key[use, 0], hex_key[use, 1])) if use.any() else ([], [])
    for c, r in zip(fc, fr, strict=True):
        if not final.contains(int(c), int(r)):
            beyond.add(final.format_id(int(c), int(r)))
    out.beyond = sorted(beyond)
    return out


def _parses(formats: dict[str, IdFormat], s: str) -> bool:
    for f in formats.values():
        try:
            f.parse(s)
            return True
        except (HexIdError, ValueError):
            pass
    return False


def _printable(grid: HexGrid, cr: tuple[int, int]) -> bool:
    try:
        grid.format_id(*cr)
        return True
    except (HexIdError, ValueError):
        return False
