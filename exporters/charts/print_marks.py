"""What a printed map page carries besides the map: crop marks, registration marks, margin labels.

Margin items are drawn on a full-page axes in millimetres (origin at the lower left corner, y up);
registration marks are drawn on the map axes in sheet pixels, so they sit at the same map position
on every tile that shows them.
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from .tiles import MARK_RADIUS_MM, Tile, TileLayout

CROP_GAP_MM = 1.5
CROP_LEN_MM = 6.0
MARK_LINE_PT = 0.7
TEXT = "#202020"


def page_axes(fig: Figure, page_mm: tuple[float, float]) -> Axes:
    """An axes over the whole page whose data units are millimetres, drawn over the map axes."""
    ax = fig.add_axes((0, 0, 1, 1), zorder=5)
    ax.set_xlim(0, page_mm[0])
    ax.set_ylim(0, page_mm[1])
    ax.axis("off")
    ax.patch.set_alpha(0)
    return ax


def crop_marks(ax: Axes, box: tuple[float, float, float, float]) -> None:
    """Short lines in the margin continuing each edge of the printed area ``box`` (mm)."""
    left, bottom, w, h = box
    xs, ys = (left, left + w), (bottom, bottom + h)
    for x in xs:
        for y in ys:
            out_x = -1 if x == left else 1
            out_y = -1 if y == bottom else 1
            gx, gy = x + out_x * CROP_GAP_MM, y + out_y * CROP_GAP_MM
            ax.plot([x, x], [gy, gy + out_y * CROP_LEN_MM], color="black", linewidth=0.4)
            ax.plot([gx, gx + out_x * CROP_LEN_MM], [y, y], color="black", linewidth=0.4)


def registration_mark(ax: Axes, x: float, y: float, mm_per_px: float) -> None:
    """A white disc with a black ring and cross centred on sheet pixel (x, y)."""
    r = MARK_RADIUS_MM / mm_per_px
    ax.add_patch(Circle((x, y), r, facecolor="white", edgecolor="none", zorder=20))
    ax.add_patch(
        Circle((x, y), r * 0.62, facecolor="none", edgecolor="black", linewidth=MARK_LINE_PT, zorder=21)
    )
    ax.plot([x - r, x + r], [y, y], color="black", linewidth=MARK_LINE_PT, zorder=21, solid_capstyle="butt")
    ax.plot([x, x], [y - r, y + r], color="black", linewidth=MARK_LINE_PT, zorder=21, solid_capstyle="butt")


def tile_margins(
    ax: Axes,
    layout: TileLayout,
    tile: Tile,
    *,
    title: str,
    footer: str,
    page_no: int,
    pages: int,
) -> None:
    """Tile label, neighbours beyond each edge, title, footer and a 50 mm scale bar, in the margin."""
    pw, ph = layout.page_mm
    left, bottom, w, h = layout.content_box_mm
    top = bottom + h
    m = layout.margin_mm
    ax.text(pw - m, top + m / 2, tile.label, fontsize=16, weight="bold", ha="right", va="center", color=TEXT)
    ax.text(m, top + m / 2, title, fontsize=8, ha="left", va="center", color=TEXT)
    arrows = {  # rotated text: the triangle always points off the page, toward the neighbour
        "up": (left + w / 2, top + m / 2, "\u25b2 ", 0),
        "down": (left + w / 2, bottom - m / 2, "\u25bc ", 0),
        "left": (left - m / 2, bottom + h / 2, "\u25b2 ", 90),
        "right": (left + w + m / 2, bottom + h / 2, "\u25b2 ", 270),
    }
    for side, (x, y, arrow, rot) in arrows.items():
        if side in tile.neighbours:
            ax.text(
                x,
                y,
                arrow + tile.neighbours[side],
                fontsize=9,
                weight="bold",
                ha="center",
                va="center",
                rotation=rot,
                color=TEXT,
            )
    ax.text(left, bottom - m / 2 + 1.6, f"page {page_no} of {pages}", fontsize=7, ha="left", va="center")
    ax.text(left, bottom - m / 2 - 1.8, footer, fontsize=6.5, ha="left", va="center", color=TEXT)
    scale_bar(ax, left + w - 50, bottom - m / 2)


def scale_bar(ax: Axes, x: float, y: float) -> None:
    """A 50 mm bar in 10 mm steps: print at actual size and it measures 50 mm."""
    for k in range(5):
        ax.add_patch(
            Rectangle(
                (x + 10 * k, y - 0.8),
                10,
                1.6,
                facecolor="black" if k % 2 == 0 else "white",
                edgecolor="black",
                linewidth=0.4,
            )
        )
    ax.text(x + 25, y + 1.3, "50 mm", fontsize=6, ha="center", va="bottom", color=TEXT)
