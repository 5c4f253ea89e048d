"""The hexes to label next, side by side in one picture, so a person labels them without hunting
for each on the map.

Each tile is the scan around one hex (the hex and most of each neighbour: terrain is easier to
judge beside its surroundings), the hex outlined in the overlay's label-next blue, and under it
the hex's rank, its id and the classifier's guess with its confidence: the same hexes, order and
guesses as the labels file ``--label-next`` writes, so a person reads the picture and edits the
file line by line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from ..mapdata.model import MapData
from .images import write_image
from .review import LABEL_NEXT_BGR

TILE = 240  # px: side of a tile's picture
CAPTION = 40  # px: the two caption lines under it
GAP = 6  # px between tiles
PER_ROW = 5
CONTEXT = 2.6  # side of the scan shown, in hexes (HexGrid.hex_px: corner to corner when pointy)
_FONT = cv2.FONT_HERSHEY_SIMPLEX
_LABEL_NEXT_RGB = tuple(reversed(LABEL_NEXT_BGR))


def crop(image: np.ndarray, centre: tuple[float, float], side: int) -> tuple[np.ndarray, tuple[int, int]]:
    """The ``side``-pixel square of ``image`` (H, W, 3) centred on ``centre``, white where it
    leaves the image, and the image position of its top-left pixel."""
    h, w = image.shape[:2]
    x0, y0 = round(centre[0] - side / 2), round(centre[1] - side / 2)
    out = np.full((side, side, 3), 255, np.uint8)
    sx0, sy0, sx1, sy1 = max(x0, 0), max(y0, 0), min(x0 + side, w), min(y0 + side, h)
    if sx1 > sx0 and sy1 > sy0:
        out[sy0 - y0 : sy1 - y0, sx0 - x0 : sx1 - x0] = image[sy0:sy1, sx0:sx1]
    return out, (x0, y0)


def hex_tile(image: np.ndarray, m: MapData, hex_id: str) -> np.ndarray:
    """(TILE, TILE, 3) RGB: the scan around ``hex_id`` with the hex outlined."""
    r = m.ref(hex_id)
    grid = m.sheets[r.sheet].grid
    side = max(8, round(CONTEXT * grid.hex_px()))
    part, (x0, y0) = crop(image, m.center(hex_id), side)
    scale = TILE / side
    tile = cv2.resize(part, (TILE, TILE), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    poly = (np.asarray(grid.corners(r.col, r.row)) - (x0 - 0.5, y0 - 0.5)) * scale - 0.5
    outline = [np.round(poly * 16).astype(np.int32)]
    cv2.polylines(tile, outline, True, _LABEL_NEXT_RGB, 2, cv2.LINE_AA, shift=4)
    return tile


def _caption(width: int, lines: Sequence[str]) -> np.ndarray:
    strip = np.full((CAPTION, width, 3), 255, np.uint8)
    for k, text in enumerate(lines):
        cv2.putText(strip, text, (4, 16 + 18 * k), _FONT, 0.5, (20, 20, 20), 1, cv2.LINE_AA)
    return strip


def label_sheet(image: np.ndarray, m: MapData, hexes: Sequence[str]) -> np.ndarray:
    """RGB picture of the tiles of ``hexes`` (most useful first) cut from the RGB scan ``image``
    (as :func:`.digitize.load_sheet` gives it), :data:`PER_ROW` to a row, each captioned with its
    rank, id and the map's terrain and confidence for it (the guess)."""
    if not hexes:
        return _caption(2 * TILE, ["no hex left to label"])
    cols = min(PER_ROW, len(hexes))
    rows = math.ceil(len(hexes) / cols)
    step_x, step_y = TILE + GAP, TILE + CAPTION + GAP
    out = np.full((rows * step_y - GAP, cols * step_x - GAP, 3), 255, np.uint8)
    for k, h in enumerate(hexes):
        y, x = (k // cols) * step_y, (k % cols) * step_x
        here = m.hexes[h]
        out[y : y + TILE, x : x + TILE] = hex_tile(image, m, h)
        out[y + TILE : y + TILE + CAPTION, x : x + TILE] = _caption(
            TILE, [f"{k + 1}.  {h}", f"guess: {here.terrain} ({here.confidence:.2f})"]
        )
    return out


def write_label_sheet(path: str | Path, image: np.ndarray, m: MapData, hexes: Sequence[str]) -> None:
    """Write :func:`label_sheet` as a picture (atomically; never over an input of the run)."""
    write_image(path, label_sheet(image, m, hexes))
