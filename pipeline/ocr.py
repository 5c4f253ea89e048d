"""Short printed text read by a real OCR engine: RapidOCR (PaddleOCR's PP-OCRv4 detector and
recogniser run by ONNX Runtime; the models ship inside the ``rapidocr-onnxruntime`` wheel, so
nothing is downloaded at run time).

The engine is loaded on first use (about 0.5 s; importing this module costs nothing). Callers
choose the scale: :func:`read_regions` cuts the given rectangles out of the scan, scales them so
that text of the expected size lands where the detector reads it best, packs them side by side
into a few mosaics (one detector pass each instead of one per rectangle), and returns what was
read with its box in the scan's own pixels. Only boxes whose height the caller accepts are
passed to the recogniser, which is the costly step on a map full of place names.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from ..errors import InputError

GUTTER = 16  # paper-white pixels between two rectangles of a mosaic: text never spans them
MOSAIC_WIDTH = 1600  # mosaic rows are packed up to this width (pixels after scaling)
MOSAIC_PIXELS = 2_000_000  # one detector pass at most this many pixels
_lock = threading.Lock()
_engine: Any = None
_cache: dict[tuple, list[Text]] = {}
CACHE_ENTRIES = 20_000


@dataclass(frozen=True)
class Text:
    """One line of text read: what the recogniser says, its score (0..1), and its box as four
    corners in the scan's pixels."""

    text: str
    score: float
    quad: tuple[tuple[float, float], ...]

    @property
    def centre(self) -> tuple[float, float]:
        q = np.asarray(self.quad)
        return float(q[:, 0].mean()), float(q[:, 1].mean())

    @property
    def height(self) -> float:
        q = np.asarray(self.quad)
        return float(np.ptp(q[:, 1]))

    @property
    def width(self) -> float:
        q = np.asarray(self.quad)
        return float(np.ptp(q[:, 0]))


def engine() -> Any:
    """The OCR engine, built once (thread-safe); InputError if the package is missing."""
    global _engine
    with _lock:
        if _engine is None:
            try:
                from rapidocr_onnxruntime import RapidOCR
            except ImportError:  # pragma: no cover - the dependency is in pyproject.toml
                raise InputError(
                    "reading printed hex numbers needs the OCR package rapidocr-onnxruntime "
                    "(make installs it; by hand: pip install --no-deps 'rapidocr-onnxruntime==1.4.4')"
                ) from None
            # det_limit_side_len: the detector would otherwise enlarge every image to 736 px on its
            # shorter side; the mosaics are already at the scale wanted
            _engine = RapidOCR(det_limit_side_len=32, print_verbose=False)
        return _engine


