"""Reading a VASSAL module (``.vmod``) for what saved games need: maps, boards, grids.

The build file (``buildFile.xml``, or the legacy ``buildFile``) is parsed with defusedxml, so
entities and DTDs are refused; board sizes come from the Board's attributes or its image header.
Hex grids are named with VASSAL's own formulas (:mod:`.grid`); boards are placed in their map as
VASSAL does (§1.7: edge offsets plus the widths of the boards to the left in the same row and the
heights of those above in the same column).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from .grid import VassalGrid, vassal_name
from .saves import Game, read_entry

B = "VASSAL.build"
BOARD = f"{B}.module.map.boardPicker.Board"
HEXGRID = f"{B}.module.map.boardPicker.board.HexGrid"
NUMBERING = f"{B}.module.map.boardPicker.board.mapgrid.HexGridNumbering"


@dataclass(frozen=True)
class BoardInfo:
    name: str
    width: int
    height: int
    grid: VassalGrid | None
    zones: tuple = ()  # (name, shapely polygon, locationFormat, uses the board grid)


@dataclass
class MapInfo:
    name: str
    edge_width: int = 0
    edge_height: int = 0
    boards: dict[str, BoardInfo] = field(default_factory=dict)


def _bool(v: str | None) -> bool:
    return (v or "").lower() == "true"


def _grid(el) -> VassalGrid | None:
    hg = el.find(f".//{HEXGRID}")
    if hg is None:
        return None
    a = hg.attrib
    num = hg.find(NUMBERING)
    n = num.attrib if num is not None else {}
    try:
        dy = float(a.get("dy", 64.0))
        dx = float(a.get("dx", dy * 3**0.5 / 2))
        return VassalGrid(
            dx=dx,
            dy=dy,
            x0=int(float(a.get("x0", 0))),
            y0=int(float(a.get("y0", 32))),
            sideways=_bool(a.get("sideways")),
            first=n.get("first", "H")[:1] or "H",
            sep=n.get("sep", ""),
            h_type=n.get("hType", "N")[:1] or "N",
            v_type=n.get("vType", "N")[:1] or "N",
            h_leading=int(n.get("hLeading", 1)),
            v_leading=int(n.get("vLeading", 1)),
            h_off=int(n.get("hOff", 1)),
            v_off=int(n.get("vOff", 1)),
            h_descend=_bool(n.get("hDescend")),
            v_descend=_bool(n.get("vDescend")),
            stagger=n.get("stagger", "true") != "false",
            location_format=n.get("locationFormat", "$gridLocation$"),
        )
    except ValueError:
        raise InputError(f"a HexGrid has an attribute that is not a number: {dict(a)}") from None


def _zones(board) -> tuple:
    """Zones of a ZonedGrid (first match wins, as in VASSAL's ZonedGrid.locationName)."""
    from shapely import Polygon

    out = []
    for z in board.iter(f"{B}.module.map.boardPicker.board.mapgrid.Zone"):
        try:
            pts = [tuple(int(v) for v in p.split(",")) for p in z.attrib.get("path", "").split(";") if p]
        except ValueError:
            raise InputError(f"zone {z.attrib.get('name')!r} has a path that is not x,y;x,y") from None
        if len(pts) >= 3:
            out.append(
                (
                    z.attrib.get("name", ""),
                    Polygon(pts),
                    z.attrib.get("locationFormat", "$name$"),
                    z.attrib.get("useParentGrid", "false") == "true",
                )
            )
    return tuple(out)


def _image_size(path: Path, image: str) -> tuple[int, int]:
    from PIL import Image

    data = read_entry(path, f"images/{image}")
    try:
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:  # Pillow raises several types for unreadable images
        raise InputError(f"board image images/{image} is not a readable image", file=path) from None


def read_module(path: str | Path) -> dict[str, MapInfo]:
    """Maps, boards and hex grids of a module, by map name (``Map0``... for unnamed maps)."""
    from defusedxml import ElementTree as SafeET
    from defusedxml.common import DefusedXmlException

    p = Path(path)
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
    maps: dict[str, MapInfo] = {}
    for k, mp in enumerate(el for el in root.iter() if el.tag.endswith(".Map") and el.tag.startswith(B)):
        name = mp.attrib.get("mapName") or f"Map{k}"
        info = MapInfo(
            name, int(mp.attrib.get("edgeWidth", 0) or 0), int(mp.attrib.get("edgeHeight", 0) or 0)
        )
        for board in mp.iter(BOARD):
            bname = board.attrib.get("name", "")
            if board.attrib.get("width") and board.attrib.get("height"):
                w, h = int(board.attrib["width"]), int(board.attrib["height"])
            elif board.attrib.get("image"):
                w, h = _image_size(p, board.attrib["image"])
            else:
                w, h = 500, 500  # VASSAL's default for a board without an image
            info.boards[bname] = BoardInfo(bname, w, h, _grid(board), _zones(board))
        maps[name] = info
    if not maps:
        raise InputError("the module has no map", file=p)
    return maps


def board_origins(
    info: MapInfo, layout: list[tuple[str, int, int]] | None
) -> list[tuple[BoardInfo, int, int]]:
    """Each board of a map with its top-left pixel in the map (§1.7)."""
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
    """VASSAL's ZonedGrid.locationName: the first zone containing the point names it (its own
    format, or the board grid's name when it uses the parent grid), else the board's grid."""
    from shapely import Point

    grid_name = vassal_name(board.grid, board.width, board.height, x, y) if board.grid is not None else None
    for name, poly, fmt, parent in board.zones:
        if poly.covers(Point(x, y)):
            if parent and grid_name is not None:
                return fmt.replace("$gridLocation$", grid_name).replace("$name$", name)
            return fmt.replace("$name$", name)
    return grid_name
