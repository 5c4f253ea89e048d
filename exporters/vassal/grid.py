"""VASSAL's hex grid and numbering, re-implemented exactly, and our grids translated into them.

The formulas are VASSAL's (``HexGrid``, ``HexGridNumbering``/``RegularGridNumbering``; see
``shared/docs/vassal-and-landscape.md`` §1.5-1.6), quirks included: integer ``x0``/``y0``, Java
truncation of centres, ``Math.round`` (floor of v + 0.5) when naming, odd raw columns half a hex
lower, the *swapped* maxima of descending numbering (rows counted with ``dx``, columns with ``dy``),
and doubled letters (A…Z, AA, BB). :func:`vassal_name` answers "what does VASSAL call the point
(x, y)"; :func:`translate` finds the attributes under which VASSAL names every hex centre of one of
our sheets with exactly our printed id, or says why it cannot.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ...errors import InputError
from ...mapdata.grid import HexGrid, PixelFrame


def java_round(v: float) -> int:
    """Java's Math.round: floor(v + 0.5) (not Python's banker's rounding)."""
    return math.floor(v + 0.5)


def java_int(v: float) -> int:
    """Java's (int) cast: truncation toward zero."""
    return int(v)


@dataclass(frozen=True, kw_only=True)
class Numbering:
    """``RegularGridNumbering`` attributes (shared by hex and square numbering)."""

    first: str = "H"  # "H": column part first
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    location_format: str = "$gridLocation$"

    def name(self, col: int, row: int) -> str:
        """RegularGridNumbering.locationName for raw (already descended) column and row."""
        col_name = get_name(col + self.h_off, self.h_type, self.h_leading)
        row_name = get_name(row + self.v_off, self.v_type, self.v_leading)
        loc = col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name
        return (
            self.location_format.replace("$gridLocation$", loc)
            .replace("$column$", col_name)
            .replace("$row$", row_name)
        )


@dataclass(frozen=True, kw_only=True)
class VassalGrid(Numbering):
    """The attributes of a VASSAL ``HexGrid`` with its ``HexGridNumbering``."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool = False
    stagger: bool = True
    extra: dict = field(default_factory=dict)

    def grid_attributes(self) -> dict[str, str]:
        """``HexGrid`` element attributes as VASSAL writes them."""
        return {
            "dx": repr(float(self.dx)),
            "dy": repr(float(self.dy)),
            "x0": str(self.x0),
            "y0": str(self.y0),
            "sideways": str(self.sideways).lower(),
            "snapTo": "true",
            "visible": "false",
            "edgesLegal": "false",
            "cornersLegal": "false",
            "dotsVisible": "false",
            "color": "0,0,0",
        }

    def numbering_attributes(self) -> dict[str, str]:
        """``HexGridNumbering`` element attributes."""
        return {
            "first": self.first,
            "sep": self.sep,
            "hType": self.h_type,
            "vType": self.v_type,
            "hLeading": str(self.h_leading),
            "vLeading": str(self.v_leading),
            "hOff": str(self.h_off),
            "vOff": str(self.v_off),
            "hDescend": str(self.h_descend).lower(),
            "vDescend": str(self.v_descend).lower(),
            "stagger": str(self.stagger).lower(),
            "locationFormat": self.location_format,
            "visible": "false",
            "fontSize": "9",
            "color": "0,0,0",
            "rotateText": "0",
            "hDrawOff": "0",
            "vDrawOff": "0",
        }


def get_name(n: int, kind: str, leading: int) -> str:
    """RegularGridNumbering.getName: numbers with VASSAL's leading-zero loop, or doubled letters."""
    out = ""
    if n < 0:
        out = "-"
        n = -n
    if kind == "A":
        letters = ""
        while n >= 0:
            letters += chr(ord("A") + n % 26)
            n -= 26
        return out + letters
    digits = str(n)
    while leading > 0 and n < 10**leading:
        digits = "0" + digits
        leading -= 1
    return out + digits


def centre(g: VassalGrid, nx: int, ny: int) -> tuple[int, int]:
    """HexGrid.hexPointCenterFromRawIndex: centre of raw (nx, ny), truncated like Java."""
    x = java_int(g.dx * nx + g.x0)
    if nx % 2 == 0:
        y = java_int(g.dy * ny + g.y0)
    else:
        y = java_int(g.dy * ny + java_int(g.dy / 2) + g.y0)
    return (y, x) if g.sideways else (x, y)


