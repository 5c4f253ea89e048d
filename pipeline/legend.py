"""``railhead.legend/1`` (TOML): how a printed map shows its terrain, hexside features and lines.

See ``shared/docs/contracts.md`` §3. Every key is checked: an unknown key, a colour that is not
``#rrggbb``, a duplicate name or a bad grid hint is an :class:`~railhead.errors.InputError` naming the
file and the key. Optional extras railhead understands: ``[grid] outline = "#rrggbb"`` (colour of the
hex outlines), ``[grid] terrain_on = "hexside"`` (terrain also printed as bands along hexsides, as
Der Weltkrieg maps do), ``[[terrain]] on = "hexside"`` (a terrain printed only along hexsides, such
as wooded rough), ``[[hexside]] width_px``, ``[[line]] style = "solid" | "dashed"``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError

FORMAT = "railhead.legend/1"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_GRID_KEYS = {
    "orientation",
    "shifted",
    "id_format",
    "first",
    "cols",
    "rows",
    "hex_width_px",
    "outline",
    "terrain_on",
    "terrain_rule",
    "cover_share",
}
TERRAIN_RULES = ("majority", "centre", "cover")
_ITEM_KEYS = {
    "terrain": {"name", "color", "symbol", "on"},
    "hexside": {"name", "color", "width_px", "style"},
    "line": {"name", "color", "style", "width_px", "trace"},
    "feature": {"name", "color", "min_share"},
}
_REPEATABLE = {"terrain", "feature"}  # one name printed in several colours


def parse_colour(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


@dataclass(frozen=True)
class Item:
    name: str
    color: tuple[int, int, int]  # RGB as printed
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Legend:
    grid: dict[str, Any]
    terrain: tuple[Item, ...]
    hexside: tuple[Item, ...]
    line: tuple[Item, ...]
    feature: tuple[Item, ...] = ()

    def terrain_names(self) -> list[str]:
        """Terrain names in legend order, each once (a terrain may be listed in several colours)."""
        return list(dict.fromkeys(t.name for t in self.terrain))

    def feature_names(self) -> list[str]:
        return list(dict.fromkeys(f.name for f in self.feature))

    def ranges(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The printed ``(cols, rows)`` ranges when the legend gives both, else None."""
        if "cols" in self.grid and "rows" in self.grid:
            c, r = self.grid["cols"], self.grid["rows"]
            return (int(c[0]), int(c[1])), (int(r[0]), int(r[1]))
        return None

    def first(self) -> tuple[int, int]:
        """Printed (col, row) of the hex at the picture's top left."""
        rng = self.ranges()
        if rng:
            return rng[0][0], rng[1][0]
        f = self.grid.get("first", [1, 1])
        return int(f[0]), int(f[1])

    def hex_terrain(self) -> tuple[Item, ...]:
        """Terrain a hex can have (items marked ``on = "hexside"`` appear only along hexsides)."""
        return tuple(t for t in self.terrain if t.extra.get("on", "hex") != "hexside")

    def outline(self) -> tuple[int, int, int]:
        return parse_colour(self.grid.get("outline", "#3c3c3c"))

    def to_toml(self) -> str:
        """The legend as TOML text (what :func:`read_legend` reads)."""
        out = [f'format = "{FORMAT}"', "", "[grid]"]
        for k, v in self.grid.items():
            out.append(f"{k} = {_toml_value(v)}")
        for kind in ("terrain", "hexside", "line", "feature"):
            for item in getattr(self, kind):
                out += [
                    "",
                    f"[[{kind}]]",
                    f'name = "{item.name}"',
                    'color = "#{:02x}{:02x}{:02x}"'.format(*item.color),
                ]
                out += [f"{k} = {_toml_value(v)}" for k, v in item.extra.items()]
        return "\n".join(out) + "\n"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return repr(v)


