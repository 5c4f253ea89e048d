"""`railhead print-map`: a map at true printed scale, cut into overlapping pages with crop and
registration marks, an index page first, and engine overlays if asked.

Every page is a matplotlib figure of the paper's size; the map axes of a tile shows the tile's
window of the sheet at exactly ``mm_per_px`` millimetres per sheet pixel, drawn by the same
:class:`~railhead.exporters.mapview.MapCanvas` as the PNG pictures (or the scan, when there is one,
in place of the re-rendered map). Pages are written one at a time (each figure closed before the
next), and each draws only the hexes its window touches, so memory does not grow with the map.
Fonts are embedded as TrueType (``pdf.fonttype`` 42); no date is written, so the same input gives
the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.patches import Rectangle

from ...errors import InputError
from ...files import atomic_path
from ...mapdata.model import MapData
from ..engine_maps import Overlay
from ..mapview import MapCanvas, SheetShape, Window
from .pdf import paper_size
from .print_marks import crop_marks, page_axes, registration_mark, tile_margins
from .tiles import MARK_RADIUS_MM, OVERLAP_MM, PrintScale, TileLayout, plan_tiles, print_scale

PT_PER_MM = 72 / 25.4
INDEX_HEADER_MM = 34.0
THUMB_MAX_PX = 2000
"""A scan is thinned to about this many pixels across for the index page's thumbnail."""


@dataclass(frozen=True)
class Scan:
    """A scanned sheet: RGB pixels whose (0, 0) is the sheet's pixel (0, 0), and its resolution."""

    image: np.ndarray
    dpi: float | None
    name: str


def read_scan(path: str | Path) -> Scan:
    """Read a scan (PNG, JPEG, TIFF...) with its resolution from the file's metadata, if any."""
    from PIL import Image, UnidentifiedImageError

    p = Path(path)
    try:
        with Image.open(p) as img:
            info_dpi = img.info.get("dpi")
            image = np.asarray(img.convert("RGB"))
    except FileNotFoundError:
        raise InputError("no such scan file", file=p) from None
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise InputError(f"cannot read the scan as an image ({exc.__class__.__name__})", file=p) from None
    dpi = None
    if info_dpi:
        try:
            value = float(info_dpi[0])
        except (TypeError, ValueError, IndexError):
            value = 0.0
        # PNG stores dots per metre: 100 dpi reads back as 99.9998
        dpi = round(value, 2) if math.isfinite(value) and value > 1 else None
    return Scan(image, dpi, p.name)


def sheet_scan(m: MapData, map_file: str | Path, sheet: str = "") -> tuple[Path | None, str | None]:
    """The scan a sheet names (its ``image``, beside the map file), and a note when it names one
    that is not there (the map is then re-rendered from map data)."""
    image = m.sheets[m.sheet_index(sheet)].image
    if not image:
        return None, None
    path = Path(map_file).parent / image
    if path.is_file():
        return path, None
    return None, f"the sheet's image {image} is not beside {Path(map_file).name}; re-rendering from map data"


def choose_scan(
    m: MapData, map_file: str | Path, scan: str | Path | None, no_scan: bool, sheet: str = ""
) -> tuple[Scan | None, str | None]:
    """What a print shows under the overlays: the scan given, else the sheet's own image beside
    the map file, else nothing (re-rendered from map data; with a note when the image is missing)."""
    if no_scan:
        return None, None
    if scan is not None:
        return read_scan(scan), None
    found, note = sheet_scan(m, map_file, sheet)
    return (read_scan(found) if found else None), note


def _map_axes(fig: plt.Figure, layout_page: tuple[float, float], box: tuple[float, float, float, float]):
    pw, ph = layout_page
    left, bottom, w, h = box
    ax = fig.add_axes((left / pw, bottom / ph, w / pw, h / ph))
    ax.axis("off")
    return ax


def _show(ax, window: Window) -> None:
    ax.set_xlim(window[0], window[1])
    ax.set_ylim(window[3], window[2])  # y down, as on the sheet


