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
