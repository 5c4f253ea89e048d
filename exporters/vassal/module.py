"""Writing a data-only VASSAL module (``.vmod``) from map data.

One Map ("Main Map") whose BoardPicker holds one Board per sheet (a sheet whose image is too large
for VASSAL is cut into several boards, laid out by the picker's default setup: :mod:`.tiles`),
each with its board image and a
``HexGrid``/``HexGridNumbering`` from :func:`.grid.translate` (so VASSAL names every hex exactly as
the printed map does), plus the map components that let pieces be dragged and selected (PieceMover,
KeyBufferer, StackMetrics, …: ``shared/docs/vassal-and-landscape.md`` §1.3-1.4). Roster units
become PieceSlots whose pieces share prototypes (``Unit``, one per side and per nation: see
:mod:`.pieces`) defined in the PrototypesContainer. The output is
deterministic: the same map gives the same bytes (fixed zip timestamps and entry order, no dates in
``moduledata``, PNGs without time stamps).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from ...errors import InputError
from ...files import atomic_output
from ...mapdata.model import MapData
from .grid import translate
from .pieces import MOVED_IMAGE, piece_definition, prototypes_for
from .tiles import MAX_BOARD_PX, Cut, crop_png, cuts, rows_needed, setup_text

B = "VASSAL.build"
MAP_NAME = "Main Map"
VASSAL_VERSION = "3.6.0"
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def _el(parent: ET.Element | None, tag: str, **attrs: str) -> ET.Element:
    e = (
        ET.Element(tag, {k: str(v) for k, v in attrs.items()})
        if parent is None
        else ET.SubElement(parent, tag, {k: str(v) for k, v in attrs.items()})
    )
    return e


def board_image(m: MapData, sheet: int) -> bytes:
    """A board picture whose pixels are the sheet grid's pixels (rendered from the map data)."""
    from ..mapview import MapPicture

    return MapPicture(m, m.sheets[sheet].id, show_ids=True, image_frame=True).png_bytes()


def _image_size(png: bytes) -> tuple[int, int]:
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("board images must be PNG")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def piece_slot_text(unit: dict, image: str) -> str:
    """The AddPiece a PieceSlot holds for a roster unit: its prototypes (``Unit``, side, nation),
    a Marker with its own properties, and a BasicPiece (:func:`.pieces.piece_definition`)."""
    return piece_definition(unit, image)