def vassal_name(g: VassalGrid, board_w: int, board_h: int, x: float, y: float) -> str:
    """The name VASSAL gives point (x, y) of a board of the given size (board-local pixels)."""
    # VASSAL's swapped maxima come from the board's real size, sideways or not: rows counted
    # with dx over the height, columns with dy over the width
    max_rows = math.floor(board_h / g.dx + 0.5)
    max_cols = math.floor(board_w / g.dy + 0.5)
    if g.sideways:
        x, y = y, x
    rc = math.floor((x - g.x0) / g.dx + 0.5)
    rr = java_round((y - g.y0) / g.dy) if rc % 2 == 0 else java_round((y - g.y0 - g.dy / 2) / g.dy)
    col, row = rc, rr
    col_descend = g.v_descend if g.sideways else g.h_descend
    row_descend = g.h_descend if g.sideways else g.v_descend
    if col_descend:
        col = (max_rows if g.sideways else max_cols) - col
    if row_descend:
        row = (max_cols if g.sideways else max_rows) - row
    if g.stagger and rc % 2 != 0:
        row += -1 if row_descend else 1
    return g.name(col, row)


# ------------------------------------------------------------------ our grid -> VASSAL
_FIELD = re.compile(r"\{(col|row)(?::([^{}]*))?\}")


def _parse_format(fmt: str) -> tuple[str, str, str, dict[str, tuple[str, int]]]:
    """(prefix, separator, suffix, {field: (type, leading)}) of an id format VASSAL can print."""
    fields = list(_FIELD.finditer(fmt))
    prefix = fmt[: fields[0].start()]
    sep = fmt[fields[0].end() : fields[1].start()]
    suffix = fmt[fields[1].end() :]
    info = {}
    for m in fields:
        spec = m.group(2) or ""
        if spec in ("A", "a"):
            if spec == "a":
                raise InputError("VASSAL prints letter columns in capitals only")
            info[m.group(1)] = ("A", 0)
        else:
            width = int(spec[1:-1] or 0) if spec.startswith("0") else 0
            info[m.group(1)] = ("N", max(0, width - 1))
    return prefix, sep, suffix, info


def check_expressible(grid: HexGrid) -> None:
    """InputError if no VASSAL hex grid can lie like ``grid`` (VASSAL grids cannot rotate)."""
    angle = grid.frame().angle_deg
    if abs(angle) > 1e-6:
        raise InputError(
            f"the grid is rotated by {angle:.2f} degrees; VASSAL grids cannot "
            "rotate: straighten the board image first"
        )


