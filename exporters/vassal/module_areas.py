"""An area map from a module board whose grid VASSAL names by region or by square.

``railhead digitize --module GAME.vmod`` on a board with a RegionGrid or a SquareGrid gives an area
map (``"kind": "area"``) instead of hexes: a region grid's regions are areas named as VASSAL names
them, each a point at the region's origin (VASSAL says nothing of their shape or neighbours); a
square grid's squares are areas with square polygons, named by the grid's numbering, with a
border between every two squares that share a side. Each area's terrain is the legend colour
nearest the paper around its point or inside its square (ink — text, symbols, lines — dropped, as
for hexes).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...errors import InputError
from ...mapdata.model import Area, Border, MapData
from ...pipeline.colours import nearest, sample, to_lab
from ...pipeline.legend import Legend
from .grids import RegionsOn, SquareOn

_R = range(-8, 9, 2)
_DISC = np.array([(dx, dy) for dx in _R for dy in _R if dx * dx + dy * dy <= 64], float)
"""Sample offsets around a region's point: a disc of 8 pixels."""


def squares(grid: SquareOn) -> list[tuple[str, tuple[float, float], tuple[int, int]]]:
    """(VASSAL's name, centre, (col, row)) of every square whose centre lies on the board."""
    out = []
    c0 = math.ceil(-grid.x0 / grid.dx)
    r0 = math.ceil(-grid.y0 / grid.dy)
    col = c0
    while grid.x0 + col * grid.dx < grid.width:
        row = r0
        while grid.y0 + row * grid.dy < grid.height:
            x, y = grid.x0 + col * grid.dx, grid.y0 + row * grid.dy
            name = grid.name(x, y)
            if name is not None:
                out.append((name, (float(x), float(y)), (col, row)))
            row += 1
        col += 1
    return out


def _terrain(image: np.ndarray, samples: np.ndarray, legend: Legend) -> list[str]:
    """The legend terrain nearest the paper colour of each area's samples (N, K, 2)."""
    kinds = legend.hex_terrain()
    if not kinds:
        raise InputError("the legend lists no terrain colours", file=legend.file)
    rgb = sample(image, samples)
    lum = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    paper = lum > np.median(lum, axis=1, keepdims=True) - 18
    paper_rgb = np.nanmedian(np.where(paper[..., None], rgb, np.nan), axis=1)
    idx, _ = nearest(to_lab(paper_rgb), to_lab(np.array([t.color for t in kinds], np.float32)))
    return [kinds[k].name for k in idx]


def area_map(grid: RegionsOn | SquareOn, image: np.ndarray, legend: Legend, name: str) -> MapData:
    areas: list[Area] = []
    borders: list[Border] = []
    if isinstance(grid, RegionsOn):
        names = [n for n, _, _ in grid.regions]
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise InputError(f"the region grid names several regions {dup[0]!r}: an area id must be unique")
        points = np.array([(x, y) for _, x, y in grid.regions], float)
        terrain = _terrain(image, points[:, None, :] + _DISC[None], legend)
        for (rid, x, y), t in zip(grid.regions, terrain, strict=True):
            areas.append(Area(rid, rid, {"kind": "land", "terrain": t}, None, (float(x), float(y))))
    else:
        cells = squares(grid)
        if not cells:
            raise InputError("the square grid has no square on the board")
        at = {cr: n for n, _, cr in cells}
        if len(set(at.values())) != len(at):
            raise InputError("the square grid's numbering names two squares alike: area ids must be unique")
        steps = (np.arange(7) - 3) / 7.0  # 7 x 7 samples inside each square, off its edges
        inner = np.array([(sx * grid.dx, sy * grid.dy) for sx in steps for sy in steps], float)
        centres = np.array([c for _, c, _ in cells], float)
        terrain = _terrain(image, centres[:, None, :] + inner[None], legend)
        hx, hy = grid.dx / 2, grid.dy / 2
        for (sid, (x, y), _), t in zip(cells, terrain, strict=True):
            poly = ((x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy))
            areas.append(Area(sid, sid, {"kind": "land", "terrain": t}, poly, (x, y)))
        for (c, r), sid in at.items():
            for nb in ((c + 1, r), (c, r + 1)):
                if nb in at:
                    borders.append(Border((sid, at[nb]), "land"))
    return MapData.build(name, [], kind="area", areas=areas, borders=borders)


def summary(m: MapData, grid: RegionsOn | SquareOn) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for a in m.areas.values():
        counts[a.attrs["terrain"]] = counts.get(a.attrs["terrain"], 0) + 1
    kind = "region grid" if isinstance(grid, RegionsOn) else "square grid"
    return {"kind": "area", "grid": kind, "areas": len(m.areas), "borders": len(m.borders), "terrain": counts}


def summary_text(s: dict[str, Any]) -> str:
    t = ", ".join(f"{k} {v}" for k, v in sorted(s["terrain"].items()))
    return f"area map from a {s['grid']}: {s['areas']} areas, {s['borders']} borders; terrain: {t}"