def _draw_map(canvas: MapCanvas, scan: Scan | None, overlays: Sequence[Overlay], *, show_ids: bool, stride=1):
    if scan is not None:
        canvas.draw_image(scan.image, stride=stride)
    else:
        canvas.draw_base(show_ids)
    for ov in overlays:
        ov.draw(canvas)


def _index_page(
    pdf: PdfPages,
    shape: SheetShape,
    layout: TileLayout,
    scale: PrintScale,
    *,
    title: str,
    lines: list[str],
    scan: Scan | None,
    overlays: Sequence[Overlay],
) -> None:
    pw, ph = layout.page_mm
    m = layout.margin_mm
    fig = plt.figure(figsize=(pw / 25.4, ph / 25.4))
    try:
        head = page_axes(fig, layout.page_mm)
        head.text(m, ph - m, title, fontsize=14, weight="bold", ha="left", va="top")
        head.text(m, ph - m - 8, "\n".join(lines), fontsize=7.5, ha="left", va="top", linespacing=1.4)
        whole = layout.whole_window()
        ww, wh = whole[1] - whole[0], whole[3] - whole[2]
        bw, bh = pw - 2 * m, ph - 2 * m - INDEX_HEADER_MM
        k = min(bw / ww, bh / wh)  # mm per px on the thumbnail
        box = (m + (bw - ww * k) / 2, m + (bh - wh * k) / 2, ww * k, wh * k)
        ax = _map_axes(fig, layout.page_mm, box)
        canvas = MapCanvas(ax, shape, pt_per_px=k * PT_PER_MM)
        stride = max(1, math.ceil(scan.image.shape[1] / THUMB_MAX_PX)) if scan is not None else 1
        _draw_map(canvas, scan, overlays, show_ids=False, stride=stride)
        for tile in layout.tiles():
            x0, x1, y0, y1 = tile.window
            ax.add_patch(
                Rectangle(
                    (x0, y0), x1 - x0, y1 - y0, facecolor="none", edgecolor="#c00000", lw=1.0, zorder=30
                )
            )
            ax.text(
                (x0 + x1) / 2,
                (y0 + y1) / 2,
                tile.label,
                fontsize=18,
                weight="bold",
                color="#c00000",
                ha="center",
                va="center",
                zorder=31,
                bbox={"facecolor": "white", "alpha": 0.75, "edgecolor": "none", "pad": 2},
            )
        if overlays:
            canvas.add_legend(fontsize=6)
        _show(ax, whole)
        pdf.savefig(fig)
    finally:
        plt.close(fig)


def _tile_page(
    pdf: PdfPages,
    shape: SheetShape,
    layout: TileLayout,
    tile,
    marks: list[tuple[float, float]],
    *,
    scan: Scan | None,
    overlays: Sequence[Overlay],
    show_ids: bool,
    title: str,
    footer: str,
    page_no: int,
    pages: int,
) -> None:
    pw, ph = layout.page_mm
    fig = plt.figure(figsize=(pw / 25.4, ph / 25.4))
    try:
        ax = _map_axes(fig, layout.page_mm, layout.content_box_mm)
        canvas = MapCanvas(ax, shape, pt_per_px=layout.mm_per_px * PT_PER_MM, window=tile.window)
        _draw_map(canvas, scan, overlays, show_ids=show_ids)
        x0, x1, y0, y1 = tile.window
        r = layout.px(MARK_RADIUS_MM)
        for x, y in marks:
            if x0 + r <= x <= x1 - r and y0 + r <= y <= y1 - r:
                registration_mark(ax, x, y, layout.mm_per_px)
        _show(ax, tile.window)
        margin = page_axes(fig, layout.page_mm)
        crop_marks(margin, layout.content_box_mm)
        tile_margins(margin, layout, tile, title=title, footer=footer, page_no=page_no, pages=pages)
        pdf.savefig(fig)
    finally:
        plt.close(fig)


