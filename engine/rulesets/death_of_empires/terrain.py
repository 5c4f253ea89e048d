"""Terrain Effects Chart cells: the ones the rulebook's text gives (``data.toml``) and the rest from
the user's chart-values file. A cell neither gives is *missing*: a move that needs it fails naming
it (:meth:`~railhead.engine.values.ChartValues.cell`), and a reach leaves it out, saying why."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...ruleset import PROHIBITED, fraction
from ...search import INF, units

MISSING = -1.0  # internal marker of a missing cell in a cost array (real costs are >= 0 or inf)


@dataclass(frozen=True)
class Cell:
    table: str
    row: str
    column: str
    value: Fraction | str | None  # MP, "prohibited", or None (missing)
    rule: str


def cell(data, values, table: str, row: str, column: str) -> Cell:
    """A TEC-like cell: the rulebook's value if the text gives one, else the user's."""
    entry = data.get(table, {}).get(row, {}).get(column)
    if entry is not None:
        v = entry.get("mp", entry.get("value"))
        return Cell(table, row, column, PROHIBITED if v == PROHIBITED else fraction(v), entry.get("rule", ""))
    given = values.get(table, row, column)
    if given is None:
        return Cell(table, row, column, None, "chart values")
    given = given.strip()
    return Cell(
        table, row, column, PROHIBITED if given == PROHIBITED else fraction(given), f"chart values {table}"
    )


def as_units(c: Cell) -> float:
    if c.value is None:
        return MISSING
    if c.value == PROHIBITED:
        return INF
    return units(c.value)


def hex_costs(data, values, terrain: np.ndarray, mr: str, table: str = "tec") -> np.ndarray:
    """Per location, the MP (internal units) for mobility rating ``mr`` to enter it: inf where
    prohibited, MISSING where no one gives the cell, inf off the hex grids (areas, boxes)."""
    names, inverse = _codes(terrain)
    lut = np.array([as_units(cell(data, values, table, t, mr)) if t is not None else INF for t in names])
    return lut[inverse]


_CODES: dict[int, tuple] = {}


def _codes(terrain: np.ndarray) -> tuple[list, np.ndarray]:
    """The distinct terrain names of a map's terrain array and each location's index into them
    (kept per array: the map's arrays build it once)."""
    known = _CODES.get(id(terrain))
    if known is not None and known[0] is terrain:
        return known[1], known[2]
    keys = np.array(["" if t is None else str(t) for t in terrain.tolist()])
    uniq, inverse = np.unique(keys, return_inverse=True)
    names = [None if u == "" else str(u) for u in uniq.tolist()]
    _CODES[id(terrain)] = (terrain, names, inverse)
    return names, inverse


def missing_cell(data, values, table: str, row: str, mr: str, what: str, rule: str) -> None:
    """Raise the clear error for a missing cell (the values file names it)."""
    values.cell(table, row, mr, what=what, rule=rule)
