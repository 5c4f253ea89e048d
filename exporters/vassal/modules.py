"""Reading a VASSAL module (``.vmod``) for what saved games need: maps, boards, grids, decks.

The build file (``buildFile.xml``, or the legacy ``buildFile``) is parsed with defusedxml, so
entities and DTDs are refused; board sizes come from the Board's attributes or its image header
(an SVG's ``width``/``height``, else its ``viewBox``, read with defusedxml). Every kind of map is
read — ``Map``, ``PrivateMap``, ``PlayerHand``, and the ``WidgetMap`` inside a chart window — each
named by its ``mapName``, or ``Map<k>`` with k its place among all maps in the build file
(``UniqueIdManager``); so is every ``DrawPile``, whose name VASSAL gives a point exactly at the
deck (``Map.locationName``). Zones hold a point by ``java.awt.Polygon``'s rule (:class:`.grids.AwtPolygon`).
Hex, square and region grids, on boards and in zones, are named with VASSAL's own formulas
(:mod:`.grid`, :mod:`.grids`); PieceSlots' properties are read with their prototypes expanded
(:func:`read_pieces`); boards are placed in their map as
VASSAL does (§1.7: edge offsets plus the widths of the boards to the left in the same row and the
heights of those above in the same column).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...errors import InputError
from .grids import GRID_TAGS, AwtPolygon, Grid, read_grid
from .replay import Game
from .saves import read_entry
from .svg import svg_size

B = "VASSAL.build"
BOARD = f"{B}.module.map.boardPicker.Board"
ZONEDGRID = f"{B}.module.map.boardPicker.board.ZonedGrid"
ZONE = f"{B}.module.map.boardPicker.board.mapgrid.Zone"
MAP_TAGS = (f"{B}.module.Map", f"{B}.module.PrivateMap", f"{B}.module.PlayerHand", f"{B}.widget.WidgetMap")
DRAWPILE = f"{B}.module.map.DrawPile"
DEFAULT_BOARD = (500, 500)  # VASSAL's size for a board without an image


@dataclass(frozen=True)
class ZoneInfo:
    name: str
    polygon: AwtPolygon
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
    sized: bool = True  # False: the module's image for it is missing and it states no size


@dataclass
class MapInfo:
    name: str
    edge_width: int = 0
    edge_height: int = 0
    boards: dict[str, BoardInfo] = field(default_factory=dict)
    setup: list[tuple[str, int, int]] = field(default_factory=list)  # the BoardPicker's default layout
    decks: list[tuple[str, str, int, int]] = field(default_factory=list)  # DrawPile: name, board, x, y


def _zone(z, where: str) -> ZoneInfo | None:
    name = z.attrib.get("name", "")
    try:
        pts = [tuple(int(v) for v in p.split(",")) for p in z.attrib.get("path", "").split(";") if p]
    except ValueError:
        raise InputError(f"{where}: zone {name!r} has a path that is not x,y;x,y") from None
    if len(pts) < 3 or any(len(p) != 2 for p in pts):
        return None  # VASSAL's polygon of fewer than 3 points contains nothing
    poly = AwtPolygon(tuple(p[0] for p in pts), tuple(p[1] for p in pts))
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
    if image.lower().endswith((".svg", ".svgz")) or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        return svg_size(data, f"board image images/{image}", path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # only the header is read
            with Image.open(io.BytesIO(data)) as im:
                return im.size
    except Exception:  # Pillow raises several types for unreadable images
        raise InputError(f"board image images/{image} is not a readable image", file=path) from None


def _build_root(p: Path):
    """The parsed build file (``buildFile.xml``, else the legacy ``buildFile``), entities refused."""
    try:
        raw = read_entry(p, "buildFile.xml")
    except InputError as exc:
        if "no 'buildFile.xml'" not in str(exc):
            raise
        raw = read_entry(p, "buildFile")
    return parse_build(raw, p)


def parse_build(raw: bytes, p: Path):
    """A build file's text parsed, entities refused and nesting capped (``p``: the module, for
    messages)."""
    from defusedxml import ElementTree as SafeET
    from defusedxml.common import DefusedXmlException

    try:
        root = SafeET.fromstring(raw)
    except DefusedXmlException:
        raise InputError(
            "the build file uses XML entities or a DTD, which railhead refuses", file=p
        ) from None
    except SafeET.ParseError as exc:
        raise InputError(f"the build file is not well-formed XML ({exc})", file=p) from None
    depth = _depth(root)
    if depth > MAX_BUILD_DEPTH:
        raise InputError(
            f"the build file nests elements {depth:,} deep; railhead reads at most {MAX_BUILD_DEPTH} "
            "(a VASSAL module nests a few dozen)",
            file=p,
        )
    return root


MAX_BUILD_DEPTH = 500
"""Deepest element nesting of a build file railhead reads (folders of folders of pieces: real modules
stay under 50); readers walk the tree by recursion."""


def _depth(root) -> int:
    """How deep the elements under ``root`` nest (``root`` alone: 1), without recursion."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        el, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((child, d + 1) for child in el)
    return deepest