def fingerprint(image: np.ndarray) -> str:
    """A cheap identity of a scan, for the cache: its shape and a hash of a sparse pixel sample."""
    h, w = image.shape[:2]
    sample = image[:: max(1, h // 61), :: max(1, w // 67)]
    return (
        f"{image.shape}:{hashlib.blake2b(np.ascontiguousarray(sample).tobytes(), digest_size=12).hexdigest()}"
    )


def _cut(image: np.ndarray, rect: tuple[int, int, int, int], scale: float) -> np.ndarray:
    """The rectangle (x0, y0, x1, y1) of the scan, scaled; parts off the scan are white."""
    x0, y0, x1, y1 = rect
    h, w = image.shape[:2]
    out = np.full((y1 - y0, x1 - x0, 3), 255, np.uint8)
    sx0, sy0, sx1, sy1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if sx1 > sx0 and sy1 > sy0:
        part = image[sy0:sy1, sx0:sx1]
        if part.ndim == 2:
            part = np.repeat(part[..., None], 3, axis=2)
        out[sy0 - y0 : sy1 - y0, sx0 - x0 : sx1 - x0] = part[..., :3]
    size = (max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    return cv2.resize(out, size, interpolation=interp)


def _mosaics(tiles: list[np.ndarray]) -> list[tuple[np.ndarray, list[tuple[int, int, int]]]]:
    """Tiles packed in rows with a white gutter: each mosaic with (tile index, x, y) of its tiles."""
    out = []
    rows: list[list[int]] = [[]]
    widths = [0]
    for k, t in enumerate(tiles):
        if rows[-1] and widths[-1] + t.shape[1] + GUTTER > MOSAIC_WIDTH:
            rows.append([])
            widths.append(0)
        rows[-1].append(k)
        widths[-1] += t.shape[1] + GUTTER
    group: list[list[int]] = []
    pixels = 0
    for row in rows:
        rw = sum(tiles[k].shape[1] + GUTTER for k in row) + GUTTER
        rh = max(tiles[k].shape[0] for k in row) + GUTTER
        if group and pixels + rw * rh > MOSAIC_PIXELS:
            out.append(_pack(tiles, group))
            group, pixels = [], 0
        group.append(row)
        pixels += rw * rh
    if group:
        out.append(_pack(tiles, group))
    return out


def _pack(tiles: list[np.ndarray], rows: list[list[int]]) -> tuple[np.ndarray, list[tuple[int, int, int]]]:
    width = max(sum(tiles[k].shape[1] + GUTTER for k in row) for row in rows) + GUTTER
    height = sum(max(tiles[k].shape[0] for k in row) + GUTTER for row in rows) + GUTTER
    mosaic = np.full((height, width, 3), 255, np.uint8)
    placed = []
    y = GUTTER
    for row in rows:
        x = GUTTER
        for k in row:
            th, tw = tiles[k].shape[:2]
            mosaic[y : y + th, x : x + tw] = tiles[k]
            placed.append((k, x, y))
            x += tw + GUTTER
        y += max(tiles[k].shape[0] for k in row) + GUTTER
    return mosaic, placed


def read_regions(
    image: np.ndarray,
    rects: list[tuple[int, int, int, int]],
    scale: float,
    min_height: float = 0.0,
    max_height: float = float("inf"),
    max_width: float = float("inf"),
    min_aspect: float = 0.0,
) -> list[list[Text]]:
    """Text read in each rectangle (x0, y0, x1, y1; scan pixels, RGB scan) after scaling it by
    ``scale``; only lines whose box is ``min_height``..``max_height`` tall and at most
    ``max_width`` wide (scan pixels), and at least ``min_aspect`` times as wide as tall, are
    recognised. Results are cached per scan and rectangle."""
    key0 = (fingerprint(image), round(scale, 4), min_height, max_height, max_width, min_aspect)
    out: list[list[Text] | None] = [_cache.get((key0, r)) for r in rects]
    todo = [k for k, got in enumerate(out) if got is None]
    if todo:
        tiles = [_cut(image, rects[k], scale)[..., ::-1].copy() for k in todo]  # the engine wants BGR
        found: dict[int, list[Text]] = {k: [] for k in todo}
        for mosaic, placed in _mosaics(tiles):
            for t, text in _read_mosaic(mosaic, placed, tiles, min_height * scale, max_height * scale,
                                        max_width * scale, min_aspect):  # fmt: skip
                k = todo[t]
                x0, y0 = rects[k][:2]
                quad = tuple((x0 + px / scale, y0 + py / scale) for px, py in text.quad)
                found[k].append(Text(text.text, text.score, quad))
        if len(_cache) > CACHE_ENTRIES:
            _cache.clear()
        for k in todo:
            _cache[(key0, rects[k])] = found[k]
            out[k] = found[k]
    return [x or [] for x in out]


def _read_mosaic(
    mosaic: np.ndarray,
    placed: list[tuple[int, int, int]],
    tiles: list[np.ndarray],
    min_h: float,
    max_h: float,
    max_w: float,
    min_aspect: float,
) -> list[tuple[int, Text]]:
    """(tile index, text in the tile's own scaled pixels) for every line read in one mosaic."""
    eng = engine()
    boxes, _ = eng.text_det(mosaic)
    if boxes is None or len(boxes) == 0:
        return []
    keep, owners = [], []
    for box in boxes:
        b = np.asarray(box, np.float32)
        h, w = np.ptp(b[:, 1]), np.ptp(b[:, 0])
        if not (min_h <= h <= max_h and w <= max_w and w >= min_aspect * h):
            continue
        cx, cy = b.mean(axis=0)
        for k, x, y in placed:
            th, tw = tiles[k].shape[:2]
            if x <= cx < x + tw and y <= cy < y + th:
                keep.append(b)
                owners.append((k, x, y))
                break
    if not keep:
        return []
    crops = eng.get_crop_img_list(mosaic, keep)
    rec, _ = eng.text_rec(crops)
    out = []
    for b, (k, x, y), (text, score) in zip(keep, owners, rec, strict=True):
        quad = tuple((float(px - x), float(py - y)) for px, py in b)
        out.append((k, Text(str(text), float(score), quad)))
    return out
