"""One map renderer for every picture railhead draws: overview PNGs, engine overlays, printed tiles.

Built on matplotlib (Agg, no display) with PolyCollection/LineCollection, in the sheet's pixel
coordinates with y pointing down, so a picture lines up with the sheet image it was digitized from.
:class:`MapCanvas` draws the map and its overlays on any matplotlib axes — the whole sheet of a PNG
(:class:`MapPicture`) or the window of one printed tile (``exporters/charts/mapprint.py``); sizes of
text and symbols follow the hexes (``pt_per_px``: points per sheet pixel), line widths are points.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
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
    # GMT The Great War in Europe
    "flood_plain": "#d8e0b0",
    "difficult": "#c8b890",
    "mountain_pass": "#b89070",
    "all_lake": "#a8d4f0",
    "all_sea": "#8ec5e8",
    # Death of Empires
    "all_water": "#8ec5e8",
    # GR/D The Great War
    "wooded_swamp": "#88b8a0",
    "ravines": "#b8a080",
    "sand": "#f4e8b8",
    "permafrost_tundra": "#dce4e0",
    "intermittent_lake": "#c4dcec",
    "canal_intensive": "#d4e4d0",
    "bocage": "#a8c488",
    "stony_desert": "#e4d0a0",
    "glacier": "#f4f8fc",
}
"""Fill colour of every terrain of every ruleset (water in blues, woods in greens, heights in
browns); status colours (:mod:`.engine_maps`) are kept apart from all of them."""
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

MIN_HEX_PX = 72
"""Smallest hex, corner to corner, of a picture people read (its id and labels readable)."""
MAX_PICTURE_PX = 30_000_000
"""Largest picture the enlargement makes (a 5,000-hex sheet stays a file a viewer opens)."""
PANEL_PX, TITLE_PX = 330, 40
"""The legend panel right of a picture's map and the title band above it, picture pixels."""

Window = tuple[float, float, float, float]
"""A rectangle of a sheet in pixels: (x0, x1, y0, y1), y down."""


class SheetShape:
    """The hexes of one sheet in sheet pixels: ids, corner polygons, centres, size and bounds."""

    def __init__(self, m: MapData, sheet: str = ""):
        self.map = m
        self.sheet_index = m.sheet_index(sheet)
        self.grid = m.sheets[self.sheet_index].grid
        self.ids = [h for h in m.hexes if m.ref(h).sheet == self.sheet_index]
        refs = [m.ref(h) for h in self.ids]
        self.polys = np.stack([self.grid.corners(r.col, r.row) for r in refs])
        self.centers = self.polys.mean(axis=1)
        self.index = {h: i for i, h in enumerate(self.ids)}
        self.lo = self.polys.reshape(-1, 2).min(axis=0)
        self.hi = self.polys.reshape(-1, 2).max(axis=0)
        self.hex_size = float(np.linalg.norm(self.polys[0, 0] - self.polys[0, 3]))
        """Corner-to-corner size of a hex, px (fonts and symbols scale with it)."""

    def centre(self, hex_id: str) -> tuple[float, float]:
        return self.map.center(hex_id)

    def across_flats(self) -> float:
        """Distance between the centres of two adjacent hexes in pixels: the hex size across flats."""
        ref = self.map.ref(self.ids[0])
        for d in (3, 0, 2, 5, 1, 4) if self.grid.flat else (1, 4, 0, 3, 2, 5):  # across the minor axis first
            c, r = self.grid.neighbour(ref.col, ref.row, d)
            if self.grid.contains(c, r):
                a, b = np.array(self.grid.center(ref.col, ref.row)), np.array(self.grid.center(c, r))
                return float(np.linalg.norm(b - a))
        f = self.grid.frame()
        return float(f.hex_height if self.grid.flat else f.hex_width)

    def rows_in(self, window: Window | None) -> np.ndarray:
        """Indices of the hexes with a corner inside ``window`` (all hexes when it is None)."""
        if window is None:
            return np.arange(len(self.ids))
        x0, x1, y0, y1 = window
        p = self.polys
        inside = (p[..., 0] >= x0) & (p[..., 0] <= x1) & (p[..., 1] >= y0) & (p[..., 1] <= y1)
        lo, hi = p.min(axis=1), p.max(axis=1)  # hexes larger than the window
        covers = (lo[:, 0] <= x1) & (hi[:, 0] >= x0) & (lo[:, 1] <= y1) & (hi[:, 1] >= y0)
        return np.flatnonzero(inside.any(axis=1) | covers)


