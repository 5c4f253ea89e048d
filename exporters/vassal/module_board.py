"""A board of a module to digitize: its image, and the map grid under which hex ids are VASSAL's names.

``railhead digitize --module GAME.vmod [--board NAME]`` takes the board from here instead of asking
the user for a grid: the module states it exactly (:mod:`.board_grid`). Boards are those of
:func:`.modules.read_module`; a board is named ``NAME`` or ``MAP/NAME`` when two maps have boards of
one name. A board VASSAL names by region or square (no hex grid) is returned with that grid as
``areas``, for an area map (:mod:`.module_areas`). What cannot be taken from the module is said
plainly, so the user can fall back to ``--calibrate``: no hex grid on the board, a grid without
numbering, a numbering no id format spells.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...files import atomic_output
from ...mapdata.grid import HexGrid
from .board_grid import Area, hexgrid_from_vassal
from .board_images import board_images
from .grids import HexOn, RegionsOn, SquareOn
from .modules import BoardInfo, MapInfo, ZoneInfo, name_in, read_module
from .svg import render_svg


@dataclass(frozen=True)
class ModuleBoard:
    map: str
    name: str
    media_type: str
    image: bytes
    width: int
    height: int
    grid: HexGrid | None
    areas: SquareOn | RegionsOn | None = None
    """A board VASSAL names by region or square: its grid, for an area map (grid is then None)."""


def _label(map_name: str, board: str, clash: bool) -> str:
    return f"{map_name}/{board}" if clash else board


@dataclass(frozen=True)
class _Candidate:
    """A hex grid VASSAL names hexes by: a board's own, or one zone's of a ZonedGrid."""

    map: str
    board: BoardInfo
    zone: ZoneInfo | None

    def hex_grid(self) -> HexOn | None:
        z = self.zone
        if z is None:
            return self.board.grid if isinstance(self.board.grid, HexOn) else None
        # a zone on the board's own grid names its hexes by it (the board is the candidate)
        return z.grid if isinstance(z.grid, HexOn) and not z.use_parent_grid else None


def _candidates(maps: dict[str, MapInfo]) -> list[_Candidate]:
    out = []
    for m in maps.values():
        for b in m.boards.values():
            out += [_Candidate(m.name, b, None)] + [_Candidate(m.name, b, z) for z in b.zones]
    return out


def module_board(module: str | Path, board: str | None = None, zone: str | None = None) -> ModuleBoard:
    """The board ``board`` of ``module`` (the only board with a hex grid when not given); with
    ``zone``, the hex grid of that zone of the board's ZonedGrid (the only zone with one when the
    board has no hex grid of its own)."""
    p = Path(module)
    maps = read_module(p)
    every = _candidates(maps)
    names = [c.board.name for c in every if c.zone is None]
    labels = {
        (c.map, c.board.name): _label(c.map, c.board.name, names.count(c.board.name) > 1) for c in every
    }

    def label(c: _Candidate) -> str:
        own = labels[c.map, c.board.name]
        return f"board {own!r}" if c.zone is None else f"board {own!r}, zone {c.zone.name!r}"

    def shown(cs: list[_Candidate]) -> str:
        return ", ".join(label(c) for c in cs) or "none"

    boards = [c for c in every if c.zone is None]
    if board is not None:
        found = [c for c in boards if board in (c.board.name, f"{c.map}/{c.board.name}")]
        if len(found) != 1:
            why = "no board" if not found else "several boards"
            raise InputError(f"{why} named {board!r} in the module (boards: {shown(boards)})", file=p)
        every = [c for c in every if (c.map, c.board.name) == (found[0].map, found[0].board.name)]
    if zone is not None:
        chosen = [c for c in every if c.zone is not None and c.zone.name == zone]
        if len(chosen) != 1:
            zones = [c for c in every if c.zone is not None]
            why = "no zone" if not chosen else "several zones"
            raise InputError(
                f"{why} named {zone!r} (zones: {shown(zones)}); name the board with --board", file=p
            )
        pick = chosen[0]
    else:
        gridded = [c for c in every if c.hex_grid() is not None]
        own = [c for c in gridded if c.zone is None]
        if board is not None and own:
            gridded = own  # the board's own grid; its zones by --zone
        if len(gridded) != 1:
            if not gridded and (board is not None or len(boards) == 1):
                pick = every[0]  # the one board: says below why it names no hexes
            else:
                what = "no board with a numbered hex grid" if not gridded else "several hex grids"
                raise InputError(
                    f"the module has {what} (boards and zones: {shown(gridded or boards)}); "
                    "name one with --board (and --zone)"
                    + ("" if gridded else ", or digitize a board's image with --calibrate X,Y=ID instead"),
                    file=p,
                )
        else:
            pick = gridded[0]
    info, where = pick.board, label(pick)
    grid_on = pick.hex_grid()
    g = info.grid if pick.zone is None or pick.zone.use_parent_grid else pick.zone.grid
    by_area = isinstance(g, RegionsOn) or (isinstance(g, SquareOn) and g.numbering is not None)
    if grid_on is None and by_area and pick.zone is None:
        image = board_images(p).get((pick.map, info.name))
        if image is None:
            raise InputError(f"{where} has no image the module holds (PNG, JPEG, GIF or SVG)", file=p)
        return ModuleBoard(pick.map, info.name, image[0], image[1], info.width, info.height, None, g)
    if grid_on is None:
        kinds = {HexOn: "a hex grid without numbering", SquareOn: "a square grid", RegionsOn: "a region grid"}
        kind = "no grid VASSAL numbers" if g is None else kinds[type(g)]
        if pick.zone is not None and isinstance(g, HexOn):
            kind = "no hex grid of its own (it uses the board's)"
        raise InputError(
            f"{where} has {kind}: the module names no hexes on it; digitize its image with "
            "--calibrate X,Y=ID (three times) instead",
            file=p,
        )
    image = board_images(p).get((pick.map, info.name))
    if image is None:
        raise InputError(f"{where} has no image the module holds (PNG, JPEG, GIF or SVG)", file=p)
    try:
        if pick.zone is None:
            grid = hexgrid_from_vassal(grid_on.grid, info.width, info.height)
        else:
            z = pick.zone
            x0, y0, x1, y1 = z.polygon.bounds
            inside = Area((x0, y0, x1, y1), z.polygon.contains, lambda x, y: name_in(info, x, y))
            grid = hexgrid_from_vassal(
                grid_on.grid,
                grid_on.width,
                grid_on.height,
                wrap=z.location_format.replace("$name$", z.name),
                area=inside,
            )
    except InputError as exc:
        raise InputError(f"{where}: {exc.message}", file=p) from None
    return ModuleBoard(pick.map, info.name, image[0], image[1], info.width, info.height, grid)


_SUFFIX = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif"}


def within(grid: HexGrid, cols: tuple[int, int], rows: tuple[int, int]) -> HexGrid:
    """The module's grid cut down to the printed ``cols`` and ``rows`` (a board's margins carry
    hexes VASSAL names but the map does not print); the ranges must lie inside the grid's and run
    the same way."""
    from dataclasses import replace

    from ...mapdata.grid import PixelFrame

    for name, want, have in (("cols", cols, grid.cols), ("rows", rows, grid.rows)):
        lo, hi = min(have), max(have)
        same_way = (want[1] - want[0]) * (have[1] - have[0]) >= 0
        if not (lo <= min(want) and max(want) <= hi and same_way):
            raise InputError(
                f"the legend's {name} {list(want)} are not within the board's {list(have)} (in picture order)"
            )
    f = grid.frame()
    cut = replace(grid, cols=tuple(cols), rows=tuple(rows))
    return cut.with_pixels(PixelFrame(f.hex_width, f.hex_height, grid.center(cols[0], rows[0]), f.angle_deg))


def board_picture(b: ModuleBoard, module: str | Path, out: str | Path) -> Path:
    """Write the board's image beside ``out`` as OUT-board.png (.jpg, .gif): the picture the map
    data's sheet refers to. An SVG board is drawn first, at the size VASSAL gives it."""
    out = Path(out)
    data, suffix = b.image, _SUFFIX.get(b.media_type)
    if suffix is None:
        data, suffix = render_svg(b.image, f"board {b.name!r}", module), ".png"
    picture = out.with_name(f"{out.stem}-board{suffix}")
    with atomic_output(picture, "wb") as fh:
        fh.write(data)
    return picture
