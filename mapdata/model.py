"""The map model: sheets with grids, hexes, hexsides, lines, and areas with borders.

A :class:`MapData` is what ``railhead.mapdata/1`` holds (``shared/docs/contracts.md`` §2). Hex ids are
the printed numbers; on maps of several sheets they carry the sheet id (``"GW2:0619"``). A hexside is
an unordered pair of adjacent hexes and is keyed by the pair sorted as strings. Lines are paths
through adjacent hexes; their edges are consecutive pairs (see :mod:`railhead.mapdata.graph` for the
indexed graph the engine and pipeline use).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import numpy as np

from .grid import HexGrid
from .ids import HexIdError

MapKind = Literal["hex", "area"]
LINE_KINDS = ("rail", "road", "waterway")


def side_key(a: str, b: str) -> tuple[str, str]:
    """The canonical key of the hexside between hexes ``a`` and ``b`` (unordered pair)."""
    return (a, b) if a <= b else (b, a)


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
    id: str
    name: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Border:
    areas: tuple[str, str]
    kind: str = "land"
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HexRef:
    """Where a hex id lies: its sheet (index into MapData.sheets) and printed (col, row)."""

    sheet: int
    col: int
    row: int


class UnknownHexError(KeyError):
    """A hex id that names no hex of any sheet."""

    def __str__(self) -> str:
        return f"no hex {self.args[0]!r} on this map"


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
    extra: dict[str, Any] = field(default_factory=dict)  # unknown top-level fields, kept verbatim

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

    # -------------------------------------------------------------- adjacency
    def adjacent(self, a: str, b: str) -> bool:
        ra, rb = self.ref(a), self.ref(b)
        return ra.sheet == rb.sheet and self.sheets[ra.sheet].grid.adjacent(
            (ra.col, ra.row), (rb.col, rb.row)
        )

    def neighbours(self, hex_id: str) -> list[str]:
        """Ids of the neighbours on the same sheet, in direction order."""
        r = self.ref(hex_id)
        g = self.sheets[r.sheet].grid
        return [self.sheets[r.sheet].full_id(g.format_id(c, w)) for c, w in g.neighbours(r.col, r.row)]

    def sides(self, hex_id: str) -> list[tuple[int, str | None, Hexside | None]]:
        """The six sides of a hex in direction order: (direction, neighbour id or None, hexside)."""
        r = self.ref(hex_id)
        g = self.sheets[r.sheet].grid
        out = []
        for d in range(6):
            other = self.id_at(r.sheet, *g.neighbour(r.col, r.row, d))
            side = self.hexsides.get(side_key(hex_id, other)) if other else None
            out.append((d, other, side))
        return out

    def distance(self, a: str, b: str) -> int:
        ra, rb = self.ref(a), self.ref(b)
        if ra.sheet != rb.sheet:
            raise ValueError(f"{a} and {b} lie on different sheets")
        return self.sheets[ra.sheet].grid.distance((ra.col, ra.row), (rb.col, rb.row))

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
        if self.kind == "area":
            out["areas"] = len(self.areas)
            out["borders"] = len(self.borders)
        return out

    def grid_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(sheet index, col, row) arrays for the hexes of ``self.hexes`` in their order."""
        refs = [self.ref(h) for h in self.hexes]
        return (
            np.fromiter((r.sheet for r in refs), dtype=np.int64, count=len(refs)),
            np.fromiter((r.col for r in refs), dtype=np.int64, count=len(refs)),
            np.fromiter((r.row for r in refs), dtype=np.int64, count=len(refs)),
        )