def parse_legend(doc: dict[str, Any], file: str | Path | None = None) -> Legend:
    fname = None if file is None else str(file)

    def bad(where: str, message: str) -> InputError:
        return InputError(message, file=fname, where=where)

    if doc.get("format") != FORMAT:
        raise bad("format", f"expected format = {FORMAT!r}, found {doc.get('format')!r}")
    unknown = set(doc) - {"format", "grid", "terrain", "hexside", "line", "feature"}
    if unknown:
        raise bad(sorted(unknown)[0], "unknown key (expected format, grid, terrain, hexside, line, feature)")
    grid = doc.get("grid", {})
    if not isinstance(grid, dict):
        raise bad("grid", "expected a [grid] table")
    for k in grid:
        if k not in _GRID_KEYS:
            raise bad(f"grid.{k}", f"unknown key (expected one of {', '.join(sorted(_GRID_KEYS))})")
    if grid.get("orientation", "flat") not in ("flat", "pointy"):
        raise bad("grid.orientation", "expected 'flat' or 'pointy'")
    if grid.get("terrain_on", "hex") not in ("hex", "hexside"):
        raise bad("grid.terrain_on", "expected 'hex' or 'hexside' (terrain printed along hexsides)")
    if grid.get("shifted", "even") not in ("even", "odd"):
        raise bad("grid.shifted", "expected 'even' or 'odd'")
    if "hex_width_px" in grid and not (
        isinstance(grid["hex_width_px"], int | float) and 4 < grid["hex_width_px"] <= 100_000
    ):
        raise bad("grid.hex_width_px", "expected a hex width in pixels (a number above 4, at most 100,000)")
    if "id_format" in grid:
        from ..mapdata.ids import IdFormat

        try:
            IdFormat(grid["id_format"]) if isinstance(grid["id_format"], str) else None
        except ValueError as exc:
            raise bad("grid.id_format", str(exc)) from None
        if not isinstance(grid["id_format"], str):
            raise bad("grid.id_format", 'expected an id format such as "{col:02d}{row:02d}"')
    for k in ("first", "cols", "rows"):
        v = grid.get(k)
        if v is not None and not (
            isinstance(v, list)
            and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and abs(x) <= 1_000_000 for x in v)
        ):
            raise bad(f"grid.{k}", "expected two whole numbers, like [1, 23]")
    if ("cols" in grid) != ("rows" in grid):
        raise bad("grid.cols" if "cols" in grid else "grid.rows", "give both cols and rows, or neither")
    if "first" in grid and "cols" in grid:
        raise bad("grid.first", "give either first or cols and rows, not both")
    if grid.get("terrain_rule", "majority") not in TERRAIN_RULES:
        raise bad("grid.terrain_rule", f"expected one of {', '.join(TERRAIN_RULES)}")
    share = grid.get("cover_share", 0.25)
    if not (isinstance(share, int | float) and not isinstance(share, bool) and 0 < share <= 1):
        raise bad("grid.cover_share", "expected a share of the hex's area, above 0 and at most 1")
    if "outline" in grid and not (isinstance(grid["outline"], str) and _COLOUR.match(grid["outline"])):
        raise bad("grid.outline", "expected a colour like '#3c3c3c'")
    items: dict[str, tuple[Item, ...]] = {}
    for kind, keys in _ITEM_KEYS.items():
        rows = doc.get(kind, [])
        if not isinstance(rows, list):
            raise bad(kind, f"expected [[{kind}]] entries")
        seen: set[str | tuple[str, str]] = set()
        out = []
        for i, row in enumerate(rows):
            where = f"{kind}[{i}]"
            if not isinstance(row, dict):
                raise bad(where, "expected a table")
            extra = set(row) - keys
            if extra:
                raise bad(f"{where}.{sorted(extra)[0]}", f"unknown key (expected {', '.join(sorted(keys))})")
            name, colour = row.get("name"), row.get("color")
            if not isinstance(name, str) or not name:
                raise bad(f"{where}.name", "expected a name")
            key = (name, str(colour).lower()) if kind in _REPEATABLE else name
            if key in seen:
                again = f"{name!r} in {colour}" if kind in _REPEATABLE else repr(name)
                raise bad(f"{where}.name", f"{again} is listed twice")
            seen.add(key)
            ms = row.get("min_share", 0.01)
            if not (isinstance(ms, int | float) and not isinstance(ms, bool) and 0 < ms <= 1):
                raise bad(
                    f"{where}.min_share", "expected a share of the hex's interior, above 0 and at most 1"
                )
            if row.get("trace", "straight") not in ("straight", "curve"):
                raise bad(f"{where}.trace", "expected 'straight' (centre to centre) or 'curve'")
            if row.get("on", "hex") not in ("hex", "hexside"):
                raise bad(f"{where}.on", "expected 'hex' or 'hexside' (where this terrain appears)")
            if not isinstance(colour, str) or not _COLOUR.match(colour):
                raise bad(f"{where}.color", f"expected a colour like '#7fae5a', found {colour!r}")
            out.append(
                Item(name, parse_colour(colour), {k: v for k, v in row.items() if k not in ("name", "color")})
            )
        items[kind] = tuple(out)
    if not items["terrain"]:
        raise bad("terrain", "a legend needs at least one [[terrain]] entry")
    return Legend(dict(grid), items["terrain"], items["hexside"], items["line"], items["feature"])


def read_legend(path: str | Path) -> Legend:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise InputError("no such legend file", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read the legend: {exc.strerror}", file=p) from None
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text; expected a TOML legend", file=p) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"malformed TOML: {exc}", file=p) from None
    return parse_legend(doc, p)