def shape_of(m: MapData, sheet: str = ""):
    """The drawable shape of a sheet: its hexes, or on an area map its areas (:mod:`.areaview`)."""
    if m.kind == "area":
        from .areaview import AreaShape

        return AreaShape(m, sheet)
    return SheetShape(m, sheet)


class MapCanvas:
    """Draws a sheet and overlays on a matplotlib axes whose data coordinates are sheet pixels.

    ``window`` limits the drawing to the hexes touching that rectangle (a printed tile), so a page
    holds only what it shows; ``pt_per_px`` is the size of a sheet pixel in points on the output.
    """

    def __init__(self, ax: Axes, shape: SheetShape, *, pt_per_px: float, window: Window | None = None):
        self.ax = ax
        self.shape = shape
        self.map = shape.map
        self.pt_per_px = pt_per_px
        self.window = window
        self.rows = shape.rows_in(window)
        self._drawn = {shape.ids[i] for i in self.rows}
        self.legend_handles: list = []

    @property
    def hex_size(self) -> float:
        return self.shape.hex_size

    def font(self, frac: float) -> float:
        """Font size in points for text ``frac`` of a hex high (never under 4 pt)."""
        return max(4.0, self.hex_size * frac * self.pt_per_px)

    def _on_sheet(self, hex_id: str) -> bool:
        return hex_id in self.shape.index

    # ---------------------------------------------------------------- base map
    def draw_base(self, show_ids: bool = True) -> None:
        """Terrain, hexside features, rail/road/waterway lines, hex ids, places and names (on an
        area map: the areas, :mod:`.areaview`)."""
        m, shape, ax = self.map, self.shape, self.ax
        if shape.grid is None:
            from .areaview import draw_area_base

            draw_area_base(self, show_ids)
            return
        ids = [shape.ids[i] for i in self.rows]
        terrains = [m.hexes[h].terrain for h in ids]
        colours = [TERRAIN_COLOURS.get(t, UNKNOWN) for t in terrains]
        ax.add_collection(
            PolyCollection(
                shape.polys[self.rows], facecolors=colours, edgecolors="#7a7060", linewidths=0.5, zorder=1
            )
        )
        for t in sorted(set(terrains)):
            self.legend_handles.append(
                Patch(facecolor=TERRAIN_COLOURS.get(t, UNKNOWN), edgecolor="#7a7060", label=t)
            )
        segs: dict[str, list] = {k: [] for k in SIDE_STYLES}
        for s in m.hexsides.values():
            a, b = s.hexes
            if a not in self._drawn and b not in self._drawn:
                continue
            if m.ref(a).sheet != shape.sheet_index:  # drawn on this sheet from its own hex
                a, b = b, a
            ra = m.ref(a)
            if ra.sheet != shape.sheet_index:
                continue
            d = m.link_direction(a, b)  # across a seam too
            if d is None:
                continue
            for f in s.features:
                if f in segs:
                    segs[f].append(shape.grid.side_segment(ra.col, ra.row, d))
        for f, lst in segs.items():
            if lst:
                ax.add_collection(LineCollection(lst, zorder=3, **SIDE_STYLES[f]))
                self.legend_handles.append(Line2D([], [], label=f.replace("_", " "), **SIDE_STYLES[f]))
        for kind, style in LINE_STYLES.items():
            paths = [
                np.array([m.center(h) for h in ln.hexes])
                for ln in m.lines
                if ln.kind == kind
                and m.ref(ln.hexes[0]).sheet == shape.sheet_index
                and (self.window is None or any(h in self._drawn for h in ln.hexes))
            ]
            if not paths:
                continue
            ax.add_collection(LineCollection(paths, zorder=4, **style))
            if kind == "rail":  # cross ticks at every hexside crossed
                ticks = []
                for p in paths:
                    for a, b in zip(p, p[1:], strict=False):
                        mid, v = (a + b) / 2, b - a
                        n = np.array([-v[1], v[0]]) / (np.linalg.norm(v) or 1) * self.hex_size * 0.08
                        ticks.append([mid - n, mid + n])
                ax.add_collection(LineCollection(ticks, zorder=4, **style))
            self.legend_handles.append(Line2D([], [], label=kind, **style))
        for i in self.rows:
            self._draw_place(shape.ids[i], shape.centers[i], show_ids)

    def _draw_place(self, h: str, centre: np.ndarray, show_id: bool) -> None:
        hx = self.map.hexes[h]
        x, y = centre
        ax, size = self.ax, self.hex_size
        if show_id:
            ax.text(
                x,
                y - size * 0.32,
                h.rpartition(":")[2],
                fontsize=self.font(0.14),
                ha="center",
                va="center",
                color="#5a5040",
                zorder=5,
                clip_on=True,
            )
        marker = None
        if "city" in hx.features:
            marker = ("s", size * 0.16, "#b02020")
        elif "town" in hx.features:
            marker = ("o", size * 0.11, "#202020")
        if marker:
            ax.plot(
                [x], [y], marker=marker[0], markersize=marker[1] * self.pt_per_px, color=marker[2], zorder=6
            )
        if "fortress" in hx.features:
            ax.plot(
                [x],
                [y],
                marker="*",
                markersize=size * 0.3 * self.pt_per_px,
                markerfacecolor="none",
                markeredgecolor="#202020",
                zorder=6,
            )
        if hx.name:
            ax.text(
                x,
                y + size * 0.28,
                hx.name,
                fontsize=self.font(0.13),
                ha="center",
                va="center",
                zorder=7,
                clip_on=True,
                bbox={"facecolor": "white", "alpha": 0.6, "edgecolor": "none", "pad": 0.5},
            )

    def draw_image(self, image: np.ndarray, stride: int = 1) -> None:
        """A scan of the sheet (H x W x 3 uint8, pixel (0, 0) at sheet pixel (0, 0)) under everything;
        only the part inside the window is handed to matplotlib, every ``stride``-th pixel of it."""
        h, w = image.shape[:2]
        c0, c1, r0, r1 = 0, w, 0, h
        if self.window is not None:
            x0, x1, y0, y1 = self.window
            c0, c1 = max(0, int(np.floor(x0))), min(w, int(np.ceil(x1)) + 1)
            r0, r1 = max(0, int(np.floor(y0))), min(h, int(np.ceil(y1)) + 1)
        if c1 <= c0 or r1 <= r0:
            return
        part = image[r0:r1:stride, c0:c1:stride]
        c1, r1 = c0 + part.shape[1] * stride, r0 + part.shape[0] * stride
        self.ax.imshow(
            part,
            extent=(c0 - 0.5, c1 - 0.5, r1 - 0.5, r0 - 0.5),
            interpolation="none",
            aspect=self.ax.get_aspect(),
            zorder=0,
        )

    # ---------------------------------------------------------------- overlays
    def shade(
        self,
        hex_ids: list[str],
        colour: str,
        alpha: float = 0.45,
        label: str | None = None,
        labels: dict[str, str] | None = None,
        label_at: float = 0.05,
    ) -> None:
        """Tint hexes (reachable hexes, supply status...) and optionally write a label in each,
        ``label_at`` of a hex below its centre."""
        index = self.shape.index
        rows = [index[h] for h in hex_ids if h in index and h in self._drawn]
        if rows:
            self.ax.add_collection(
                PolyCollection(
                    self.shape.polys[rows], facecolors=colour, alpha=alpha, edgecolors="none", zorder=2
                )
            )
        for h, text in (labels or {}).items():
            if h in index and h in self._drawn:
                x, y = self.shape.centers[index[h]]
                self.ax.text(
                    x,
                    y + self.hex_size * label_at,
                    text,
                    fontsize=self.font(0.16),
                    ha="center",
                    va="center",
                    weight="bold",
                    zorder=8,
                    clip_on=True,
                )
        if label:
            self.legend_handles.append(Patch(facecolor=colour, alpha=alpha, label=label))

    def path(self, hex_ids: list[str], colour: str = "#d02090", label: str | None = None) -> None:
        """A line through the centres of hexes of this sheet (a supply line, a move)."""
        on = [h for h in hex_ids if self._on_sheet(h)]
        if len(on) < 2 or (self.window is not None and not any(h in self._drawn for h in on)):
            return
        pts = np.array([self.shape.centre(h) for h in on])
        self.ax.plot(pts[:, 0], pts[:, 1], color=colour, linewidth=2.5, zorder=9, label=label)

    def segments(
        self,
        segs: list[np.ndarray],
        *,
        colour: str,
        linewidth: float,
        linestyle: object = "solid",
        label: str | None = None,
        zorder: float = 9,
    ) -> None:
        """Line segments in sheet pixels (rail nets of an overlay), one style, with a legend entry."""
        if segs:
            self.ax.add_collection(
                LineCollection(segs, colors=colour, linewidths=linewidth, linestyles=linestyle, zorder=zorder)
            )
        if label:
            self.legend_handles.append(
                Line2D([], [], color=colour, linewidth=linewidth, linestyle=linestyle, label=label)
            )

    def mark(self, hex_id: str, text: str, colour: str = "#000000") -> None:
        """A boxed label on a hex (a unit, an HQ)."""
        if not self._on_sheet(hex_id) or (self.window is not None and hex_id not in self._drawn):
            return
        x, y = self.shape.centre(hex_id)
        self.ax.text(
            x,
            y,
            text,
            fontsize=self.font(0.16),
            ha="center",
            va="center",
            color="white",
            weight="bold",
            zorder=10,
            clip_on=True,
            bbox={"facecolor": colour, "edgecolor": "white", "pad": 1.5},
        )

    def facing(self, hex_id: str, direction: int, colour: str = "#000000", size: float = 0.45) -> None:
        """An arrow from a hex's centre toward the middle of its side ``direction`` (a unit's
        facing: the hexside its counter points at)."""
        if not self._on_sheet(hex_id) or (self.window is not None and hex_id not in self._drawn):
            return
        ref = self.map.ref(hex_id)
        corners = self.map.grid_of(hex_id).corners(ref.col, ref.row)
        x, y = self.map.center(hex_id)
        mx, my = (corners[direction % 6] + corners[(direction + 1) % 6]) / 2
        self.ax.annotate(
            "",
            xy=(x + (mx - x) * size * 2, y + (my - y) * size * 2),
            xytext=(x, y),
            arrowprops={"arrowstyle": "-|>", "color": colour, "lw": 1.6},
            zorder=11,
        )

    def note(self, hex_id: str, text: str, colour: str) -> None:
        """A white box with coloured text near a hex (capacity of a rail net)."""
        if not self._on_sheet(hex_id) or (self.window is not None and hex_id not in self._drawn):
            return
        x, y = self.shape.centre(hex_id)
        self.ax.text(
            x,
            y - self.hex_size * 0.3,
            text,
            fontsize=self.font(0.15),
            ha="center",
            va="center",
            color=colour,
            weight="bold",
            zorder=11,
            clip_on=True,
            bbox={"facecolor": "white", "edgecolor": colour, "pad": 1.5, "alpha": 0.9},
        )

    def add_legend(self, fontsize: float | None = None, outside: bool = False) -> None:
        """The legend of what was drawn: in the map's lower right corner, or ``outside`` it, to the
        right of the map (a picture keeps a panel there for it)."""
        if self.legend_handles:
            where = {"loc": "upper left", "bbox_to_anchor": (1.0, 1.0)} if outside else {"loc": "lower right"}
            self.ax.legend(
                handles=self.legend_handles,
                fontsize=fontsize or self.font(0.12),
                framealpha=0.85,
                **where,
            )


