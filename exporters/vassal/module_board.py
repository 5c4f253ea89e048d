"""A board of a module to digitize: its image, and the map grid under which hex ids are VASSAL's names.

``railhead digitize --module GAME.vmod [--board NAME]`` takes the board from here instead of asking
the user for a grid: the module states it exactly (:mod:`.board_grid`). Boards are those of
:func:`.modules.read_module`; a board is named ``NAME`` or ``MAP/NAME`` when two maps have boards of
one name. What cannot be taken from the module is said plainly, so the user can fall back to
``--calibrate``: no hex grid on the board, a grid without numbering, a numbering no id format spells.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...files import atomic_output
from ...mapdata.grid import HexGrid
from .board_grid import hexgrid_from_vassal
from .board_images import board_images
from .grids import HexOn
from .modules import read_module


@dataclass(frozen=True)
class ModuleBoard:
    map: str
    name: str
    media_type: str
    image: bytes
    width: int
    height: int
    grid: HexGrid


def _label(map_name: str, board: str, clash: bool) -> str:
    return f"{map_name}/{board}" if clash else board


def module_board(module: str | Path, board: str | None = None) -> ModuleBoard:
    """The board ``board`` of ``module`` (the only board with a hex grid when not given)."""
    p = Path(module)
    maps = read_module(p)
    boards = [(m.name, b) for m in maps.values() for b in m.boards.values()]
    names = [b.name for _, b in boards]
    labels = {(mp, b.name): _label(mp, b.name, names.count(b.name) > 1) for mp, b in boards}
    if board is None:
        gridded = [(mp, b) for mp, b in boards if isinstance(b.grid, HexOn)]
        if len(gridded) != 1:
            shown = ", ".join(labels.values()) or "none"
            what = "no board with a numbered hex grid" if not gridded else "several boards with hex grids"
            raise InputError(f"the module has {what} (boards: {shown}); name one with --board", file=p)
        chosen = gridded[0]
    else:
        found = [(mp, b) for mp, b in boards if board in (b.name, f"{mp}/{b.name}")]
        if len(found) != 1:
            shown = ", ".join(labels.values()) or "none"
            why = "no board" if not found else "several boards"
            raise InputError(f"{why} named {board!r} in the module (boards: {shown})", file=p)
        chosen = found[0]
    map_name, info = chosen
    label = labels[map_name, info.name]
    if not isinstance(info.grid, HexOn):
        kind = (
            "no hex grid VASSAL numbers"
            if info.grid is None
            else f"a {type(info.grid).__name__[:-2].lower()} grid"
        )
        raise InputError(
            f"board {label!r} has {kind}: the module names no hexes on it; digitize its image with "
            "--calibrate X,Y=ID (three times) instead",
            file=p,
        )
    image = board_images(p).get((map_name, info.name))
    if image is None:
        raise InputError(f"board {label!r} has no image the module holds (PNG, JPEG, GIF or SVG)", file=p)
    try:
        grid = hexgrid_from_vassal(info.grid.grid, info.width, info.height)
    except InputError as exc:
        raise InputError(f"board {label!r}: {exc.message}", file=p) from None
    return ModuleBoard(map_name, info.name, image[0], image[1], info.width, info.height, grid)


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
    data's sheet refers to. SVG boards are refused: railhead does not render SVG."""
    if b.media_type not in _SUFFIX:
        raise InputError(f"board {b.name!r} is an SVG drawing; export it as a PNG image first", file=module)
    out = Path(out)
    picture = out.with_name(f"{out.stem}-board{_SUFFIX[b.media_type]}")
    with atomic_output(picture, "wb") as fh:
        fh.write(b.image)
    return picture
