"""The generic model of a player aid: tables of cells, and numbered tracks.

A :class:`Table` is what a ruleset module builds from its data (title, a row-label column, value
columns, rows, notes with rule references); :mod:`.layout` sets it on pages. A cell is text, or
:data:`BLANK` when the rulebook does not print the value: it is drawn as an empty box to fill in,
unless the user's values file (:mod:`.values`) supplies it. Rows, columns and tables have ids so a
values file can name a cell (``table → row → column``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

BLANK = None
"""A cell the rulebook does not print: an empty box on the page, or the user's value."""

Cell = str | None
RGB = tuple[float, float, float]


@dataclass(frozen=True)
class Column:
    """A value column: ``id`` names it in a values file, ``header`` is printed above it."""

    id: str
    header: str
    whole: bool = False
    """Values a user file gives for this column must be whole numbers (capacities, CRT results)."""
    rule: str = ""
    """The rule a blank box of this column answers to (a row's own ``rule`` cell comes first)."""
    cost: bool = False
    """Values a user file gives for this column are movement point costs: a number of 0 or more
    (``3/2`` for fractions) or ``prohibited``."""


@dataclass(frozen=True)
class Row:
    """A row: ``label`` is printed in the row-label column; ``cells`` by column id (missing = "")."""

    id: str
    label: str
    cells: Mapping[str, Cell]
    user: frozenset[str] = frozenset()
    """Column ids whose value came from the user's values file (drawn in another colour)."""
    swatches: Mapping[str, RGB] = field(default_factory=dict)
    """Column id → a colour drawn as a small filled square in that cell (e.g. a counter colour)."""

    def cell(self, column_id: str) -> Cell:
        return self.cells.get(column_id, "")


@dataclass(frozen=True)
class Table:
    """A chart: title, the header of the row-label column, value columns, rows, notes.

    ``new_page`` starts the table on a fresh page (a new aid rather than a continuation).
    """

    id: str
    title: str
    label_header: str
    columns: Sequence[Column]
    rows: Sequence[Row]
    notes: Sequence[str] = ()
    new_page: bool = False

    def column(self, column_id: str) -> Column:
        for c in self.columns:
            if c.id == column_id:
                return c
        raise KeyError(column_id)

    def row(self, row_id: str) -> Row:
        for r in self.rows:
            if r.id == row_id:
                return r
        raise KeyError(row_id)

    def blanks(self) -> list[tuple[str, str]]:
        """(row id, column id) of every cell still to be filled in."""
        return [(r.id, c.id) for r in self.rows for c in self.columns if r.cell(c.id) is BLANK]

    def blank_rule(self, row_id: str, column_id: str) -> str:
        """The rule a blank box answers to: its row's ``rule`` cell, else its column's rule."""
        own = self.row(row_id).cell("rule") if any(c.id == "rule" for c in self.columns) else ""
        return own or self.column(column_id).rule

    def with_value(self, row_id: str, column_id: str, value: str) -> Table:
        """A copy with the blank cell (row, column) set to the user's ``value``."""
        rows = [
            replace(r, cells={**r.cells, column_id: value}, user=r.user | {column_id})
            if r.id == row_id
            else r
            for r in self.rows
        ]
        return replace(self, rows=rows)


@dataclass(frozen=True)
class Track:
    """One numbered track: boxes ``0 .. top`` to mark what is spent, or ``top`` BLANK when unknown."""

    label: str
    top: int | None
    rule: str = ""
    boxes: Sequence[str] = ()
    """Labels of the boxes, in order, instead of the numbers 0 … top (e.g. months, phases)."""
    blank: str = "capacity not given by the rules"
    """What the write-in box stands for when ``top`` is unknown."""

    def labels(self) -> list[str]:
        """The text of each box: ``boxes`` if given, else ``0 … top``."""
        if self.boxes:
            return list(self.boxes)
        return [str(n) for n in range(self.top + 1)] if self.top is not None else []


@dataclass(frozen=True)
class TrackSheet:
    """A page of numbered tracks (e.g. the rail capacity of each country of one side)."""

    id: str
    title: str
    tracks: Sequence[Track]
    notes: Sequence[str] = ()
    copies: int = 1
    """How many times the set of tracks is repeated on the sheet (one per turn to record)."""
    new_page: bool = True


Block = Table | TrackSheet


@dataclass(frozen=True)
class Aids:
    """Everything a ruleset prints: blocks in page order, with a document title."""

    title: str
    blocks: Sequence[Block] = field(default_factory=tuple)

    def table(self, table_id: str) -> Table:
        for b in self.blocks:
            if isinstance(b, Table) and b.id == table_id:
                return b
        raise KeyError(table_id)

    def tables(self) -> list[Table]:
        return [b for b in self.blocks if isinstance(b, Table)]
