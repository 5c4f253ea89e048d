"""Reading a VASSAL module (``.vmod``) for what saved games need: maps, boards, grids.

The build file (``buildFile.xml``, or the legacy ``buildFile``) is parsed with defusedxml, so
entities and DTDs are refused; board sizes come from the Board's attributes or its image header.
Hex, square and region grids, on boards and in zones, are named with VASSAL's own formulas
(:mod:`.grid`, :mod:`.grids`); PieceSlots' properties are read with their prototypes expanded
(:func:`read_pieces`); boards are placed in their map as
VASSAL does (§1.7: edge offsets plus the widths of the boards to the left in the same row and the
heights of those above in the same column).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from .grids import GRID_TAGS, Grid, read_grid
from .saves import Game, read_entry

B = "VASSAL.build"
BOARD = f"{B}.module.map.boardPicker.Board"
ZONEDGRID = f"{B}.module.map.boardPicker.board.ZonedGrid"
ZONE = f"{B}.module.map.boardPicker.board.mapgrid.Zone"


@dataclass(frozen=True)
class ZoneInfo:
    name: str
    polygon: object  # shapely Polygon
    location_format: str
    use_parent_grid: bool
    grid: Grid | None = None  # the zone's own grid (board coordinates)


@dataclass(frozen=True)
class BoardInfo:
    name: str
    width: int
    height: int
    grid: Grid | None  # the board's grid, or its ZonedGrid's background grid
    zones: tuple[ZoneInfo, ...] = ()


@dataclass
class MapInfo:
    name: str
    edge_width: int = 0
    edge_height: int = 0
    boards: dict[str, BoardInfo] = field(default_factory=dict)
    setup: list[tuple[str, int, int]] = field(default_factory=list)  # the BoardPicker's default layout


def _zone(z, where: str) -> ZoneInfo | None:
    from shapely import Polygon

    name = z.attrib.get("name", "")
    try:
        pts = [tuple(int(v) for v in p.split(",")) for p in z.attrib.get("path", "").split(";") if p]
    except ValueError:
        raise InputError(f"{where}: zone {name!r} has a path that is not x,y;x,y") from None
    if len(pts) < 3 or any(len(p) != 2 for p in pts):
        return None  # VASSAL's polygon of fewer than 3 points contains nothing
    poly = Polygon(pts)
    x0, y0, x1, y1 = poly.bounds
    own = None
    for child in z:
        if child.tag in GRID_TAGS:  # the container of a zone's grid is the zone: its bounding box
            own = read_grid(child, int(x1 - x0), int(y1 - y0), f"{where}: zone {name!r}")
    return ZoneInfo(
        name,
        poly,
        z.attrib.get("locationFormat", "$name$"),
        z.attrib.get("useParentGrid", "false") == "true",
        own,
    )


def _board_grids(board, w: int, h: int, where: str) -> tuple[Grid | None, tuple[ZoneInfo, ...]]:
    """The board's grid (HexGrid, SquareGrid, RegionGrid, or a ZonedGrid's background grid) and
    the ZonedGrid's zones, in order (first match wins, as in ZonedGrid.locationName)."""
    grid, zones = None, []
    for child in board:
        if child.tag in GRID_TAGS:
            grid = read_grid(child, w, h, where)
        elif child.tag == ZONEDGRID:
            for c in child:
                if c.tag in GRID_TAGS:
                    grid = read_grid(c, w, h, where)
                elif c.tag == ZONE and (zone := _zone(c, where)) is not None:
                    zones.append(zone)
    return grid, tuple(zones)


def _image_size(path: Path, image: str) -> tuple[int, int]:
    from PIL import Image

    data = read_entry(path, f"images/{image}")
    try:
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:  # Pillow raises several types for unreadable images
        raise InputError(f"board image images/{image} is not a readable image", file=path) from None


def _build_root(p: Path):
    """The parsed build file (``buildFile.xml``, else the legacy ``buildFile``), entities refused."""
    from defusedxml import ElementTree as SafeET
    from defusedxml.common import DefusedXmlException

    try:
        raw = read_entry(p, "buildFile.xml")
    except InputError as exc:
        if "no 'buildFile.xml'" not in str(exc):
            raise
        raw = read_entry(p, "buildFile")
    try:
        root = SafeET.fromstring(raw)
    except DefusedXmlException:
        raise InputError(
            "the build file uses XML entities or a DTD, which railhead refuses", file=p
        ) from None
    except SafeET.ParseError as exc:
        raise InputError(f"the build file is not well-formed XML ({exc})", file=p) from None
    return root