def read_module(path: str | Path) -> dict[str, MapInfo]:
    """Maps (of every kind), boards, grids and decks of a module, by map id (``mapName``, or
    ``Map<k>`` for an unnamed map)."""
    p = Path(path)
    root = _build_root(p)
    maps: dict[str, MapInfo] = {}
    for k, mp in enumerate(el for el in root.iter() if el.tag in MAP_TAGS):
        name = mp.attrib.get("mapName") or f"Map{k}"
        try:
            maps[name] = _map(p, mp, name)
        except InputError as exc:
            raise InputError(exc.message, file=p) from None
    if not maps:
        raise InputError("the module has no map", file=p)
    return maps


def _int_attr(el, attr: str, default: int, where: str) -> int:
    from .encoding import java_int

    raw = el.attrib.get(attr)
    if raw is None or raw == "":
        return default
    value = java_int(raw.strip())
    if value is None:
        raise InputError(f"{where}: {attr}={raw[:40]!r} is not a whole number")
    return value


def _map(p: Path, mp, name: str) -> MapInfo:
    """One map element: its own boards and decks, not those of maps nested in it."""
    where = f"map {name!r}"
    info = MapInfo(name, _int_attr(mp, "edgeWidth", 0, where), _int_attr(mp, "edgeHeight", 0, where))
    for el in _own(mp):
        if el.tag == f"{B}.module.map.BoardPicker":
            setup = el.find("setup")
            if setup is not None and setup.text:
                info.setup = _layout(setup.text, f"{where}: BoardPicker setup")
            for board in el.iter(BOARD):
                bname = board.attrib.get("name", "")
                bwhere = f"{where}, board {bname!r}"
                sized = True
                if board.attrib.get("image"):
                    try:
                        w, h = _image_size(p, board.attrib["image"])
                    except InputError as exc:
                        if "width" in board.attrib and "height" in board.attrib:
                            # drawn without its picture
                            w = _int_attr(board, "width", DEFAULT_BOARD[0], bwhere)
                            h = _int_attr(board, "height", DEFAULT_BOARD[1], bwhere)
                        elif "no 'images/" in exc.message:
                            w, h, sized = 0, 0, False  # named by the grid alone, where it can be
                        else:
                            raise
                else:
                    w = _int_attr(board, "width", DEFAULT_BOARD[0], bwhere)
                    h = _int_attr(board, "height", DEFAULT_BOARD[1], bwhere)
                grid, zones = _board_grids(board, w, h, bwhere)
                if not sized and _needs_size(grid):
                    raise InputError(
                        f"{bwhere}: its image {board.attrib['image']!r} is not in the module and the "
                        "board states no width and height, but its grid's numbering descends, which "
                        "VASSAL counts from the board's size: add the image to the module",
                        file=p,
                    )
                info.boards[bname] = BoardInfo(bname, w, h, grid, zones, sized)
        elif el.tag == DRAWPILE:
            dwhere = f"{where}, deck {el.attrib.get('name', '')!r}"
            info.decks.append(
                (
                    el.attrib.get("name", ""),
                    el.attrib.get("owningBoard", ""),
                    _int_attr(el, "x", 0, dwhere),
                    _int_attr(el, "y", 0, dwhere),
                )
            )
    return info


def _needs_size(grid: Grid | None) -> bool:
    """A grid whose names depend on its board's size (descending numbering counts from the far edge)."""
    numbering = getattr(grid, "grid", None) or getattr(grid, "numbering", None)
    return bool(getattr(numbering, "h_descend", False) or getattr(numbering, "v_descend", False))


