"""``railhead.legend/1`` (TOML): how a printed map shows its terrain, hexside features and lines.

See ``shared/docs/contracts.md`` §3. Every key is checked: an unknown key, a colour that is not
``#rrggbb``, a duplicate name or a bad grid hint is an :class:`~railhead.errors.InputError` naming the
file and the key. Optional extras railhead understands: ``[grid] outline = "#rrggbb"`` (colour of the
hex outlines), ``[grid] terrain_on = "hexside"`` (terrain also printed as bands along hexsides, as
Der Weltkrieg maps do), ``[[terrain]] on = "hexside"`` (a terrain printed only along hexsides, such
as wooded rough), ``[[hexside]] width_px``, ``[[line]] style = "solid" | "dashed"``,
``[[feature]] terrain = "town"`` (a symbol that makes its hex that terrain, whatever the paper shows).

Area maps (``railhead digitize-areas``, :mod:`.areas`) are described by an ``[areas]`` table and
``[[area]]`` fills instead of (or beside) ``[[terrain]]``:

- ``[areas] border = "#rrggbb"`` (required): the ink of the drawn area borders and coasts;
  ``border_width_px`` (default 3); ``sea_border``: the ink of the lines (often dashed or thinner)
  that split the sea into sea zones, when it differs from ``border``, and ``sea_border_style``
  (``"solid"`` or ``"dashed"``: a note for the reader, breaks are closed either way); ``text``: the
  ink of printed names (never taken for a border); ``port`` and ``port_size_px`` (diameter, default
  11): the colour of the port symbol printed on coasts; ``max_gap_px`` (default 60): the longest
  break in a border (under a name's halo, between dashes) that is closed; ``min_border_px`` (default
  12): two areas are adjacent when they share more border than this (not when they touch at a
  point); ``min_area_px`` (default 400): smaller enclosed pieces (letters, symbols) are no area.
- ``[[area]] name, color, kind``: a colour areas are filled with and whether such an area is
  ``"land"`` or ``"sea"`` (a map prints land in several colours: list each); or, with ``kind =
  "border"``, a further ink borders are printed in, ``name`` being the kind of border it draws
  (a map printing major and minor borders, or rivers that bound areas, lists each ink); or, with
  ``kind = "line"``, the ink of lines printed across areas that bound none (roads), which are
  then never taken for a border.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import read_toml
from ..schemas import check, toml_path

FORMAT = "railhead.legend/1"
TERRAIN_RULES = ("majority", "centre", "cover")
_ITEM_KEYS = ("terrain", "hexside", "line", "feature", "area")
_REPEATABLE = {"terrain", "feature", "area"}  # one name printed in several colours
AREA_INKS = ("border", "sea_border", "text", "port")
"""The ``[areas]`` keys that name an ink colour (each must differ from the others and the fills)."""


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
    file: str | None = field(default=None, compare=False)
    """The file the legend was read from (for messages), if any."""
    areas: dict[str, Any] = field(default_factory=dict)
    """The ``[areas]`` table of an area map's legend (empty for hex maps)."""
    area: tuple[Item, ...] = ()
    """The ``[[area]]`` fills of an area map (each with ``extra["kind"]`` land or sea)."""

    def terrain_names(self) -> list[str]:
        """Terrain names in legend order, each once (a terrain may be listed in several colours)."""
        return list(dict.fromkeys(t.name for t in self.terrain))

    def feature_names(self) -> list[str]:
        return list(dict.fromkeys(f.name for f in self.feature))

    def symbol_terrain(self) -> dict[str, str]:
        """Feature name -> the terrain its symbol makes a hex (``[[feature]] terrain``), in legend
        order: on a map whose key prints a town as a black block, the block makes the hex town
        terrain however little of the hex it covers."""
        return {f.name: f.extra["terrain"] for f in self.feature if "terrain" in f.extra}

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

    def same_colour(self) -> dict[str, frozenset[str]]:
        """Each hex terrain -> the hex terrains printed in one of its colours, itself included
        (sea and lake in one blue): colour alone cannot tell these apart."""
        kinds = self.hex_terrain()
        return {
            a.name: frozenset(b.name for b in kinds for c in kinds if c.name == a.name and b.color == c.color)
            for a in kinds
        }

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
        if self.areas:
            out += ["", "[areas]"] + [f"{k} = {_toml_value(v)}" for k, v in self.areas.items()]
        for kind in ("terrain", "hexside", "line", "feature", "area"):
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
    """Validate a decoded legend (its shape, types and ranges by ``schemas/legend.schema.json``;
    here what a schema cannot say: the id format, names listed twice, colours two items share)."""
    fname = None if file is None else str(file)

    def bad(where: str, message: str) -> InputError:
        return InputError(message, file=fname, where=where)

    check(doc, "legend", fname, toml_path)
    grid = doc.get("grid", {})
    if "id_format" in grid:
        from ..mapdata.ids import IdFormat

        try:
            IdFormat(grid["id_format"])
        except ValueError as exc:
            raise bad("grid.id_format", str(exc)) from None
    items: dict[str, tuple[Item, ...]] = {}
    for kind in _ITEM_KEYS:
        seen: set[str | tuple[str, str]] = set()
        out = []
        for i, row in enumerate(doc.get(kind, [])):
            name, colour = row["name"], row["color"]
            key = (name, colour.lower()) if kind in _REPEATABLE else name
            if key in seen:
                again = f"{name!r} in {colour}" if kind in _REPEATABLE else repr(name)
                raise bad(f"{kind}[{i}].name", f"{again} is listed twice")
            seen.add(key)
            extra = {k: v for k, v in row.items() if k not in ("name", "color")}
            out.append(Item(name, parse_colour(colour), extra))
        items[kind] = tuple(out)
    _refuse_shared_strokes(items, bad)
    _check_symbol_terrain(items, bad)
    areas = dict(doc.get("areas", {}))
    _refuse_shared_inks(areas, items["area"], bad)
    return Legend(
        dict(grid),
        items["terrain"],
        items["hexside"],
        items["line"],
        items["feature"],
        fname,
        areas,
        items["area"],
    )