def translate(
    grid: HexGrid, board_w: int, board_h: int, prefix: str = "", offset: tuple[int, int] | None = None
) -> VassalGrid:
    """VASSAL grid attributes that name every hex centre of ``grid`` with its printed id
    (``prefix`` + id, e.g. a sheet prefix); InputError saying why when VASSAL cannot (rotated
    grids, lower-case letters). The result is verified hex by hex with :func:`vassal_name`.

    ``offset``: the board shows only the part of the sheet whose top-left pixel is ``offset``
    (a board split off a large sheet, :mod:`.tiles`); the grid is then moved by whole pixels
    (so VASSAL's integer origin stays exact and raw column parity is unchanged), descending
    offsets are solved for this board's size, and only hexes whose centre lies on it are verified."""
    inside = None
    if offset is not None:
        f = grid.frame()
        ox, oy = offset
        grid = grid.with_pixels(
            PixelFrame(f.hex_width, f.hex_height, (f.origin[0] - ox, f.origin[1] - oy), f.angle_deg)
        )
        inside = (board_w, board_h)
    check_expressible(grid)
    f = grid.frame()
    flat = grid.flat
    # in VASSAL's frame (swapped for sideways grids) columns run along x
    d_major = f.hex_width if flat else f.hex_height  # spacing of major lines (VASSAL dx)
    d_minor = f.hex_height if flat else f.hex_width  # spacing along them (VASSAL dy)
    ox, oy = f.origin if flat else (f.origin[1], f.origin[0])
    major0, minor0 = (grid.cols[0], grid.rows[0]) if flat else (grid.rows[0], grid.cols[0])
    major_desc = (grid.cols[1] < grid.cols[0]) if flat else (grid.rows[1] < grid.rows[0])
    minor_desc = (grid.rows[1] < grid.rows[0]) if flat else (grid.cols[1] < grid.cols[0])
    parity = 0 if grid.shifted == "even" else 1
    # VASSAL: odd raw columns sit half a line further; which of ours do (in picture terms)?
    first_shifted = (major0 % 2 == parity) != minor_desc
    rc0 = 1 if first_shifted else 0  # our first major line is VASSAL raw column rc0
    x0 = java_round(ox - rc0 * d_major)
    y_top = oy - (d_minor / 2 if first_shifted else 0.0)
    y0 = java_round(y_top)
    lit_prefix, sep, suffix, info = _parse_format(grid.id_format)
    first_field = _FIELD.search(grid.id_format).group(1)
    major_field, minor_field = ("col", "row") if flat else ("row", "col")
    # VASSAL's H part is always the raw column, i.e. our major number
    h_type, h_lead = info[major_field]
    v_type, v_lead = info[minor_field]
    alpha_shift = {"A": 1, "N": 0}  # VASSAL counts letters from 0 (A), we from 1 (A)
    # ascending numbers: name = raw index + offset; descending ones are solved below
    h_off = 0 if major_desc else major0 - rc0 - alpha_shift[h_type]
    v_off = 0 if minor_desc else minor0 - alpha_shift[v_type]
    g = VassalGrid(
        dx=float(d_major),
        dy=float(d_minor),
        x0=x0,
        y0=y0,
        sideways=not flat,
        first=("H" if first_field == major_field else "V"),
        sep=sep,
        h_type=h_type,
        v_type=v_type,
        h_leading=h_lead,
        v_leading=v_lead,
        h_off=h_off,
        v_off=v_off,
        h_descend=major_desc if flat else False,
        v_descend=minor_desc if flat else False,
        stagger=False,
        location_format=prefix + lit_prefix + "$gridLocation$" + suffix,
    )
    if not flat:  # sideways: VASSAL's own axis flags are swapped relative to the picture
        g = _replace(g, v_descend=major_desc, h_descend=minor_desc)
    if major_desc or minor_desc:
        g = _solve_offsets(grid, g, board_w, board_h, prefix)
    _verify(grid, g, board_w, board_h, prefix, inside)
    return g


def _replace(g: VassalGrid, **kw) -> VassalGrid:
    from dataclasses import replace

    return replace(g, **kw)


def _solve_offsets(grid: HexGrid, g: VassalGrid, board_w: int, board_h: int, prefix: str) -> VassalGrid:
    """Offsets for descending numbering: read what VASSAL names the first hex with offsets 0 and
    shift by the difference (names are linear in the offsets)."""
    c0, r0 = grid.cols[0], grid.rows[0]
    x, y = grid.center(c0, r0)
    base = _replace(
        g,
        h_off=0,
        v_off=0,
        location_format="$column$|$row$",
        h_type="N",
        v_type="N",
        h_leading=0,
        v_leading=0,
    )
    col_name, row_name = vassal_name(base, board_w, board_h, x, y).split("|")
    want_major, want_minor = (c0, r0) if grid.flat else (r0, c0)
    alpha = {"A": 1, "N": 0}
    return _replace(
        g,
        h_off=want_major - int(col_name) - alpha[g.h_type],
        v_off=want_minor - int(row_name) - alpha[g.v_type],
    )


def _verify(
    grid: HexGrid, g: VassalGrid, board_w: int, board_h: int, prefix: str, inside: tuple[int, int] | None
) -> None:
    for c, r in grid.coords():
        x, y = grid.center(c, r)
        if inside is not None and not (0 <= x < inside[0] and 0 <= y < inside[1]):
            continue
        want = prefix + grid.format_id(c, r)
        got = vassal_name(g, board_w, board_h, x, y)
        if got != want:
            raise InputError(
                f"VASSAL's numbering cannot name this grid exactly: hex {want} would "
                f"be called {got!r}; use zones for this sheet"
            )
