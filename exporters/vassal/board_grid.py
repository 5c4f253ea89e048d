"""A module's hex grid as a map sheet: the grid VASSAL draws on a board, with the ids VASSAL names.

The inverse of :func:`.grid.translate`: from a board's ``HexGrid``/``HexGridNumbering`` attributes
and the board's size, the :class:`~railhead.mapdata.grid.HexGrid` (orientation, shift, printed
ranges, id format, pixel frame) under which every hex whose centre lies on the board gets exactly
the name VASSAL gives it. Digitizing such a board (``railhead digitize --module``) then yields map
data whose hex ids are VASSAL's own location names.

VASSAL's numbering is read from its own formula (:func:`.grid.vassal_name`), not guessed: the printed
column and row of each raw hex are decoded from its name, the ranges and the id format follow from
the numbering attributes, and the shift is whichever of the two makes every hex's id equal its
VASSAL name. A numbering no id format can write (a location format with other properties, columns
numbered inconsistently) is refused with the reason, so the user can fall back to ``--calibrate``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...errors import InputError
from ...mapdata.grid import HexGrid, PixelFrame
from .grid import VassalGrid, vassal_name


@dataclass(frozen=True)
class Area:
    """Where on a board a sheet's hexes lie: bounds (x0, y0, x1, y1), whether a point is inside,
    and the name the board gives any point (None: the grid's own name, unwrapped)."""

    bounds: tuple[float, float, float, float]
    holds: Callable[[float, float], bool]
    name: Callable[[float, float], str | None] | None


def _field(kind: str, leading: int, name: str) -> str:
    """The id-format field printing a VASSAL name part (letters, or numbers padded as VASSAL pads)."""
    return f"{{{name}:A}}" if kind == "A" else f"{{{name}:0{leading + 1}d}}" if leading > 0 else f"{{{name}}}"


def _id_format(g: VassalGrid, major: str, minor: str, wrap: str = "$gridLocation$") -> str:
    """The id format that spells VASSAL's location names (``wrap``: the text a zone puts around
    its grid's name, its ``locationFormat`` with ``$name$`` filled in)."""
    h = _field(g.h_type, g.h_leading, major)
    v = _field(g.v_type, g.v_leading, minor)
    sep = g.sep.replace("{", "{{").replace("}", "}}")
    loc = h + sep + v if g.first == "H" else v + sep + h
    fmt = g.location_format
    if "$column$" in fmt or "$row$" in fmt:
        raise InputError(
            "the board's location format names the column and row apart; give --calibrate instead"
        )
    if fmt.count("$gridLocation$") != 1 or fmt.replace("$gridLocation$", "").count("$"):
        raise InputError(f"the board's location format {fmt!r} holds more than the grid location")
    if wrap.count("$gridLocation$") != 1 or wrap.replace("$gridLocation$", "").count("$"):
        raise InputError(f"the zone's location format {wrap!r} does not name its hexes by the grid alone")
    fmt = wrap.replace("$gridLocation$", fmt)
    before, after = (s.replace("{", "{{").replace("}", "}}") for s in fmt.split("$gridLocation$"))
    return before + loc + after


def _printed(g: VassalGrid, board_w: int, board_h: int, x: float, y: float) -> tuple[int, int]:
    """The column and row numbers VASSAL prints for point (x, y), as our printed numbers (letters
    count from A = 1 for us, A = 0 for VASSAL)."""
    probe = replace(g, location_format="$column$|$row$", h_type="N", v_type="N", h_leading=0, v_leading=0)
    col, row = vassal_name(probe, board_w, board_h, x, y).split("|")
    return int(col) + (g.h_type == "A"), int(row) + (g.v_type == "A")


def hexgrid_from_vassal(
    g: VassalGrid,
    board_w: int,
    board_h: int,
    *,
    wrap: str = "$gridLocation$",
    area: Area | None = None,
) -> HexGrid:
    """The map grid that names every hex centred on a ``board_w`` x ``board_h`` board as VASSAL
    does; InputError saying why where no id format can.

    A grid inside a zone: ``board_w`` x ``board_h`` is then the zone's bounding box (the grid's
    container, whose size VASSAL's descending numbering reads), ``wrap`` the zone's location format
    and ``area`` the part of the board whose hexes the sheet holds and the name VASSAL gives any
    point of the board (the zone is one of several, the first containing a point names it)."""
    flat = not g.sideways
    major, minor = ("col", "row") if flat else ("row", "col")
    fmt = _id_format(g, major, minor, wrap)
    area = area or Area((0, 0, board_w, board_h), lambda x, y: True, None)
    x_lo, y_lo, x_hi, y_hi = area.bounds
    # in VASSAL's frame (x, y swapped for sideways grids) raw columns run along x
    lo_x, lo_y, span_x, span_y = (x_lo, y_lo, x_hi, y_hi) if flat else (y_lo, x_lo, y_hi, x_hi)
    raw: dict[tuple[int, int], tuple[int, int]] = {}  # raw (column, row) -> printed (major, minor)
    # every hex whose centre lies on the board (or the zone) is a hex of the game, the partial
    # ones at the edges included; a raw column or row below 0 too, when the origin leaves room
    for rc in range(math.ceil((lo_x - g.x0) / g.dx) - 1, math.floor((span_x - g.x0) / g.dx) + 2):
        for rr in range(math.floor((lo_y - g.y0) / g.dy) - 2, math.floor((span_y - g.y0) / g.dy) + 2):
            x = g.dx * rc + g.x0
            y = g.dy * rr + (g.dy / 2 if rc % 2 else 0) + g.y0
            if not (lo_x <= x < span_x and lo_y <= y < span_y):
                continue
            px, py = (x, y) if flat else (y, x)
            if area.holds(px, py):
                raw[rc, rr] = _printed(g, board_w, board_h, px, py)
    if not raw:
        raise InputError("the board's grid has no hex centre on the board")
    majors = {}
    for (rc, _), (a, _) in raw.items():
        if majors.setdefault(rc, a) != a:
            raise InputError(
                f"VASSAL numbers raw column {rc} with two column numbers; give --calibrate instead"
            )
    rcs = sorted(majors)
    if any(
        majors[b] - majors[a] != majors[rcs[1]] - majors[rcs[0]] for a, b in zip(rcs, rcs[1:], strict=False)
    ) or (len(rcs) > 1 and abs(majors[rcs[1]] - majors[rcs[0]]) != 1):
        raise InputError(
            "VASSAL's column numbers do not run one by one across the board; give --calibrate instead"
        )
    if area.name is None:
        # a whole board: the sheet spans every row printed in any column. On a ragged board
        # (columns of 13 and 12 hexes, partial hexes at an edge in every other column) the hexes
        # the sheet adds beyond the board's edge have their centres off it: VASSAL names none
        # there
        minors = {b for _, b in raw.values()}
    else:
        # a zone: the rows printed in every column of it (a sheet holds no hex of another zone)
        minors = set.intersection(*({b for (c, _), (_, b) in raw.items() if c == rc} for rc in rcs))
        if not minors:
            raise InputError("no row number is printed in every column of the zone's grid")
    lo, hi = min(minors), max(minors)
    # picture order: rows numbered down the board unless VASSAL's run up it
    steps = [(raw[rc, rr + 1][1] - raw[rc, rr][1]) for (rc, rr) in raw if (rc, rr + 1) in raw]
    minor_range = (hi, lo) if steps and steps[0] < 0 else (lo, hi)
    major_range = (majors[rcs[0]], majors[rcs[-1]])
    cols, rows_ = (major_range, minor_range) if flat else (minor_range, major_range)
    problems = []
    for shifted in ("even", "odd"):
        grid = HexGrid("flat" if flat else "pointy", shifted, cols, rows_, fmt)
        grid = grid.with_pixels(_frame(g, grid, raw, flat))
        why = _mismatch(g, grid, board_w, board_h, area, wrap)
        if why is None:
            return grid
        problems.append(why)
    raise InputError(
        f"VASSAL's numbering of this board cannot be written as printed ids ({problems[0]}); "
        "give --calibrate instead"
    )


def _frame(g: VassalGrid, grid: HexGrid, raw: dict, flat: bool) -> PixelFrame:
    """Pixel frame: VASSAL's spacing, and the centre of the first printed hex (cols[0], rows[0]),
    placed from any hex on the board (the first one may lie beyond a ragged edge)."""
    (rc, rr), (a, b) = next(iter(raw.items()))
    x, y = g.dx * rc + g.x0, g.dy * rr + (g.dy / 2 if rc % 2 else 0) + g.y0
    col, row = (a, b) if flat else (b, a)
    step_c = 1 if grid.cols[1] >= grid.cols[0] else -1
    step_r = 1 if grid.rows[1] >= grid.rows[0] else -1
    spacing = (g.dx, g.dy) if flat else (g.dy, g.dx)
    here = HexGrid(grid.orientation, grid.shifted, (col, col + step_c), (row, row + step_r), grid.id_format,
                   PixelFrame(*spacing, (x, y) if flat else (y, x), 0.0))  # fmt: skip
    return PixelFrame(*spacing, here.center(grid.cols[0], grid.rows[0]), 0.0)


def _mismatch(g: VassalGrid, grid: HexGrid, board_w: int, board_h: int, area: Area, wrap: str) -> str | None:
    """None when every hex of ``grid`` centred on the board has its VASSAL name as id."""
    x_lo, y_lo, x_hi, y_hi = area.bounds
    for c, r in grid.coords():
        x, y = grid.center(c, r)
        if area.name is None:
            if not (x_lo <= x < x_hi and y_lo <= y < y_hi):
                continue
            want = wrap.replace("$gridLocation$", vassal_name(g, board_w, board_h, x, y))
        else:  # every hex of the sheet, whether in the zone or not, named as the board names it
            want = area.name(x, y)
        try:
            got = grid.format_id(c, r)
        except ValueError as exc:  # HexIdError, or a letter column VASSAL numbers below A
            return f"the hex VASSAL calls {want!r}: {exc}"
        if got != want:
            return f"the hex VASSAL calls {want!r} would be {got!r}"
    return None