def moved_png() -> bytes:
    """The 16 x 16 "moved" flag the ``Unit`` prototype's MovementMarkable trait shows."""
    from PIL import Image, ImageDraw

    img = Image.new("RGBA", (16, 16), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([1, 1, 14, 14], fill=(230, 200, 40, 255), outline=(0, 0, 0, 255))
    d.line([4, 8, 11, 8], fill=(0, 0, 0, 255), width=2)
    d.polygon([(9, 5), (12, 8), (9, 11)], fill=(0, 0, 0, 255))
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def _parts(poly, window: Cut | None) -> list[list[tuple[float, float]]]:
    """The outlines of ``poly`` on a board showing ``window`` of the sheet (all of it if None), in
    the board's pixels."""
    from shapely import box
    from shapely.affinity import translate

    if window is not None:
        poly = translate(
            poly.intersection(box(window.x0, window.y0, window.x1, window.y1)), -window.x0, -window.y0
        )
    geoms = [g for g in getattr(poly, "geoms", [poly]) if g.geom_type == "Polygon" and not g.is_empty]
    return [list(g.exterior.coords)[:-1] for g in geoms]


def _hex_zones(zoned: ET.Element, m: MapData, sheet: int, window: Cut | None = None) -> None:
    """The fallback when no VASSAL grid numbering fits (a rotated sheet, say): one zone per hex,
    named with the hex's id and carrying its terrain, so locations read as printed."""
    from shapely import Polygon

    grid = m.sheets[sheet].grid
    for h in m.hexes.values():
        ref = m.ref(h.id)
        if ref.sheet == sheet:
            for corners in _parts(Polygon(grid.corners(ref.col, ref.row)), window):
                _terrain_zone(zoned, h.id, corners, h.terrain, on_grid=False)


def _terrain_zones(zoned: ET.Element, m: MapData, sheet: int, window: Cut | None = None) -> None:
    """One zone per connected region of one terrain, carrying a ``Terrain`` property, so VASSAL
    users see each hex's terrain ($Terrain$ in piece labels, the mouse-over viewer, reports).
    Zones use the board's hex grid, so locations keep their printed names. On a board cut from
    the sheet, each region is clipped to the board (and keeps its name on every board)."""
    from shapely import Polygon, union_all

    grid = m.sheets[sheet].grid
    by_terrain: dict[str, list] = {}
    for h in m.hexes.values():
        ref = m.ref(h.id)
        if ref.sheet == sheet:
            by_terrain.setdefault(h.terrain, []).append(Polygon(grid.corners(ref.col, ref.row)))
    regions = []
    for terrain in sorted(by_terrain):
        # snapped to 1/100 px so neighbouring hexes share their corners exactly and merge
        merged = union_all(by_terrain[terrain], grid_size=0.01)
        for n, poly in enumerate(getattr(merged, "geoms", [merged]), start=1):
            for corners in _parts(poly, window):
                regions.append((Polygon(corners).area, f"{terrain} {n}", corners, terrain))
    # A zone is a polygon without holes and ZonedGrid takes the first zone containing a point, so
    # a region enclosed by another (woods ringed by clear) must come first: smallest outline first.
    for _, name, corners, terrain in sorted(regions, key=lambda r: (r[0], r[1])):
        _terrain_zone(zoned, name, corners, terrain, on_grid=True)


def _terrain_zone(zoned: ET.Element, name: str, corners, terrain: str, *, on_grid: bool) -> None:
    """A zone over ``corners`` with a ``Terrain`` zone property. ``on_grid`` zones name locations
    with the board's grid; the others name every location in them with the zone's own name."""
    pts = [f"{round(x)},{round(y)}" for x, y in corners]
    zone = _el(
        zoned,
        f"{B}.module.map.boardPicker.board.mapgrid.Zone",
        name=name,
        path=";".join(pts),
        useParentGrid="true" if on_grid else "false",
        locationFormat="$gridLocation$" if on_grid else "$name$",
        useHighlight="false",
        highlightProperty="",
    )
    _el(
        zone,
        f"{B}.module.properties.ZoneProperty",
        name="Terrain",
        initialValue=terrain,
        isNumeric="false",
        min="0",
        max="100",
        wrap="false",
        description="terrain (railhead)",
    )


@dataclass(frozen=True)
class BoardSpec:
    """One board of the module: which sheet, its name and image, and the part of the sheet it
    shows (None: all of it)."""

    sheet: int
    name: str
    image: str
    png: bytes
    cut: Cut | None = None


def _boards(
    m: MapData,
    image_for: Callable[[MapData, int], bytes],
    progress: Callable[[str], None] | None,
    max_px: int | None,
    notes: list[str],
) -> tuple[list[BoardSpec], str | None]:
    """The boards of the module and, when a sheet had to be cut, the BoardPicker's default layout:
    sheets side by side, each cut into the same number of rows (:mod:`.tiles`). An area map has
    one board of its areas (:mod:`.area_board`)."""
    if m.kind == "area":
        from .area_board import area_board_image

        png = area_board_image(m) if image_for is board_image else image_for(m, 0)
        return [BoardSpec(0, "Map", "board-areas.png", png)], None
    pngs = []
    for k, sheet in enumerate(m.sheets):
        pngs.append(image_for(m, k))
        if progress:
            progress(f"board {sheet.id or 'map'}")
    sizes = [_image_size(png) for png in pngs]
    stems = [f"board-{sheet.id or 'map'}".replace(":", "-") for sheet in m.sheets]
    if max_px is None or all(w <= max_px and h <= max_px for w, h in sizes):
        return [BoardSpec(k, s.id or "Map", stems[k] + ".png", pngs[k]) for k, s in enumerate(m.sheets)], None
    rows = rows_needed(sizes, max_px)
    boards, placed, col0 = [], [], 0
    for k, sheet in enumerate(m.sheets):
        base, (w, h) = sheet.id or "Map", sizes[k]
        parts = cuts(w, h, max_px, rows)
        n_cols = 1 + max(c.col for c in parts)
        n_rows = 1 + max(c.row for c in parts)
        for cut in parts:
            bname, image = (
                f"{base} {cut.row + 1}-{cut.col + 1}",
                f"{stems[k]}-{cut.row + 1}-{cut.col + 1}.png",
            )
            boards.append(BoardSpec(k, bname, image, crop_png(pngs[k], cut), cut))
            placed.append((bname, col0 + cut.col, cut.row))
        col0 += n_cols
        if n_cols * n_rows > 1:
            notes.append(
                f"sheet {sheet.id or '(main)'}: its {w} x {h} px image is cut into {n_rows} x {n_cols} "
                f"boards of at most {max_px} px a side (VASSAL runs out of memory on larger boards)"
            )
    return boards, setup_text(MAP_NAME, placed)


def build_file(
    m: MapData,
    boards: list[BoardSpec],
    name: str,
    version: str = "0.1",
    pieces: list[tuple[dict, str]] = (),
    notes: list[str] | None = None,
    setup: str | None = None,
) -> bytes:
    """The ``buildFile.xml`` text of the module (``boards``: one per sheet, or several per sheet
    cut from a large one; ``pieces``: roster rows with their image; ``setup``: the BoardPicker's
    default layout; ``notes`` collects what the user should know, such as sheets numbered by
    zones)."""
    notes = [] if notes is None else notes
    root = _el(
        None,
        f"{B}.GameModule",
        name=name,
        version=version,
        description=m.name,
        ModuleOther1="",
        ModuleOther2="",
        VassalVersion=VASSAL_VERSION,
        nextPieceSlotId=str(len(pieces) + 1),
    )
    for comp in ("BasicCommandEncoder", "Documentation", "GlobalOptions", "PlayerRoster"):
        _el(root, f"{B}.module.{comp}")
    protos = _el(root, f"{B}.module.PrototypesContainer")
    if pieces:
        for pname, text in prototypes_for(unit for unit, _ in pieces).items():
            _el(protos, f"{B}.module.PrototypeDefinition", name=pname, description="railhead").text = text
    for comp in ("Chatter", "KeyNamer"):
        _el(root, f"{B}.module.{comp}")
    mp = _el(
        root,
        f"{B}.module.Map",
        mapName=MAP_NAME,
        edgeWidth="0",
        edgeHeight="0",
        allowMultiple="false",
        backgroundcolor="255,255,255",
        buttonName="Main Map",
        markMoved="Always",
        hotkey="",
        icon="",
        launch="false",
    )
    picker = _el(
        mp,
        f"{B}.module.map.BoardPicker",
        title="Choose Boards",
        addColumnText="Add column",
        addRowText="Add row",
        boardPrompt="Select board",
        slotHeight="125",
        slotScale="0.2",
        slotWidth="350",
        selectButtonText="Select",
    )
    if setup is not None:
        ET.SubElement(picker, "setup").text = setup
    for spec in boards:
        w, h = _image_size(spec.png)
        board = _el(
            picker,
            f"{B}.module.map.boardPicker.Board",
            name=spec.name,
            image=spec.image,
            reversible="false",
            width=str(w),
            height=str(h),
            color="",
        )
        zoned = _el(board, f"{B}.module.map.boardPicker.board.ZonedGrid")
        if m.kind == "area":  # zones named by area id
            from .area_board import add_area_zones

            add_area_zones(zoned, m)
            continue
        sheet = m.sheets[spec.sheet]
        offset = None if spec.cut is None else (spec.cut.x0, spec.cut.y0)
        try:
            vg = translate(sheet.grid, w, h, sheet.prefix, offset=offset)
        except InputError as exc:  # VASSAL's numbering cannot say it: one zone per hex instead
            where = sheet.id or "(main)"
            where += "" if spec.cut is None else f", board {spec.name}"
            notes.append(f"sheet {where}: hexes named by zones: {exc.message}")
            _hex_zones(zoned, m, spec.sheet, spec.cut)
            continue
        _terrain_zones(zoned, m, spec.sheet, spec.cut)
        grid = _el(zoned, f"{B}.module.map.boardPicker.board.HexGrid", **vg.grid_attributes())
        _el(grid, f"{B}.module.map.boardPicker.board.mapgrid.HexGridNumbering", **vg.numbering_attributes())
    _el(
        mp,
        f"{B}.module.map.StackMetrics",
        bottom="-1",
        disabled="false",
        downKey="",
        exSepX="6",
        exSepY="18",
        top="40",
        unexSepX="8",
        unexSepY="16",
        upKey="",
    )
    for comp in (
        "PieceMover",
        "KeyBufferer",
        "ForwardToKeyBuffer",
        "MenuDisplayer",
        "StackExpander",
        "Scroller",
        "ForwardToChatter",
        "MapCenterer",
        "PieceRecenterer",
        "SelectionHighlighters",
        "HighlightLastMoved",
    ):
        _el(mp, f"{B}.module.map.{comp}")
    _el(mp, f"{B}.module.map.Zoomer", zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0", zoomStart="4")
    _el(
        mp,
        f"{B}.module.map.CounterDetailViewer",
        delay="700",
        showgraph="true",
        showtext="true",
        display="from top-most layer only",
    )
    if pieces:
        window = _el(
            root,
            f"{B}.module.PieceWindow",
            name="Counters",
            allowHidePieces="true",
            hidden="false",
            hotkey="",
            icon="",
            scale="1.0",
            text="Counters",
            tooltip="Counters",
        )
        for k, (unit, image) in enumerate(pieces, start=1):
            slot = _el(
                window, f"{B}.widget.PieceSlot", entryName=unit["name"], gpid=str(k), width="64", height="64"
            )
            slot.text = piece_slot_text(unit, image)
    ET.indent(root, "  ")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def module_data(name: str, description: str, version: str = "0.1") -> bytes:
    """``moduledata`` (§1.2); ``dateSaved`` is 0 so that exports are reproducible."""
    root = ET.Element("data", {"version": "1"})
    for tag, text in (
        ("version", version),
        ("extra1", ""),
        ("extra2", ""),
        ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", "0"),
        ("description", description),
        ("name", name),
    ):
        ET.SubElement(root, tag).text = text
    ET.indent(root, "  ")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def write_module(
    m: MapData,
    path: str | Path,
    name: str | None = None,
    image_for: Callable[[MapData, int], bytes] = board_image,
    progress: Callable[[str], None] | None = None,
    roster: dict[str, dict] | None = None,
    max_board_px: int | None = MAX_BOARD_PX,
    finish: Callable[[dict[str, bytes]], dict[str, bytes]] | None = None,
) -> list[str]:
    """Write ``m`` as a data-only .vmod at ``path`` (atomically, deterministically); ``roster``
    (piece name -> unit row, as ``railhead check`` reads it) adds a counter for each unit. A sheet
    whose image has a side over ``max_board_px`` (None: no limit) is cut into several boards
    (:mod:`.tiles`). ``finish`` changes the archive's entries (name -> bytes) before they are
    written, once: the live referee's component (:func:`.referee.with_component`). Returns notes
    for the user (e.g. a sheet whose hexes VASSAL names through zones, or one cut into boards)."""
    notes: list[str] = []
    name = name or m.name or "railhead map"
    boards, setup = _boards(m, image_for, progress, max_board_px, notes)
    pieces = []
    counter_images = {}
    if roster:
        from .counters import counter_png

        for k, (pname, row) in enumerate(sorted(roster.items()), start=1):
            image = f"counter-{k:04d}.png"
            counter_images[image] = counter_png({"name": pname, **row})
            pieces.append(({"name": pname, **row}, image))
        counter_images[MOVED_IMAGE] = moved_png()
    entries = {
        "buildFile.xml": build_file(m, boards, name, pieces=pieces, notes=notes, setup=setup),
        "moduledata": module_data(name, m.name),
    }
    for file_name, png in [*((b.image, b.png) for b in boards), *counter_images.items()]:
        entries[f"images/{file_name}"] = png
    if finish is not None:
        entries = finish(entries)
    # straight into the output's temporary file, renamed over ``path`` only once whole
    with atomic_output(path, "wb") as fh, zipfile.ZipFile(fh, "w") as zf:
        for entry in sorted(entries):
            info = zipfile.ZipInfo(entry, _FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[entry])
    return notes