def _refuse_shared_inks(areas: dict[str, Any], fills: tuple[Item, ...], bad) -> None:
    """An area map's inks (border, sea border, names, ports) are told from each other and from
    the fills by colour alone: two of them in one colour would make one vanish."""
    if fills and not areas:
        raise bad(
            "areas", "[[area]] fills given without an [areas] table; expected [areas] border = '#rrggbb'"
        )
    seen: dict[tuple[int, int, int], str] = {}
    for item in fills:
        seen.setdefault(item.color, f"area fill {item.name!r}")
    for key in AREA_INKS:
        if key not in areas:
            continue
        colour = parse_colour(areas[key])
        other = seen.get(colour)
        if other is not None:
            raise bad(
                f"areas.{key}",
                f"{areas[key]} is also the colour of {other}: two things printed in one colour cannot be"
                " told apart; give each the colour the map prints it in",
            )
        seen[colour] = f"areas.{key}"


def _check_symbol_terrain(items: dict[str, tuple[Item, ...]], bad) -> None:
    """A ``[[feature]] terrain`` names a legend terrain, and every colour of one feature names the
    same terrain (a symbol cannot make a hex two terrains)."""
    known = {t.name for t in items["terrain"]}
    said: dict[str, str | None] = {}
    for i, item in enumerate(items["feature"]):
        t = item.extra.get("terrain")
        if t is not None and t not in known:
            raise bad(
                f"feature[{i}].terrain",
                f"{t!r} is not a [[terrain]] of this legend"
                f" (expected one of {', '.join(sorted(known)) or 'none'})",
            )
        if said.setdefault(item.name, t) != t:
            raise bad(
                f"feature[{i}].terrain",
                f"feature {item.name!r} is listed again with terrain {t!r}, earlier with {said[item.name]!r};"
                " give every colour of one symbol the same terrain",
            )


def _refuse_shared_strokes(items: dict[str, tuple[Item, ...]], bad) -> None:
    """Hexside features and lines are told apart by colour alone, and hex features among
    themselves too: two of them in one colour would make one vanish from the map, so a legend may
    not print them alike. (Terrains may share a colour, and a hex feature a terrain's: the
    classifier tells terrains apart by texture and symbols once a person labels hexes of each; see
    :func:`unlearnable_terrain`.)"""
    for kinds in (("hexside", "line"), ("feature",)):
        _refuse_shared(items, kinds, bad)


def _refuse_shared(items: dict[str, tuple[Item, ...]], kinds: tuple[str, ...], bad) -> None:
    seen: dict[tuple[int, int, int], str] = {}
    for kind in kinds:
        for i, item in enumerate(items[kind]):
            other = seen.get(item.color)
            if other is not None:
                raise bad(
                    f"{kind}[{i}].color",
                    "#{:02x}{:02x}{:02x}".format(*item.color)
                    + f" is also the colour of {other}: two items printed in one colour cannot be told"
                    " apart; give each the colour the map prints it in",
                )
            seen[item.color] = f"{kind} {item.name!r}"


def unlearnable_terrain(legend: Legend, labels: dict[str, str] | None) -> list[str]:
    """Terrains the legend prints in another terrain's colour that no labelled hex names: colour
    cannot tell them apart and the classifier has no example of them, so the digitizer may never
    find them. The digitizer's report names them (never silently)."""
    named = set((labels or {}).values())
    return [t for g in shared_terrain_colours(legend) for t in g if t not in named]


def refuse_unlearnable(legend: Legend, labels: dict[str, str] | None) -> None:
    """InputError (naming the legend's entry) when terrains share a colour and no labelled hex names
    any of them: colour alone would give every such hex one of the terrains, a wrong map given as
    right. Labelled hexes (``--labels``, or terrain ``--overrides``) let the classifier tell them
    apart by texture; a terrain of the group still unlabelled is named by the report
    (:func:`unlearnable_terrain`)."""
    named = set((labels or {}).values())
    blind = [g for g in shared_terrain_colours(legend) if not named & set(g)]
    if not blind:  # labelled hexes of the group teach the classifier; the rest the report names
        return
    group = blind[0]
    index = next(i for i, t in enumerate(legend.terrain) if t.name == group[-1])
    colour = "#{:02x}{:02x}{:02x}".format(*legend.terrain[index].color)
    raise InputError(
        f"{colour} is the colour of {', '.join(group)}: two terrains printed in one colour cannot be "
        f"told apart by colour, and no labelled hex names any of them; "
        "give each terrain the colour the map prints it in, or label hexes of each (--labels)",
        file=legend.file,
        where=f"terrain[{index}].color",
    )


def shared_terrain_colours(legend: Legend) -> list[list[str]]:
    """Groups of two or more terrains the legend lists in one colour (colour alone cannot tell them
    apart: without labelled hexes of each, all but one would vanish from the map)."""
    by_colour: dict[tuple[int, int, int], list[str]] = {}
    for t in legend.hex_terrain():
        names = by_colour.setdefault(t.color, [])
        if t.name not in names:
            names.append(t.name)
    return [names for names in by_colour.values() if len(names) > 1]


def read_legend(path: str | Path) -> Legend:
    return parse_legend(read_toml(path, "legend file (railhead.legend/1)"), path)
