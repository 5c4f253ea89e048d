"""The map model: sheets with grids, hexes, hexsides, lines, areas with borders, links, seams, boxes.

A :class:`MapData` is what ``railhead.mapdata/1`` holds (``shared/docs/contracts.md`` §2). Hex ids are
the printed numbers; on maps of several sheets they carry the sheet id (``"GW2:0619"``). A hexside is
an unordered pair of adjacent hexes and is keyed by the pair sorted as strings. Lines are paths
through adjacent hexes; their edges are consecutive pairs (see :mod:`railhead.mapdata.graph` for the
indexed graph the engine and pipeline use).

Every place a unit may stand is a *location*: a hex, an area (area maps) or an off-map box. Locations
are joined by grid sides, by seams between sheets, by links, and by area borders; ``adjacent``,
``neighbours`` and ``distance`` go through :func:`railhead.mapdata.graph.location_graph`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import numpy as np

from ..errors import InputError
from .grid import HexGrid
from .ids import HexIdError
from .seams import Seam, seam_coord_pairs, seam_delta, seam_grid_problem

MapKind = Literal["hex", "area"]
LocationKind = Literal["hex", "area", "box"]
LINE_KINDS = ("rail", "road", "waterway")


def side_key(a: str, b: str) -> tuple[str, str]:
    """The canonical key of the hexside between hexes ``a`` and ``b`` (unordered pair)."""
    return (a, b) if a <= b else (b, a)


def _count_by(keys: Iterable[Any]) -> dict[str, int]:
    """``{"count": items, "kinds": {key: items with it}}``; items without a key only add to the count."""
    counts: dict[str, int] = {}
    total = 0
    for k in keys:
        total += 1
        if k is not None:
            counts[str(k)] = counts.get(str(k), 0) + 1
    return {"count": total, "kinds": dict(sorted(counts.items()))}


@dataclass(frozen=True)
class Sheet:
    """One printed sheet. Its hexes' ids are ``id_prefix + printed id``.

    ``id_prefix`` defaults to ``"<id>:"`` (``"GW2:0619"``), or nothing for a sheet with an empty id.
    Games that print the sheet in the number itself (GMT's ``W6819``) set ``id_prefix`` to ``""`` and
    put the letter in the grid's ``id_format``.
    """

    id: str
    grid: HexGrid
    image: str | None = None
    id_prefix: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        if self.id_prefix is not None:
            return self.id_prefix
        return f"{self.id}:" if self.id else ""

    def full_id(self, local_id: str) -> str:
        return self.prefix + local_id


@dataclass(frozen=True)
class Hex:
    id: str
    terrain: str
    name: str | None = None
    features: tuple[str, ...] = ()
    attrs: dict[str, Any] = field(default_factory=dict)
    confidence: float | None = None


@dataclass(frozen=True)
class Hexside:
    hexes: tuple[str, str]
    terrain: str | None = None
    features: tuple[str, ...] = ()
    attrs: dict[str, Any] = field(default_factory=dict)
    confidence: float | None = None

    @property
    def key(self) -> tuple[str, str]:
        return side_key(*self.hexes)


@dataclass(frozen=True)
class Line:
    kind: str
    hexes: tuple[str, ...]
    attrs: dict[str, Any] = field(default_factory=dict)
    confidence: float | None = None

    def edges(self) -> Iterator[tuple[str, str]]:
        """Consecutive hex pairs (each a hexside crossed hex centre to hex centre)."""
        return zip(self.hexes, self.hexes[1:], strict=False)


@dataclass(frozen=True)
class Area:
    """A land area, sea zone or port of an area map; ``polygon``/``point`` in sheet-image pixels."""

    id: str
    name: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    polygon: tuple[tuple[float, float], ...] | None = None
    point: tuple[float, float] | None = None


@dataclass(frozen=True)
class Border:
    areas: tuple[str, str]
    kind: str = "land"
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Link:
    """Two locations the grid does not make neighbours (contracts §2.1).

    ``kind="adjacent"`` makes two hexes neighbours for every purpose; other kinds (ferry, strait, sea
    lane...) carry the ``modes`` they allow (None: every mode) and attrs a ruleset reads. A link is
    undirected unless ``attrs["oneway"]`` is true (then only from ``between[0]`` to ``between[1]``).
    """

    between: tuple[str, str]
    kind: str = "adjacent"
    modes: tuple[str, ...] | None = None
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def oneway(self) -> bool:
        return bool(self.attrs.get("oneway", False))


@dataclass(frozen=True)
class Box:
    """An off-map location (holding, transit, reinforcement, sea-lane turn box)."""

    id: str
    name: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HexRef:
    """Where a hex id lies: its sheet (index into MapData.sheets) and printed (col, row)."""

    sheet: int
    col: int
    row: int


class UnknownHexError(KeyError):
    """A hex id that names no hex of any sheet (or, on maps with areas/boxes, no location)."""

    def __init__(self, hex_id: str, what: str = "hex"):
        super().__init__(hex_id)
        self.what = what

    def __str__(self) -> str:
        return f"no {self.what} {self.args[0]!r} on this map"


@dataclass(eq=False)
class MapData:
    """A whole map. Build it with lists; lookups are dictionaries keyed by id / hexside key.

    Compared by identity (compare ``mapdata_document`` outputs for content), so that caches of
    derived arrays can be keyed by the map object.
    """

    name: str
    sheets: list[Sheet]
    hexes: dict[str, Hex] = field(default_factory=dict)
    hexsides: dict[tuple[str, str], Hexside] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)
    kind: MapKind = "hex"
    areas: dict[str, Area] = field(default_factory=dict)
    borders: list[Border] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    seams: list[Seam] = field(default_factory=list)
    boxes: dict[str, Box] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # unknown top-level fields, kept verbatim
    pictures: list[dict[str, Any]] = field(default_factory=list)
    """An area map's sheets without a grid (``id``, ``image``, ``attrs``): pictures its areas lie on."""

    # -------------------------------------------------------------- building
    @classmethod
    def build(
        cls,
        name: str,
        sheets: Iterable[Sheet],
        hexes: Iterable[Hex] = (),
        hexsides: Iterable[Hexside] = (),
        lines: Iterable[Line] = (),
        **kw: Any,
    ) -> MapData:
        for key in ("areas", "boxes"):  # may be given as lists of Area / Box
            if key in kw and not isinstance(kw[key], dict):
                kw[key] = {item.id: item for item in kw[key]}
        for key in ("links", "seams", "borders"):
            if key in kw:
                kw[key] = list(kw[key])
        m = cls(name=name, sheets=list(sheets), **kw)
        m.hexes = {h.id: h for h in hexes}
        m.hexsides = {s.key: s for s in hexsides}
        m.lines = list(lines)
        return m

    def with_grid(self, sheet: int, grid: HexGrid) -> MapData:
        """A copy whose sheet ``sheet`` has ``grid`` (same numbering, e.g. a new pixel frame)."""
        from dataclasses import replace

        sheets = list(self.sheets)
        sheets[sheet] = replace(sheets[sheet], grid=grid)
        return MapData(
            name=self.name,
            sheets=sheets,
            hexes=self.hexes,
            hexsides=self.hexsides,
            lines=self.lines,
            kind=self.kind,
            areas=self.areas,
            borders=self.borders,
            links=self.links,
            seams=self.seams,
            boxes=self.boxes,
            extra=self.extra,
        )

    # -------------------------------------------------------------- hex ids
    @cached_property
    def _refs(self) -> dict[str, HexRef]:
        refs: dict[str, HexRef] = {}
        for i, sheet in enumerate(self.sheets):
            g = sheet.grid
            for c, r in g.coords():
                refs[sheet.full_id(g.format_id(c, r))] = HexRef(i, c, r)
        return refs

    def ref(self, hex_id: str) -> HexRef:
        """Sheet and (col, row) of a hex id; UnknownHexError if no sheet has it."""
        try:
            return self._refs[hex_id]
        except KeyError:
            raise UnknownHexError(hex_id) from None

    def knows(self, hex_id: str) -> bool:
        return hex_id in self._refs

    def grid_ids(self) -> list[str]:
        """Every hex id the sheets' grids define, sheet by sheet in picture order."""
        return list(self._refs)

    def parse_problem(self, hex_id: str) -> str:
        """Why ``hex_id`` is not a hex of this map, in words for an error message."""
        candidates = [s for s in self.sheets if hex_id.startswith(s.prefix)]
        if not candidates:
            known = ", ".join(repr(s.prefix) for s in self.sheets)
            return f"it starts with no sheet prefix of this map ({known})"
        problems = []
        for s in candidates:
            try:
                c, r = s.grid.parse_id(hex_id[len(s.prefix) :])
            except HexIdError as exc:
                problems.append(str(exc))
                continue
            problems.append(
                f"column {c} row {r} is outside the sheet (columns {min(s.grid.cols)}-"
                f"{max(s.grid.cols)}, rows {min(s.grid.rows)}-{max(s.grid.rows)})"
            )
        return "; ".join(problems)

    def grid_of(self, hex_id: str) -> HexGrid:
        return self.sheets[self.ref(hex_id).sheet].grid

    def id_at(self, sheet: int, col: int, row: int) -> str | None:
        s = self.sheets[sheet]
        if not s.grid.contains(col, row):
            return None
        return s.full_id(s.grid.format_id(col, row))

    # -------------------------------------------------------------- locations
    def location_ids(self) -> list[str]:
        """Every location: hex ids in ``hexes`` order, then area ids, then box ids."""
        return [*self.hexes, *self.areas, *self.boxes]

    def is_location(self, location_id: str) -> bool:
        return location_id in self.hexes or location_id in self.areas or location_id in self.boxes

    def location_kind(self, location_id: str) -> LocationKind:
        """The kind of a location ("hex", "area" or "box"); UnknownHexError for an unknown id."""
        if location_id in self.hexes:
            return "hex"
        if location_id in self.areas:
            return "area"
        if location_id in self.boxes:
            return "box"
        raise UnknownHexError(location_id, self.location_word)

    @property
    def location_word(self) -> str:
        """How messages name this map's places: "hex" on a map of hexes only, else "location"."""
        return "hex" if self.kind == "hex" and not self.areas and not self.boxes else "location"

    @property
    def id_word(self) -> str:
        """How messages name an id of this map: "hex id", or "location"."""
        return "hex id" if self.location_word == "hex" else "location"

    # -------------------------------------------------------------- seams
    def seam_sheets(self, seam: Seam) -> tuple[int, int]:
        """Indices of a seam's two sheets; InputError naming the seam if it cannot join them."""
        problem = self.seam_problem(seam)
        if problem:
            raise InputError(f"seam {seam.sheets[0]!r}/{seam.sheets[1]!r} ({seam.edge}): {problem}")
        return self.sheet_index(seam.sheets[0]), self.sheet_index(seam.sheets[1])

    def seam_problem(self, seam: Seam) -> str | None:
        """Why ``seam`` cannot join its sheets, or None (see :meth:`seam_pairs` for the rule)."""
        ids = [s.id for s in self.sheets]
        for sid in seam.sheets:
            if sid not in ids:
                return f"no sheet {sid!r} (sheets: {', '.join(repr(i) for i in ids)})"
        if seam.sheets[0] == seam.sheets[1]:
            return "a sheet cannot continue itself"
        g1 = self.sheets[ids.index(seam.sheets[0])].grid
        g2 = self.sheets[ids.index(seam.sheets[1])].grid
        return seam_grid_problem(seam, g1, g2)

    def seam_frame(self, seam: Seam) -> tuple[int, int]:
        """(dcol, drow): hex (c, r) of ``sheets[1]`` lies at (c + dcol, r + drow) of ``sheets[0]``'s grid."""
        i1, i2 = self.seam_sheets(seam)
        return seam_delta(seam, self.sheets[i1].grid, self.sheets[i2].grid)

    def seam_pairs(self, seam: Seam) -> list[tuple[str, str, int]]:
        """Every (hex of ``sheets[0]``, hex of ``sheets[1]``, d) the seam makes neighbours.

        ``d`` is the direction of the step from the first hex to the second, in the first sheet's
        numbering (0..5 clockwise from N for flat hexes, from NE for pointy ones). The second sheet
        continues the first sheet's grid beyond ``edge``, stated in the numbering frame (column
        numbers grow east, row numbers grow south; on a sheet printed with descending numbers
        "east" is therefore the side of its highest column number, wherever that lies on paper):

        * flat hexes, ``east``/``west``: the second sheet's lowest (east) or highest (west) column
          stands next to the first sheet's highest (lowest) column, and its row ``r`` lies at the
          first sheet's row ``r + rows_offset``. ``north``/``south``: its highest (north) or lowest
          (south) row comes next to the first sheet's lowest (highest) row, column ``c`` at the
          first sheet's column ``c + cols_offset``.
        * pointy hexes, symmetrically: ``north``/``south`` continue the rows (the major lines),
          column ``c`` at ``c + cols_offset``; ``east``/``west`` continue the columns, row ``r`` at
          ``r + rows_offset``.

        Both sheets must have the same orientation, and once placed the second sheet's shifted
        columns (flat) or rows (pointy) must fall on the first sheet's shifted ones (the shift
        parity); otherwise its hexes would not fit the first grid. Such a seam raises InputError.
        """
        i1, i2 = self.seam_sheets(seam)
        s1, s2 = self.sheets[i1], self.sheets[i2]
        return [
            (s1.full_id(s1.grid.format_id(c1, r1)), s2.full_id(s2.grid.format_id(c2, r2)), d)
            for c1, r1, c2, r2, d in seam_coord_pairs(seam, s1.grid, s2.grid)
        ]

    def link_direction(self, a: str, b: str) -> int | None:
        """Grid direction of the step a -> b between hexes of two sheets joined by a seam, or None.

        The second hex is placed in the first hex's sheet frame through the seam (either way round);
        the answer is the grid side they would share there.
        """
        if a not in self.hexes or b not in self.hexes:
            return None
        ra, rb = self.ref(a), self.ref(b)
        if ra.sheet == rb.sheet:
            return self.sheets[ra.sheet].grid.direction((ra.col, ra.row), (rb.col, rb.row))
        sa, sb = self.sheets[ra.sheet].id, self.sheets[rb.sheet].id
        for seam in self.seams:
            if seam.sheets == (sa, sb):
                dc, dr = self.seam_frame(seam)
                return self.sheets[ra.sheet].grid.direction((ra.col, ra.row), (rb.col + dc, rb.row + dr))
            if seam.sheets == (sb, sa):
                dc, dr = self.seam_frame(seam)
                d = self.sheets[rb.sheet].grid.direction((rb.col, rb.row), (ra.col + dc, ra.row + dr))
                return None if d is None else (d + 3) % 6
        return None

    # -------------------------------------------------------------- adjacency
    @property
    def grid_only(self) -> bool:
        """True when only same-sheet grid sides join locations (no seams, links, borders)."""
        return not self.seams and not self.links and not self.borders

    def _hex_fast_path(self, a: str, b: str) -> bool:
        """Whether the grid formula answers for a and b (two hexes; no seam/adjacent link anywhere)."""
        if self.seams or any(ln.kind == "adjacent" for ln in self.links):
            return False
        return self.knows(a) and self.knows(b)

    def _check_location(self, location_id: str) -> None:
        if not (self.knows(location_id) or self.is_location(location_id)):
            raise UnknownHexError(location_id, self.location_word)

    def adjacent(self, a: str, b: str) -> bool:
        """Joined by a grid side, a seam, an ``adjacent`` link, or (area maps) a border."""
        if self._hex_fast_path(a, b):
            ra, rb = self.ref(a), self.ref(b)
            return ra.sheet == rb.sheet and self.sheets[ra.sheet].grid.adjacent(
                (ra.col, ra.row), (rb.col, rb.row)
            )
        self._check_location(a)
        self._check_location(b)
        from .graph import location_graph

        g = location_graph(self)
        i, j = g.index.get(a), g.index.get(b)
        if i is None or j is None:
            return False
        return bool(np.any((g.neighbours[i] == j) & g.adjacent_mask[i]))

    def neighbours(self, location_id: str) -> list[str]:
        """Ids of the locations adjacent to ``location_id`` (grid sides in direction order first)."""
        if self.grid_only and self.knows(location_id):
            r = self.ref(location_id)
            g = self.sheets[r.sheet].grid
            return [self.sheets[r.sheet].full_id(g.format_id(c, w)) for c, w in g.neighbours(r.col, r.row)]
        self._check_location(location_id)
        from .graph import location_graph

        g = location_graph(self)
        i = g.index.get(location_id)
        if i is None:
            return []
        row, mask = g.neighbours[i], g.adjacent_mask[i]
        out: list[str] = []
        for j in row[mask & (row >= 0)]:
            if g.ids[j] not in out:
                out.append(g.ids[j])
        return out

    def sides(self, hex_id: str) -> list[tuple[int, str | None, Hexside | None]]:
        """The six grid sides of a hex in direction order: (direction, neighbour id or None, hexside)."""
        r = self.ref(hex_id)
        g = self.sheets[r.sheet].grid
        out = []
        for d in range(6):
            other = self.id_at(r.sheet, *g.neighbour(r.col, r.row, d))
            side = self.hexsides.get(side_key(hex_id, other)) if other else None
            out.append((d, other, side))
        return out

    def distance(self, a: str, b: str) -> int:
        """Fewest adjacent steps from a to b; ValueError if no chain of neighbours joins them."""
        if self._hex_fast_path(a, b):
            ra, rb = self.ref(a), self.ref(b)
            if ra.sheet == rb.sheet:
                return self.sheets[ra.sheet].grid.distance((ra.col, ra.row), (rb.col, rb.row))
        self._check_location(a)
        self._check_location(b)
        from .graph import location_graph

        d = location_graph(self).distance(a, b)
        if d is None:
            raise ValueError(f"no chain of adjacent locations joins {a} and {b}")
        return d

    def hexside(self, a: str, b: str) -> Hexside | None:
        return self.hexsides.get(side_key(a, b))

    # -------------------------------------------------------------- pixels
    def center(self, hex_id: str) -> tuple[float, float]:
        r = self.ref(hex_id)
        return self.sheets[r.sheet].grid.center(r.col, r.row)

    def locate(self, x: float, y: float, sheet: str = "") -> str | None:
        """Id of the hex at pixel (x, y) of a sheet's image, or None off the grid."""
        i = self.sheet_index(sheet)
        c, r = self.sheets[i].grid.locate(x, y)
        return self.id_at(i, c, r)

    def sheet_index(self, sheet_id: str) -> int:
        for i, s in enumerate(self.sheets):
            if s.id == sheet_id:
                return i
        known = ", ".join(repr(s.id) for s in self.sheets)
        raise KeyError(f"no sheet {sheet_id!r} (sheets: {known})")

    # -------------------------------------------------------------- lines
    def line_edges(self, kind: str) -> set[tuple[str, str]]:
        """Every hexside a line of ``kind`` crosses, as sorted pairs."""
        return {side_key(a, b) for line in self.lines if line.kind == kind for a, b in line.edges()}

    def line_kinds(self) -> list[str]:
        return sorted({line.kind for line in self.lines})

    # -------------------------------------------------------------- summaries
    def terrain_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for h in self.hexes.values():
            counts[h.terrain] = counts.get(h.terrain, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def feature_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for item in (*self.hexes.values(), *self.hexsides.values()):
            for f in item.features:
                counts[f] = counts.get(f, 0) + 1
        return dict(sorted(counts.items()))

    def summary(self) -> dict[str, Any]:
        """What `railhead map info` prints."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        out["sheets"] = [
            {
                "id": s.id,
                "orientation": s.grid.orientation,
                "shifted": s.grid.shifted,
                "cols": list(s.grid.cols),
                "rows": list(s.grid.rows),
                "id_format": s.grid.id_format,
                "hexes": len(s.grid),
                "image": s.image,
                "pixels": s.grid.pixels.to_dict() if s.grid.pixels else None,
                "attrs": s.attrs,
            }
            for s in self.sheets
        ]
        out["hexes"] = len(self.hexes)
        out["terrain"] = self.terrain_counts()
        out["hexsides"] = len(self.hexsides)
        out["features"] = self.feature_counts()
        out["lines"] = {
            kind: {
                "lines": sum(1 for ln in self.lines if ln.kind == kind),
                "edges": len(self.line_edges(kind)),
            }
            for kind in self.line_kinds()
        }
        named = sorted(h.name for h in self.hexes.values() if h.name)
        out["named_hexes"] = len(named)
        if self.kind == "area" or self.areas:
            out["areas"] = _count_by(a.attrs.get("kind") for a in self.areas.values())
            out["borders"] = _count_by(b.kind for b in self.borders)
        out["links"] = _count_by(ln.kind for ln in self.links)
        out["seams"] = [s.to_dict() for s in self.seams]
        out["boxes"] = len(self.boxes)
        return out

    def grid_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(sheet index, col, row) arrays for the hexes of ``self.hexes`` in their order."""
        refs = [self.ref(h) for h in self.hexes]
        return (
            np.fromiter((r.sheet for r in refs), dtype=np.int64, count=len(refs)),
            np.fromiter((r.col for r in refs), dtype=np.int64, count=len(refs)),
            np.fromiter((r.row for r in refs), dtype=np.int64, count=len(refs)),
        )
