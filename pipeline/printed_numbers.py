"""The hex numbers printed on the scan, read to confirm the grid's numbering and its first hex.

A grid found from outlines or corner marks can be right in shape and wrong by a hex in its numbers
(the first column cut off by the scan, a row numbered from 0). The printed numbers settle it. They
are read with the scan's own digits as templates, not a font: period maps print numbers in faces
no OCR engine is trained on (old-style figures whose 0 is an o and whose 3, 4, 5, 9 descend).

For a sample of hexes the number is cut into glyphs (one connected blob each, in a band above,
below or on the centre: wherever most hexes show as many blobs as their id has characters). Under a
numbering, every glyph gets the character that numbering says is printed there; each hex is then
read by the templates of the *other* hexes (nearest mean glyph, its vertical place in the line
included) and agrees when it reads as its own id. Under the right numbering the glyphs of one
character look alike and nearly every hex reads back; under a numbering one column or row off,
each template mixes two digits and few do. The grid's numbering is confirmed when it reads most
hexes back and clearly more than any numbering shifted by one column or row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from ..mapdata.grid import HexGrid
from ..mapdata.ids import HexIdError

GLYPH = (12, 16)  # template size (w, h)
OFFSETS = np.round(np.arange(-0.45, 0.451, 0.05), 2)  # band centres, in hex heights from the centre
OFFSETS_FINE = 0.0125
INK_DEPTHS = (0.4, 0.55, 0.7)  # how far from the paper's tone toward the darkest print ink lies
MIN_READ, MIN_READ_SHARE = 5, 0.25  # fewer read back under every numbering: no numbers printed
CONFIRM_SHARE = 0.6  # of the sampled hexes, read back under the grid's numbering
CONFIRM_MARGIN = 0.25  # more than the best shifted numbering, as a share of the sampled hexes


@dataclass
class NumberCheck:
    """What the printed numbers say of the grid's numbering."""

    offset: float | None  # where numbers sit, in hex heights from the centre (negative: above)
    sampled: int  # hexes whose number was cut into as many glyphs as its id has characters
    agree: int  # of them, read back as the grid names them
    first_hex: str | None  # the grid's first hex, when it was sampled
    first_hex_reads: bool | None
    best_shift: tuple[int, int] | None = None  # (columns, rows) of the best other numbering
    best_shift_agree: int = 0
    disagree: list[str] = field(default_factory=list)  # sampled hexes not read back

    @property
    def confirmed(self) -> bool:
        if self.sampled == 0:
            return False
        return (
            self.agree >= CONFIRM_SHARE * self.sampled
            and self.agree - self.best_shift_agree >= CONFIRM_MARGIN * self.sampled
        )

    def to_report(self) -> dict[str, Any]:
        if self.offset is None:
            return {"confirmed": False, "why": "no legible printed numbers found in the hexes"}
        side = "above" if self.offset < 0 else "below"
        where = f"{abs(self.offset):.2f} hex heights {side} the centre" if self.offset else "on the centre"
        out: dict[str, Any] = {
            "confirmed": self.confirmed,
            "sampled": self.sampled,
            "read_back": self.agree,
            "where": where,
        }
        if self.first_hex is not None:
            out["first_hex"] = {"hex": self.first_hex, "reads_back": self.first_hex_reads}
        if self.best_shift is not None:
            dc, dr = self.best_shift
            out["best_other_numbering"] = {"columns": dc, "rows": dr, "read_back": self.best_shift_agree}
        out["not_read_back"] = self.disagree[:20]
        return out

    def text(self) -> str:
        """One line for the person reviewing the run."""
        if self.offset is None:
            return "printed numbers: none legible in the hexes (the numbering is the legend's, unchecked)"
        line = (
            f"printed numbers: {self.agree} of {self.sampled} sampled hexes read back as the grid names them"
        )
        if self.first_hex is not None:
            line += f" (first hex {self.first_hex} {'does' if self.first_hex_reads else 'does not'})"
        if self.confirmed:
            return line + "; numbering confirmed"
        if (
            self.best_shift is not None
            and self.best_shift_agree - self.agree >= CONFIRM_MARGIN * self.sampled
        ):
            dc, dr = self.best_shift
            return line + (
                f"; NOT confirmed: numbering {dc:+d} column(s), {dr:+d} row(s) off reads "
                f"{self.best_shift_agree}: check the legend's first hex (or cols/rows)"
            )
        return line + "; not confirmed (too few read back)"


def _printed(hex_id: str) -> str:
    """The characters of an id that print as glyphs (no sheet prefix, no separators)."""
    return "".join(ch for ch in hex_id.rpartition(":")[2] if ch.isalnum())