class MapPicture:
    """A drawing of one whole sheet of a map as a picture; add overlays, then save."""

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
        shape = shape_of(m, sheet)
        self.shape = shape
        self.sheet_index = shape.sheet_index
        self.grid = shape.grid
        self.dpi = dpi
        self.ids = shape.ids
        self.polys = shape.polys
        self.centers = shape.centers
        lo, hi = shape.lo, shape.hi
        pad = 10.0
        self.extent = (lo[0] - pad, hi[0] + pad, lo[1] - pad, hi[1] + pad)
        if image_frame:
            if lo.min() < 0:
                raise InputError(
                    "the grid reaches left of or above pixel 0 of its sheet image; move its origin"
                )
            self.extent = (0.0, float(np.ceil(hi[0] + pad)), 0.0, float(np.ceil(hi[1] + pad)))
        w, h = self.extent[1] - self.extent[0], self.extent[3] - self.extent[2]
        # a picture for people: hexes drawn at least MIN_HEX_PX across (ids readable), a band above
        # the map for the title and a panel right of it for the legend, so neither covers a hex;
        # a board image (image_frame) keeps the sheet's own pixels
        self.scale = 1.0
        if not image_frame:
            wanted = max(1.0, MIN_HEX_PX / max(shape.hex_size, 1e-6))
            self.scale = min(wanted, max(1.0, (MAX_PICTURE_PX / max(w * h, 1.0)) ** 0.5))
        self.margins = (0.0, 0.0) if image_frame else (PANEL_PX, TITLE_PX)
        fw, fh = w * self.scale + self.margins[0], h * self.scale + self.margins[1]
        self.fig = plt.figure(figsize=(fw / dpi, fh / dpi), dpi=dpi)
        self.ax = self.fig.add_axes((0, 0, w * self.scale / fw, h * self.scale / fh))
        self.ax.set_xlim(self.extent[0], self.extent[1])
        self.ax.set_ylim(self.extent[3], self.extent[2])  # y down, as in the image
        self.ax.set_aspect("equal")
        self.ax.axis("off")
        self.hex_size = shape.hex_size
        self.canvas = MapCanvas(self.ax, shape, pt_per_px=72 * self.scale / dpi)
        self.canvas.draw_base(show_ids)
        self.title = None
        if title and not image_frame:
            self.title = self.fig.text(
                8 / fw, 1 - 8 / fh, title, fontsize=13, va="top", ha="left", weight="bold"
            )

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """(row, column) in the saved picture of sheet pixel (x, y): the map lies below the title
        band, enlarged by :attr:`scale`."""
        return (
            int(round(self.margins[1] + (y - self.extent[2]) * self.scale)),
            int(round((x - self.extent[0]) * self.scale)),
        )

    # overlays: see MapCanvas
    def shade(self, *args, **kwargs) -> None:
        self.canvas.shade(*args, **kwargs)

    def path(self, *args, **kwargs) -> None:
        self.canvas.path(*args, **kwargs)

    def mark(self, *args, **kwargs) -> None:
        self.canvas.mark(*args, **kwargs)

    def png_bytes(self, legend: bool = False) -> bytes:
        """The picture as PNG bytes, with no time or version stamps (same map, same bytes)."""
        import io

        if legend:
            self.canvas.add_legend()
        buf = io.BytesIO()
        try:
            self.fig.savefig(buf, dpi=self.dpi, format="png", metadata={"Software": None})
        finally:
            plt.close(self.fig)
        return buf.getvalue()

    def save(self, path: str | Path, legend: bool = True) -> None:
        """Write PNG or PDF (by suffix) atomically."""
        if legend:
            self.canvas.add_legend(fontsize=10, outside=self.margins[0] > 0)
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