def read_module(path: str | Path) -> dict[str, MapInfo]:
    """Maps, boards and hex grids of a module, by map name (``Map0``... for unnamed maps)."""
    p = Path(path)
    root = _build_root(p)
    maps: dict[str, MapInfo] = {}
    for k, mp in enumerate(el for el in root.iter() if el.tag.endswith(".Map") and el.tag.startswith(B)):
        name = mp.attrib.get("mapName") or f"Map{k}"
        info = MapInfo(
            name, int(mp.attrib.get("edgeWidth", 0) or 0), int(mp.attrib.get("edgeHeight", 0) or 0)
        )
        for picker in mp.iter(f"{B}.module.map.BoardPicker"):
            setup = picker.find("setup")
            if setup is not None and setup.text:
                try:
                    info.setup = _layout(setup.text, f"map {name!r}: BoardPicker setup")
                except InputError as exc:
                    raise InputError(exc.message, file=p) from None
        for board in mp.iter(BOARD):
            bname = board.attrib.get("name", "")
            if board.attrib.get("width") and board.attrib.get("height"):
                w, h = int(board.attrib["width"]), int(board.attrib["height"])
            elif board.attrib.get("image"):
                w, h = _image_size(p, board.attrib["image"])
            else:
                w, h = 500, 500  # VASSAL's default for a board without an image
            try:
                grid, zones = _board_grids(board, w, h, f"map {name!r}, board {bname!r}")
            except InputError as exc:
                raise InputError(exc.message, file=p) from None
            info.boards[bname] = BoardInfo(bname, w, h, grid, zones)
        maps[name] = info
    if not maps:
        raise InputError("the module has no map", file=p)
    return maps


def _layout(text: str, where: str) -> list[tuple[str, int, int]]:
    """(board, column, row) of a SetBoards command (``BoardPicker.decode``)."""
    from .saves import Game

    game = Game()
    game.apply(text.strip(), where)
    return next(iter(game.boards.values()), [])


def board_origins(
    info: MapInfo, layout: list[tuple[str, int, int]] | None
) -> list[tuple[BoardInfo, int, int]]:
    """Each board of a map with its top-left pixel in the map (§1.7); without a layout from the
    save, the module's default setup, or the map's only board."""
    layout = layout or info.setup
    if not layout:
        if len(info.boards) != 1:
            return []
        layout = [(next(iter(info.boards)), 0, 0)]
    slots = {}
    for name, col, row in layout:
        bname = name.split("/")[0]  # "name/rev" for reversed boards
        if bname in info.boards:
            slots[(col, row)] = info.boards[bname]
    out = []
    for (col, row), b in slots.items():
        x = info.edge_width + sum(o.width for (c, r), o in slots.items() if r == row and c < col)
        y = info.edge_height + sum(o.height for (c, r), o in slots.items() if c == col and r < row)
        out.append((b, x, y))
    return out


def locations(game: Game, maps: dict[str, MapInfo]) -> dict[str, str | None]:
    """The location name of every piece (None off map or outside every board)."""
    placed = {m: board_origins(info, game.boards.get(m)) for m, info in maps.items()}
    out: dict[str, str | None] = {}
    for pid, piece in game.pieces.items():
        out[pid] = None
        for board, bx, by in placed.get(piece.map or "", []):
            lx, ly = piece.x - bx, piece.y - by
            if not (0 <= lx < board.width and 0 <= ly < board.height):
                continue
            out[pid] = _name_in(board, lx, ly)
            break
    return out


def _name_in(board: BoardInfo, x: float, y: float) -> str | None:
    """VASSAL's ZonedGrid.locationName: the first zone containing the point names it (its
    ``locationFormat`` with $name$ and $gridLocation$ from the zone's grid: the board's when it
    uses the parent grid, else its own), else the board's grid."""
    from shapely import Point

    for zone in board.zones:
        if zone.polygon.covers(Point(x, y)):
            grid = board.grid if zone.use_parent_grid else zone.grid
            text = zone.location_format.replace("$name$", zone.name)
            if grid is not None and (loc := grid.name(x, y)) is not None:
                text = text.replace("$gridLocation$", loc)
            return text
    return board.grid.name(x, y) if board.grid is not None else None


def read_pieces(path: str | Path) -> dict[str, dict[str, str]]:
    """The Marker properties of every PieceSlot of a module, by entry name, with the slot's
    ``prototype;`` traits expanded from the module's PrototypeDefinitions (:func:`.pieces.expand`;
    a later definition of a name replaces an earlier one, as in ``PrototypesContainer``)."""
    from .pieces import expand, parse_add_piece, properties

    p = Path(path)
    root = _build_root(p)
    protos = {}
    for k, el in enumerate(root.iter(f"{B}.module.PrototypeDefinition"), start=1):
        name = el.attrib.get("name", "")
        where = f"PrototypeDefinition {k} ({name!r})"
        try:
            protos[name] = parse_add_piece(el.text or "", where)
        except InputError as exc:
            raise InputError(exc.message, file=p) from None
    out: dict[str, dict[str, str]] = {}
    for k, el in enumerate(root.iter(f"{B}.widget.PieceSlot"), start=1):
        name = el.attrib.get("entryName", "")
        where = f"PieceSlot {k} ({name!r})"
        try:
            types, states = parse_add_piece(el.text or "", where)
            out[name or f"slot {k}"] = properties(expand(types, states, protos, where))
        except InputError as exc:
            raise InputError(exc.message, file=p) from None
    return out
