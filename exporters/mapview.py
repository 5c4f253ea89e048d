"""One map renderer for every picture railhead draws: overview PNGs, reach and supply overlays.

Built on matplotlib (Agg, no display) with PolyCollection/LineCollection, in the sheet's pixel
coordinates with y pointing down, so a picture lines up with the sheet image it was digitized from.
The same figure can be saved as PNG or as vector PDF.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.collections import LineCollection, PolyCollection  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..errors import InputError  # noqa: E402
from ..files import atomic_path  # noqa: E402
from ..mapdata.model import MapData  # noqa: E402

TERRAIN_COLOURS = {
    "clear": "#ece6cc",
    "broken": "#e2d6a8",
    "hilly": "#d8c48e",
    "woods": "#8fbf6a",
    "forest": "#8fbf6a",
    "swamp": "#a8c8b8",
    "marsh": "#a8c8b8",
    "rough": "#c9a872",
    "wooded_rough": "#8c9c58",
    "mountain": "#a07850",
    "alpine": "#e8e8f0",
    "ocean": "#8ec5e8",
    "sea": "#8ec5e8",
    "lake": "#a8d4f0",
    "urban": "#c8a0a0",
    "suburban": "#dcc0b8",
    "desert": "#f0dc9c",
}
UNKNOWN = "#bbbbbb"
SIDE_STYLES = {
    "river": {"color": "#2f6fd6", "linewidth": 2.2},
    "major_river": {"color": "#1f4fb0", "linewidth": 4.0},
    "border": {"color": "#8a3ca0", "linewidth": 1.6, "linestyle": (0, (4, 3))},
}
LINE_STYLES = {
    "rail": {"color": "#222222", "linewidth": 2.0},
    "road": {"color": "#c8402c", "linewidth": 1.4, "linestyle": (0, (5, 2))},
    "waterway": {"color": "#1f4fb0", "linewidth": 1.4, "linestyle": (0, (1, 1))},
}


class MapPicture:
    """A drawing of one sheet of a map; add overlays, then save."""

    def __init__(
        self,
        m: MapData,
        sheet: str = "",
        *,
        show_ids: bool = True,
        dpi: int = 100,
        title: str | None = None,
        image_frame: bool = False,
    ):
        """``image_frame``: the picture starts at pixel (0, 0) of the sheet's frame, so its pixels
        are the grid's pixels (a board image for VASSAL); otherwise it is cropped to the hexes."""
        self.map = m
        self.sheet_index = m.sheet_index(sheet)
        self.grid = m.sheets[self.sheet_index].grid
        self.dpi = dpi
        self.ids = [h for h in m.hexes if m.ref(h).sheet == self.sheet_index]
        refs = [m.ref(h) for h in self.ids]
        self.polys = np.stack([self.grid.corners(r.col, r.row) for r in refs])
        self.centers = self.polys.mean(axis=1)
        lo, hi = self.polys.reshape(-1, 2).min(axis=0), self.polys.reshape(-1, 2).max(axis=0)
        pad = 10.0
        self.extent = (lo[0] - pad, hi[0] + pad, lo[1] - pad, hi[1] + pad)
        if image_frame:
            if lo.min() < 0:
                raise InputError(
                    "the grid reaches left of or above pixel 0 of its sheet image; move its origin"
                )
            self.extent = (0.0, float(np.ceil(hi[0] + pad)), 0.0, float(np.ceil(hi[1] + pad)))
        w, h = self.extent[1] - self.extent[0], self.extent[3] - self.extent[2]
        self.fig = plt.figure(figsize=(w / dpi, h / dpi), dpi=dpi)
        self.ax = self.fig.add_axes((0, 0, 1, 1))
        self.ax.set_xlim(self.extent[0], self.extent[1])
        self.ax.set_ylim(self.extent[3], self.extent[2])  # y down, as in the image
        self.ax.set_aspect("equal")
        self.ax.axis("off")
        self.hex_size = float(np.linalg.norm(self.polys[0, 0] - self.polys[0, 3]))
        self._legend: list = []
        self._draw_base(show_ids)
        if title:
            self.ax.text(
                self.extent[0] + 8,
                self.extent[2] + 8,
                title,
                fontsize=11,
                va="top",
                ha="left",
                weight="bold",
                bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none"},
            )

    def _font(self, frac: float) -> float:
        return max(4.0, self.hex_size * frac * 72 / self.dpi)

    def _draw_base(self, show_ids: bool) -> None:
        m = self.map
        terrains = [m.hexes[h].terrain for h in self.ids]
        colours = [TERRAIN_COLOURS.get(t, UNKNOWN) for t in terrains]
        self.ax.add_collection(
            PolyCollection(self.polys, facecolors=colours, edgecolors="#7a7060", linewidths=0.5, zorder=1)
        )
        for t in sorted(set(terrains)):
            self._legend.append(
                Patch(facecolor=TERRAIN_COLOURS.get(t, UNKNOWN), edgecolor="#7a7060", label=t)
            )
        segs: dict[str, list] = {k: [] for k in SIDE_STYLES}
        for s in m.hexsides.values():
            a, b = s.hexes
            ra, rb = m.ref(a), m.ref(b)
            if ra.sheet != self.sheet_index:
                continue
            d = self.grid.direction((ra.col, ra.row), (rb.col, rb.row))
            for f in s.features:
                if f in segs:
                    segs[f].append(self.grid.side_segment(ra.col, ra.row, d))
        for f, lst in segs.items():
            if lst:
                self.ax.add_collection(LineCollection(lst, zorder=3, **SIDE_STYLES[f]))
                self._legend.append(Line2D([], [], label=f.replace("_", " "), **SIDE_STYLES[f]))
        for kind, style in LINE_STYLES.items():
            paths = [
                np.array([m.center(h) for h in ln.hexes])
                for ln in m.lines
                if ln.kind == kind and m.ref(ln.hexes[0]).sheet == self.sheet_index
            ]
            if not paths:
                continue
            self.ax.add_collection(LineCollection(paths, zorder=4, **style))
            if kind == "rail":  # cross ticks at every hexside crossed
                ticks = []
                for p in paths:
                    for a, b in zip(p, p[1:], strict=False):
                        mid, v = (a + b) / 2, b - a
                        n = np.array([-v[1], v[0]]) / (np.linalg.norm(v) or 1) * self.hex_size * 0.08
                        ticks.append([mid - n, mid + n])
                self.ax.add_collection(LineCollection(ticks, zorder=4, **style))
            self._legend.append(Line2D([], [], label=kind, **style))
        for i, h in enumerate(self.ids):
            hx = m.hexes[h]
            x, y = self.centers[i]
            if show_ids:
                self.ax.text(
                    x,
                    y - self.hex_size * 0.33,
                    h.rpartition(":")[2],
                    fontsize=self._font(0.11),
                    ha="center",
                    va="center",
                    color="#5a5040",
                    zorder=5,
                )
            marker = None
            if "city" in hx.features:
                marker = ("s", self.hex_size * 0.16, "#b02020")
            elif "town" in hx.features:
                marker = ("o", self.hex_size * 0.11, "#202020")
            if marker:
                self.ax.plot(
                    [x],
                    [y],
                    marker=marker[0],
                    markersize=marker[1] * 72 / self.dpi,
                    color=marker[2],
                    zorder=6,
                )
            if "fortress" in hx.features:
                self.ax.plot(
                    [x],
                    [y],
                    marker="*",
                    markersize=self.hex_size * 0.3 * 72 / self.dpi,
                    markerfacecolor="none",
                    markeredgecolor="#202020",
                    zorder=6,
                )
            if hx.name:
                self.ax.text(
                    x,
                    y + self.hex_size * 0.28,
                    hx.name,
                    fontsize=self._font(0.13),
                    ha="center",
                    va="center",
                    zorder=7,
                    bbox={"facecolor": "white", "alpha": 0.6, "edgecolor": "none", "pad": 0.5},
                )

    # ---------------------------------------------------------------- overlays
    def shade(
        self,
        hex_ids: list[str],
        colour: str,
        alpha: float = 0.45,
        label: str | None = None,
        labels: dict[str, str] | None = None,
    ) -> None:
        """Tint hexes (reachable hexes, supply status...) and optionally write a label in each."""
        index = {h: i for i, h in enumerate(self.ids)}
        rows = [index[h] for h in hex_ids if h in index]
        if rows:
            self.ax.add_collection(
                PolyCollection(self.polys[rows], facecolors=colour, alpha=alpha, edgecolors="none", zorder=2)
            )
        for h, text in (labels or {}).items():
            if h in index:
                x, y = self.centers[index[h]]
                self.ax.text(
                    x,
                    y + self.hex_size * 0.05,
                    text,
                    fontsize=self._font(0.16),
                    ha="center",
                    va="center",
                    weight="bold",
                    zorder=8,
                )
        if label:
            self._legend.append(Patch(facecolor=colour, alpha=alpha, label=label))

    def path(self, hex_ids: list[str], colour: str = "#d02090", label: str | None = None) -> None:
        pts = np.array([self.map.center(h) for h in hex_ids])
        self.ax.plot(pts[:, 0], pts[:, 1], color=colour, linewidth=2.5, zorder=9, label=label)

    def mark(self, hex_id: str, text: str, colour: str = "#000000") -> None:
        x, y = self.map.center(hex_id)
        self.ax.text(
            x,
            y,
            text,
            fontsize=self._font(0.16),
            ha="center",
            va="center",
            color="white",
            weight="bold",
            zorder=10,
            bbox={"facecolor": colour, "edgecolor": "white", "pad": 1.5},
        )

    def png_bytes(self, legend: bool = False) -> bytes:
        """The picture as PNG bytes, with no time or version stamps (same map, same bytes)."""
        import io

        self._add_legend(legend)
        buf = io.BytesIO()
        try:
            self.fig.savefig(buf, dpi=self.dpi, format="png", metadata={"Software": None})
        finally:
            plt.close(self.fig)
        return buf.getvalue()

    def _add_legend(self, legend: bool) -> None:
        if legend and self._legend:
            self.ax.legend(
                handles=self._legend, loc="lower right", fontsize=self._font(0.12), framealpha=0.85
            )

    def save(self, path: str | Path, legend: bool = True) -> None:
        """Write PNG or PDF (by suffix) atomically."""
        self._add_legend(legend)
        suffix = Path(path).suffix.lower() or ".png"
        try:
            with atomic_path(path, suffix=suffix) as tmp:
                self.fig.savefig(tmp, dpi=self.dpi, format=suffix.lstrip("."))
        finally:
            plt.close(self.fig)


def render_overview(
    m: MapData, path: str | Path, *, sheet: str = "", show_ids: bool = True, dpi: int = 100
) -> None:
    """A picture of the whole sheet: terrain, hexside features, lines, places, hex ids."""
    MapPicture(m, sheet, show_ids=show_ids, dpi=dpi).save(path)
