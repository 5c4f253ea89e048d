"""Writing a data-only VASSAL module (``.vmod``) from map data.

One Map ("Main Map") whose BoardPicker holds one Board per sheet, each with its board image and a
``HexGrid``/``HexGridNumbering`` from :func:`.grid.translate` (so VASSAL names every hex exactly as
the printed map does), plus the map components that let pieces be dragged and selected (PieceMover,
KeyBufferer, StackMetrics, …: ``shared/docs/vassal-and-landscape.md`` §1.3-1.4). The output is
deterministic: the same map gives the same bytes (fixed zip timestamps and entry order, no dates in
``moduledata``, PNGs without time stamps).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

from ...errors import InputError
from ...files import atomic_output
from ...mapdata.model import MapData
from .grid import translate

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
    """The AddPiece a PieceSlot holds: a Marker trait with the unit's properties over a BasicPiece
    (type and state TAB-separated, outermost first; §1.8)."""
    from .saves import join

    keys = ["side", "nation", "class", "size", "strength", "movement"]
    marker_type = "mark;" + ",".join(keys)
    marker_state = ",".join(str(unit.get(k, "")) for k in keys)
    basic_type = join(["piece", "", "", image, unit["name"]], ";")
    basic_state = join(["null", "0", "0", "", "0"], ";")
    return join(
        ["+", "null", join([marker_type, basic_type], "\t"), join([marker_state, basic_state], "\t")], "/"
    )


def _hex_zones(zoned: ET.Element, m: MapData, sheet: int) -> None:
    """The fallback when no VASSAL grid numbering fits (a rotated sheet, say): one zone per hex,
    named with the hex's id and carrying its terrain, so locations read as printed."""
    grid = m.sheets[sheet].grid
    for h in m.hexes.values():
        ref = m.ref(h.id)
        if ref.sheet == sheet:
            _terrain_zone(zoned, h.id, grid.corners(ref.col, ref.row), h.terrain, on_grid=False)


def _terrain_zones(zoned: ET.Element, m: MapData, sheet: int) -> None:
    """One zone per connected region of one terrain, carrying a ``Terrain`` property, so VASSAL
    users see each hex's terrain ($Terrain$ in piece labels, the mouse-over viewer, reports).
    Zones use the board's hex grid, so locations keep their printed names."""
    from shapely import Polygon, union_all

    grid = m.sheets[sheet].grid
    by_terrain: dict[str, list] = {}
    for h in m.hexes.values():
        ref = m.ref(h.id)
        if ref.sheet == sheet:
            by_terrain.setdefault(h.terrain, []).append(Polygon(grid.corners(ref.col, ref.row)))
    for terrain in sorted(by_terrain):
        merged = union_all(by_terrain[terrain]).buffer(0)
        for n, poly in enumerate(getattr(merged, "geoms", [merged]), start=1):
            corners = list(poly.exterior.coords)[:-1]
            _terrain_zone(zoned, f"{terrain} {n}", corners, terrain, on_grid=True)


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


def build_file(
    m: MapData,
    images: dict[int, tuple[str, bytes]],
    name: str,
    version: str = "0.1",
    pieces: list[tuple[dict, str]] = (),
    notes: list[str] | None = None,
) -> bytes:
    """The ``buildFile.xml`` text of the module (``pieces``: roster rows with their image;
    ``notes`` collects what the user should know, such as sheets numbered by zones)."""
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
    for comp in (
        "BasicCommandEncoder",
        "Documentation",
        "GlobalOptions",
        "PlayerRoster",
        "PrototypesContainer",
        "Chatter",
        "KeyNamer",
    ):
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
    for k, sheet in enumerate(m.sheets):
        file_name, png = images[k]
        w, h = _image_size(png)
        board = _el(
            picker,
            f"{B}.module.map.boardPicker.Board",
            name=sheet.id or "Map",
            image=file_name,
            reversible="false",
            width=str(w),
            height=str(h),
            color="",
        )
        zoned = _el(board, f"{B}.module.map.boardPicker.board.ZonedGrid")
        try:
            vg = translate(sheet.grid, w, h, sheet.prefix)
        except InputError as exc:  # VASSAL's numbering cannot say it: one zone per hex instead
            notes.append(f"sheet {sheet.id or '(main)'}: hexes named by zones: {exc.message}")
            _hex_zones(zoned, m, k)
            continue
        _terrain_zones(zoned, m, k)
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
) -> list[str]:
    """Write ``m`` as a data-only .vmod at ``path`` (atomically, deterministically); ``roster``
    (piece name -> unit row, as ``railhead check`` reads it) adds a counter for each unit.
    Returns notes for the user (e.g. a sheet whose hexes VASSAL names through zones)."""
    notes: list[str] = []
    name = name or m.name or "railhead map"
    images = {}
    for k, sheet in enumerate(m.sheets):
        images[k] = (f"board-{sheet.id or 'map'}.png".replace(":", "-"), image_for(m, k))
        if progress:
            progress(f"board {sheet.id or 'map'}")
    pieces = []
    counter_images = {}
    if roster:
        from .counters import counter_png

        for k, (pname, row) in enumerate(sorted(roster.items()), start=1):
            image = f"counter-{k:04d}.png"
            counter_images[image] = counter_png({"name": pname, **row})
            pieces.append(({"name": pname, **row}, image))
    entries = {
        "buildFile.xml": build_file(m, images, name, pieces=pieces, notes=notes),
        "moduledata": module_data(name, m.name),
    }
    for file_name, png in [*images.values(), *counter_images.items()]:
        entries[f"images/{file_name}"] = png
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for entry in sorted(entries):
            info = zipfile.ZipInfo(entry, _FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[entry])
    with atomic_output(path, "wb") as fh:
        fh.write(buf.getvalue())
    return notes