def print_map(
    m: MapData,
    out: str | Path,
    *,
    sheet: str = "",
    paper: str = "a4",
    hex_mm: float | None = None,
    dpi: float | None = None,
    scale: float = 1.0,
    scan: Scan | None = None,
    overlays: Sequence[Overlay] = (),
    overlap_mm: float = OVERLAP_MM,
    show_ids: bool = True,
    progress: Callable[[str], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Write the tiled print of one sheet to ``out`` (PDF); return a summary of what was written.

    The scale comes from ``hex_mm``, ``dpi``, the scan's resolution or the default hex size, in that
    order (see :func:`~.tiles.print_scale`), times ``scale``. ``on_plan`` hears the number of pages
    once they are known; ``progress`` hears the label of each page written.
    """
    if m.kind != "hex" or not m.sheets:
        raise InputError("print-map prints hex maps; this map has no hex sheet")
    shape = SheetShape(m, sheet)
    sheet_id = m.sheets[shape.sheet_index].id
    overlays = [ov for ov in overlays if ov.sheet == sheet_id or len(m.sheets) == 1]
    pscale = print_scale(shape, hex_mm=hex_mm, dpi=dpi, scan_dpi=scan.dpi if scan else None, scale=scale)
    layout = plan_tiles(shape, pscale, paper_size(paper), overlap_mm=overlap_mm)
    tiles = layout.tiles()
    marks = layout.registration_marks()
    pages = len(tiles) + 1
    if on_plan:
        on_plan(pages)
    name = m.name or Path(out).stem
    title = name + (f", sheet {sheet_id}" if sheet_id else "")
    orient = "landscape" if layout.landscape else "portrait"
    lines = [
        f"{len(tiles)} tile(s), {layout.rows} row(s) x {layout.cols} column(s), on {paper.upper()} {orient}; "
        f"{len(m.hexes)} hexes",
        f"scale: {pscale.source}: 1 hex = {pscale.hex_mm:.1f} mm across flats; "
        "overlap between tiles: {:.0f} mm across, {:.0f} mm down".format(*layout.overlap_xy),
        f"map: {'the scan ' + scan.name if scan else 're-rendered from map data'}"
        + (f"; overlays: {'; '.join(ov.title for ov in overlays)}" if overlays else ""),
        "Print at actual size (100 %, not 'fit to page'); each page's 50 mm bar must measure 50 mm.",
        "Trim a tile at its crop marks, lay it over its neighbour so that the registration marks coincide,",
        "and tape. Each tile names its neighbours in the margin.",
    ]
    footer = f"{pscale.source}; 1 hex = {pscale.hex_mm:.1f} mm"
    with (
        matplotlib.rc_context({"pdf.fonttype": 42, "pdf.compression": 6}),
        atomic_path(out, suffix=".pdf") as tmp,
    ):
        meta = {"Title": title, "Creator": "railhead", "Producer": "railhead", "CreationDate": None}
        with PdfPages(tmp, metadata=meta) as pdf:
            _index_page(pdf, shape, layout, pscale, title=title, lines=lines, scan=scan, overlays=overlays)
            if progress:
                progress("index")
            for k, tile in enumerate(tiles, start=2):
                _tile_page(
                    pdf,
                    shape,
                    layout,
                    tile,
                    marks,
                    scan=scan,
                    overlays=overlays,
                    show_ids=show_ids,
                    title=title,
                    footer=footer,
                    page_no=k,
                    pages=pages,
                )
                if progress:
                    progress(tile.label)
    return {
        "out": str(out),
        "paper": paper.lower(),
        "orientation": orient,
        "pages": pages,
        "rows": layout.rows,
        "cols": layout.cols,
        "tiles": [t.label for t in tiles],
        "mm_per_px": pscale.mm_per_px,
        "hex_mm": pscale.hex_mm,
        "scale": pscale.source,
        "overlap_mm": layout.overlap_mm,
        "overlaps_mm": [round(v, 2) for v in layout.overlap_xy],
        "scan": scan.name if scan else None,
        "overlays": [ov.title for ov in overlays],
    }
