"""Area maps in pictures: the shape of an area map's sheet for :class:`~.mapview.MapCanvas`.

An area map (``"kind": "area"``, contracts §2.1) has no grid: each area has a ``polygon`` in the
sheet image's pixels, or only a ``point`` (a port, a canal). :class:`AreaShape` offers what the
canvas reads of a hex sheet (ids, outlines, centres, bounds, a size that text scales with), so the
overview picture, ``--png`` overlays and VASSAL board images draw an area map as they draw hexes:
shading fills an area's polygon, a mark sits at its label point. Areas without a polygon are drawn
as a small circle (a port's symbol) of the same size everywhere.
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..mapdata.model import MapData

AREA_COLOURS = {
    "land": "#ece6cc",
    "sea": "#8ec5e8",
    "port": "#ffffff",
    "canal": "#a8d4f0",
    "box": "#f4f0e4",
}
DEFAULT_AREA = "#dedede"


def _circle(x: float, y: float, r: float, n: int = 12) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([x + r * np.cos(t), y + r * np.sin(t)])


def polygon_centre(poly: np.ndarray) -> np.ndarray:
    """The centroid of a simple polygon (its vertex mean when it has no area)."""
    x, y = poly[:, 0], poly[:, 1]
    x1, y1 = np.roll(x, -1), np.roll(y, -1)
    cross = x * y1 - x1 * y
    a = cross.sum() / 2
    if abs(a) < 1e-9:
        return poly.mean(axis=0)
    return np.array([((x + x1) * cross).sum() / (6 * a), ((y + y1) * cross).sum() / (6 * a)])


class AreaShape:
    """The areas of an area map in sheet pixels: ids, outlines (ragged), centres, size and bounds."""

    grid = None
    sheet_index = 0

    def __init__(self, m: MapData, sheet: str = ""):
        self.map = m
        drawn = [a for a in m.areas.values() if a.polygon or a.point]
        if not drawn:
            raise InputError("the area map has no area with a polygon or a point to draw")
        outlined = [np.asarray(a.polygon, dtype=float) for a in drawn if a.polygon]
        spans = [np.ptp(p, axis=0).min() for p in outlined]
        self.hex_size = float(np.median(spans)) * 0.5 if spans else 60.0
        """A typical size, px: text and symbols scale with it as they do with hexes."""
        self.ids = [a.id for a in drawn]
        polys, centres = [], []
        for a in drawn:
            if a.polygon:
                p = np.asarray(a.polygon, dtype=float)
                polys.append(p)
                centres.append(polygon_centre(p) if a.point is None else np.asarray(a.point, dtype=float))
            else:
                x, y = a.point
                polys.append(_circle(x, y, self.hex_size * 0.12))
                centres.append(np.array([x, y], dtype=float))
        # boxes (sea lanes, holding boxes) in a row under the areas, so units in them show too
        top = max(float(np.max(p[:, 1])) for p in polys)
        left = min(float(np.min(p[:, 0])) for p in polys)
        w, h, gap = self.hex_size * 2.4, self.hex_size * 1.0, self.hex_size * 0.4
        for k in range(len(m.boxes)):
            x0, y0 = left + k * (w + gap), top + gap
            polys.append(np.array([(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]))
            centres.append(np.array([x0 + w / 2, y0 + h / 2]))
        self.ids += list(m.boxes)
        self.polys = np.empty(len(polys), dtype=object)
        self.polys[:] = polys
        self.centers = np.array(centres)
        self.index = {h: i for i, h in enumerate(self.ids)}
        every = np.concatenate(polys)
        self.lo, self.hi = every.min(axis=0), every.max(axis=0)
        self.kinds = [str(a.attrs.get("kind", "")) for a in drawn] + ["box"] * len(m.boxes)

    def record(self, location_id: str):
        """The map's record of a drawn location (an area or a box)."""
        return self.map.areas.get(location_id) or self.map.boxes[location_id]

    def is_point(self, location_id: str) -> bool:
        """Drawn round a point (a port or canal symbol) rather than from a polygon or as a box."""
        a = self.map.areas.get(location_id)
        return a is not None and a.polygon is None

    def centre(self, area_id: str) -> tuple[float, float]:
        x, y = self.centers[self.index[area_id]]
        return float(x), float(y)

    def rows_in(self, window) -> np.ndarray:
        if window is None:
            return np.arange(len(self.ids))
        x0, x1, y0, y1 = window
        out = []
        for i, p in enumerate(self.polys):
            lo, hi = p.min(axis=0), p.max(axis=0)
            if lo[0] <= x1 and hi[0] >= x0 and lo[1] <= y1 and hi[1] >= y0:
                out.append(i)
        return np.array(out, dtype=np.int64)


def draw_area_base(canvas, show_ids: bool = True) -> None:
    """Areas filled by kind (land, sea, port...), outlined, with their names (and ids)."""
    from matplotlib.collections import PolyCollection
    from matplotlib.patches import Patch

    shape, ax = canvas.shape, canvas.ax
    rows = list(canvas.rows)
    # polygons first (land and sea), points (ports, canals) over them
    order = sorted(rows, key=lambda i: shape.is_point(shape.ids[i]))
    colours = [AREA_COLOURS.get(shape.kinds[i], DEFAULT_AREA) for i in order]
    ax.add_collection(
        PolyCollection(
            [shape.polys[i] for i in order],
            facecolors=colours,
            edgecolors="#5a5040",
            linewidths=0.8,
            zorder=1,
        )
    )
    for kind in sorted({shape.kinds[i] for i in rows}):
        canvas.legend_handles.append(
            Patch(facecolor=AREA_COLOURS.get(kind, DEFAULT_AREA), edgecolor="#5a5040", label=kind or "area")
        )
    for i in rows:
        area = shape.record(shape.ids[i])
        x, y = shape.centers[i]
        name = area.name or area.id
        small = shape.is_point(area.id)
        dy = shape.hex_size * (0.25 if small else -0.3)
        ax.text(
            x,
            y + dy,
            name,
            fontsize=canvas.font(0.11 if small else 0.16),
            ha="center",
            va="center",
            color="#202020",
            zorder=7,
            clip_on=True,
        )
        if show_ids and name != area.id:
            ax.text(
                x,
                y + dy + shape.hex_size * 0.2,
                area.id,
                fontsize=canvas.font(0.12),
                ha="center",
                va="center",
                color="#4a4030",
                zorder=7,
                clip_on=True,
            )