def _sizes(grid: HexGrid) -> tuple[float, float]:
    """(width, height) of one hex in pixels, corner to corner across its widest."""
    f = grid.frame()
    return (f.hex_width * 4 / 3, f.hex_height) if grid.flat else (f.hex_width, f.hex_height / 0.75)


def _split_joined(blobs: list[tuple], expected: int) -> list[tuple]:
    """Digits printed touching are one blob: while there are fewer blobs than characters, the
    widest blob clearly wider than the others is cut into equal parts (as many as its width holds)."""
    blobs = list(blobs)
    while 0 < len(blobs) < expected:
        widths = sorted(b[2] for b in blobs)
        typical = widths[0] if len(widths) < 3 else float(np.median(widths))
        k = max(range(len(blobs)), key=lambda j: blobs[j][2])
        x, y, w, h, label = blobs[k]
        parts = min(expected - len(blobs) + 1, int(round(w / max(typical, 1))))
        if parts < 2 or w < 1.5 * typical:
            break
        step = w / parts
        cut = [(x + int(round(i * step)), y, int(round((i + 1) * step)) - int(round(i * step)), h, label)
               for i in range(parts)]  # fmt: skip
        blobs[k : k + 1] = cut
    return blobs


def _line_of_blobs(band: np.ndarray, depth: float) -> tuple[list[tuple], np.ndarray]:
    """The blobs (x, y, w, h, label) of the line of glyphs nearest the band's middle, with ink
    taken as what is darker than the paper by ``depth`` of the way to the darkest print (a
    texture printed under the numbers is lighter than they are; Otsu's split would take it for
    ink), and the label image."""
    bh, bw = band.shape
    dark, paper = np.percentile(band, (2, 60))
    ink = (band < paper - depth * (paper - dark)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = []
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        touches = x == 0 or y == 0 or x + w == bw or y + h == bh
        if touches or h < 0.25 * bh or h > 0.95 * bh or w > 0.3 * bw or area < 6:
            continue
        keep.append((x, y, w, h, k))
    if not keep:
        return [], labels
    keep.sort()
    height = float(np.median([h for _, _, _, h, _ in keep]))
    groups: list[list[tuple]] = [[keep[0]]]
    for b in keep[1:]:
        last = groups[-1][-1]
        if b[0] - (last[0] + last[2]) <= 0.8 * height:  # side by side: one number
            groups[-1].append(b)
        else:
            groups.append([b])
    best = min(groups, key=lambda g: abs((g[0][0] + g[-1][0] + g[-1][2]) / 2 - bw / 2))
    tallest = max(h for _, _, _, h, _ in best)
    return [b for b in best if b[3] >= 0.45 * tallest], labels  # no specks beside the digits


def _glyphs(
    gray: np.ndarray, cx: float, cy: float, wide: float, tall: float, expected: int = 0
) -> list[np.ndarray] | None:
    """The glyphs of the number printed in a band centred on (cx, cy), left to right, each as a
    feature vector (its shape and its place in the line); None when the band leaves the picture.
    Glyphs printed touching at one ink depth may stand apart at a deeper one; where none gives
    ``expected`` blobs, touching ones are cut apart."""
    bw, bh = 0.5 * wide, 0.2 * tall
    x0, y0 = int(round(cx - bw / 2)), int(round(cy - bh / 2))
    x1, y1 = x0 + int(round(bw)), y0 + int(round(bh))
    if x0 < 0 or y0 < 0 or x1 > gray.shape[1] or y1 > gray.shape[0] or bw < 8 or bh < 6:
        return None
    band = gray[y0:y1, x0:x1]
    if int(band.max()) - int(band.min()) < 40:  # nothing printed here
        return []
    tries = [_line_of_blobs(band, d) for d in INK_DEPTHS]
    exact = [t for t in tries if len(t[0]) == expected]
    best, labels = exact[0] if exact else tries[0]
    if not best:
        return []
    best = _split_joined(best, expected)
    top = min(y for _, y, _, _, _ in best)
    bottom = max(y + h for _, y, _, h, _ in best)
    span = max(1, bottom - top)
    out = []
    for x, y, w, h, k in best:
        mask = (labels[y : y + h, x : x + w] == k).astype(np.float32)
        rows = np.flatnonzero(mask.any(axis=1))  # a split part keeps only its own rows
        if rows.size == 0:
            continue
        mask, y, h = mask[rows[0] : rows[-1] + 1], y + rows[0], rows[-1] - rows[0] + 1
        side = max(w, h)
        square = np.zeros((side, side), np.float32)
        square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = mask
        pix = cv2.resize(square, GLYPH, interpolation=cv2.INTER_AREA).ravel()
        place = np.array([(y - top) / span, (y + h - top) / span, w / span], np.float32) * 4
        out.append(np.concatenate([pix, place]))
    return out


def _read_back(features: np.ndarray, owner: np.ndarray, labels: np.ndarray, n_hex: int) -> np.ndarray:
    """Per hex, whether every glyph of it is nearest the mean glyph of its own character among
    the glyphs of the other hexes."""
    chars = np.unique(labels)
    code = np.searchsorted(chars, labels)
    sums = np.zeros((len(chars), features.shape[1]))
    np.add.at(sums, code, features)
    counts = np.bincount(code, minlength=len(chars)).astype(float)
    ok = np.ones(n_hex, bool)
    for h in range(n_hex):
        mine = owner == h
        s = sums.copy()
        c = counts.copy()
        np.add.at(s, code[mine], -features[mine])
        np.add.at(c, code[mine], -1)
        have = c > 0
        if not have[code[mine]].all():
            ok[h] = False  # a character printed only here: nothing to read it by
            continue
        means = s[have] / c[have, None]
        d = ((features[mine][:, None, :] - means[None, :, :]) ** 2).sum(axis=2)
        ok[h] = bool((np.flatnonzero(have)[d.argmin(axis=1)] == code[mine]).all())
    return ok


def check_printed_numbers(image: np.ndarray, grid: HexGrid, sample: int = 120, seed: int = 0) -> NumberCheck:
    """Read the numbers printed in a sample of the sheet's hexes against ``grid``'s numbering."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    wide, tall = _sizes(grid)
    coords = list(grid.coords())
    rng = np.random.default_rng(seed)
    first = (grid.cols[0], grid.rows[0])
    order = rng.permutation(len(coords))
    picked = [first] + [coords[k] for k in order[: max(sample, 1)] if coords[k] != first]
    centres = {cr: grid.center(*cr) for cr in picked}
    want = {cr: _printed(grid.format_id(*cr)) for cr in picked}

    def cut(offset: float, cells) -> dict[tuple[int, int], list[np.ndarray]]:
        out = {}
        for cr in cells:
            x, y = centres[cr]
            g = _glyphs(gray, x, y + offset * tall, wide, tall, len(want[cr]))
            if g is not None and len(g) == len(want[cr]) and g:
                out[cr] = g
        return out

    trial = picked[:40]
    counts = [len(cut(float(o), trial)) for o in OFFSETS]
    if max(counts) < max(3, 0.2 * len(trial)):
        return NumberCheck(None, 0, 0, None, None)
    coarse = float(OFFSETS[int(np.argmax(counts))])
    fine = [coarse + d for d in np.arange(-2, 3) * OFFSETS_FINE]  # then finer, on every hex sampled
    tries = [cut(o, picked) for o in fine]
    best = int(np.argmax([len(t) for t in tries]))
    offset, cells = round(fine[best], 4), tries[best]
    keys = list(cells)
    features = np.array([f for cr in keys for f in cells[cr]])
    owner = np.array([k for k, cr in enumerate(keys) for _ in cells[cr]])

    def agree_under(dc: int, dr: int) -> tuple[int, np.ndarray]:
        labels, fit = [], np.ones(len(keys), bool)
        for k, (c, r) in enumerate(keys):
            try:
                text = _printed(grid.format_id(c + dc, r + dr))
            except (HexIdError, ValueError):
                text = ""
            if len(text) != len(cells[c, r]):
                fit[k] = False
                text = "?" * len(cells[c, r])
            labels.extend(text)
        ok = _read_back(features, owner, np.array(labels), len(keys)) & fit
        return int(ok.sum()), ok

    agree, ok = agree_under(0, 0)
    shifts = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    other = max(((agree_under(dc, dr)[0], (dc, dr)) for dc, dr in shifts), default=(0, None))
    if max(agree, other[0]) < max(MIN_READ, MIN_READ_SHARE * len(keys)):
        return NumberCheck(None, 0, 0, None, None)  # blobs, but no numbering reads them: no numbers
    first_id = grid.format_id(*first)
    first_reads = bool(ok[keys.index(first)]) if first in cells else None
    return NumberCheck(
        offset,
        len(keys),
        agree,
        first_id if first in cells else None,
        first_reads,
        other[1],
        other[0],
        [grid.format_id(*cr) for cr, good in zip(keys, ok, strict=True) if not good],
    )