def _own(mp):
    """The descendants of a map element that belong to it, not to a map nested inside it."""
    todo = list(mp)
    while todo:
        el = todo.pop(0)
        if el.tag in MAP_TAGS:
            continue
        yield el
        todo.extend(el)


def _layout(text: str, where: str) -> list[tuple[str, int, int]]:
    """(board, column, row) of a SetBoards command (``BoardPicker.decode``)."""
    game = Game()
    game.apply(text.strip(), where)
    if game.notes:
        raise InputError(game.notes[0])
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
    if len(slots) > 1 and not all(b.sized for b in slots.values()):
        missing = ", ".join(repr(b.name) for b in slots.values() if not b.sized)
        raise InputError(
            f"map {info.name!r}: board {missing} has no image in the module and states no size, so "
            "where the boards beside it lie cannot be known: add the image to the module"
        )
    out = []
    for (col, row), b in slots.items():
        x = info.edge_width + sum(o.width for (c, r), o in slots.items() if r == row and c < col)
        y = info.edge_height + sum(o.height for (c, r), o in slots.items() if c == col and r < row)
        out.append((b, x, y))
    return out


def locations(game: Game, maps: dict[str, MapInfo]) -> dict[str, str | None]:
    """The location name of every piece, as ``Map.locationName`` gives it: the deck exactly at
    its point, else the name on the first board holding the point; None on no map, on a map the
    module lacks, or outside every board (VASSAL's "offboard")."""
    placed = {m: board_origins(info, game.boards.get(m)) for m, info in maps.items()}
    decks = {m: _deck_points(maps[m], placed[m]) for m in maps}
    out: dict[str, str | None] = {}
    on_board: dict[tuple[str, int], list[tuple[str, int, int]]] = {}  # the pieces of each board
    for pid, piece in game.pieces.items():
        out[pid] = decks.get(piece.map or "", {}).get((piece.x, piece.y))
        if out[pid] is not None:
            continue
        for k, (board, bx, by) in enumerate(placed.get(piece.map or "", [])):
            lx, ly = piece.x - bx, piece.y - by
            inside = lx < board.width and ly < board.height
            if lx >= 0 and ly >= 0 and (inside or not board.sized):
                on_board.setdefault((piece.map or "", k), []).append((pid, lx, ly))
                break
    for (map_name, k), points in on_board.items():  # named a board at a time
        board = placed[map_name][k][0]
        pids, xs, ys = zip(*points, strict=True)
        out.update(zip(pids, names_in(board, xs, ys), strict=True))
    return out


def _deck_points(info: MapInfo, placed) -> dict[tuple[int, int], str]:
    """DrawPile.getPosition: x, y from its board's corner, or from the map's edge without one;
    the first deck at a point names it."""
    corner = {b.name: (bx, by) for b, bx, by in placed}
    out: dict[tuple[int, int], str] = {}
    for name, board, x, y in info.decks:
        ox, oy = corner.get(board, (info.edge_width, info.edge_height))
        out.setdefault((x + ox, y + oy), name)
    return out


def names_in(board: BoardInfo, xs, ys) -> list[str | None]:
    """:func:`name_in` of many points of one board (each zone's outline tested on all at once)."""
    x, y = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    zone_of = np.full(len(x), -1)
    for k, zone in enumerate(board.zones):
        free = zone_of < 0
        if not free.any():
            break
        hit = np.zeros(len(x), dtype=bool)
        hit[free] = zone.polygon.contains_many(x[free], y[free])
        zone_of[hit] = k
    return [
        _zone_name(board, board.zones[z], px, py)
        if z >= 0
        else (board.grid.name(px, py) if board.grid is not None else None)
        for px, py, z in zip(xs, ys, zone_of.tolist(), strict=True)
    ]


def name_in(board: BoardInfo, x: float, y: float) -> str | None:
    """VASSAL's ZonedGrid.locationName: the first zone containing the point names it (its
    ``locationFormat`` with $name$ and $gridLocation$ from the zone's grid: the board's when it
    uses the parent grid, else its own), else the board's grid."""
    return names_in(board, [x], [y])[0]


def _zone_name(board: BoardInfo, zone, x: float, y: float) -> str:
    grid = board.grid if zone.use_parent_grid else zone.grid
    text = zone.location_format.replace("$name$", zone.name)
    if grid is not None and (loc := grid.name(x, y)) is not None:
        text = text.replace("$gridLocation$", loc)
    return text


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
