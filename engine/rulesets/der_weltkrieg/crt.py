"""The Combat Results Table (R13-8, R13-13, R13-17, R13-19, R13-26; spec §8.1).

The CRT is a separate card, not printed in the rulebook (R3): :func:`crt_result` knows the two cells
Fig 9 shows and takes every other cell from the user's chart values (``board.values``, the
``railhead.chart-values/1`` file, tables ``crt-standard`` and ``crt-1917``, row = die roll, column =
strength points); a cell it lacks is an error naming the cell and the file to put it in, never a
guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ....errors import InputError
from ...values import ChartValues
from .combat_data import data, value


def attack_column(strengths: Iterable[int], halved: int = 0) -> int:
    """CRT column of an attack: the adjusted SP total (R13-2, R13-8), halved ``halved`` times for
    terrain, each halving of the total rounded down (spec §10 #23 DECISION)."""
    total = sum(strengths)
    for _ in range(halved):
        total //= 2
    return total


def crt_table(year: int, month: int = 1) -> str:
    """ "standard", or "1917" from the first turn of January 1917 on (R13-26)."""
    start = data()["crt"]["later_table_from"]
    return "1917" if (year, month) >= (start["year"], start["month"]) else "standard"


def _chart_cell(chart: Mapping[Any, Any] | None, column: int, roll: int) -> int | None:
    """A cell of the user's chart: keys (column, roll), or nested {column: {roll: result}} with int or
    str keys (as a TOML/JSON chart file gives them)."""
    if not chart:
        return None
    if (column, roll) in chart:
        return int(chart[(column, roll)])
    row = chart.get(column, chart.get(str(column)))
    if isinstance(row, Mapping):
        cell = row.get(roll, row.get(str(roll)))
        return None if cell is None else int(cell)
    return None


def crt_result(
    column: int,
    roll: int,
    chart: Mapping[Any, Any] | None = None,
    table: str = "standard",
    *,
    values: ChartValues | None = None,
) -> int:
    """Minimum SP the other side must eliminate (R13-13, R13-17). Above 50: the 50 column times the
    multiples of 50 plus the remainder column, same die roll (R13-19).

    A cell comes from ``chart`` (a CRT for ``table`` given in code), else the two printed in Fig 9,
    else the user's chart values (``values``, usually ``board.values``: cell
    ``crt-<table>.<roll>.<column>``); a cell none of them has is a
    :class:`~railhead.engine.values.MissingChartValue` naming the cell and the file to put it in."""
    if column < 0 or not value("die_roll", "lowest") <= roll <= value("die_roll", "highest"):
        raise InputError(
            f"no CRT cell for column {column}, die roll {roll} (rolls run -1 ... 8, R13-12, R13-16)"
        )
    largest = value("crt", "largest_column")
    if column > largest:
        rest = column % largest
        head = (column // largest) * crt_result(largest, roll, chart, table, values=values)
        return head + (crt_result(rest, roll, chart, table, values=values) if rest else 0)
    cell = _chart_cell(chart, column, roll)
    if cell is not None:
        return cell
    for known in data()["crt"]["known"]:
        if (known["table"], known["column"], known["roll"]) == (table, column, roll):
            return known["result"]
    return (values or ChartValues.empty()).whole(
        f"crt-{table}",
        str(roll),
        str(column),
        what=f"the {table} Combat Results Table cell for column {column}, die roll {roll}",
        rule="R13-13, R13-17; the CRT is a separate card, not in the rulebook: R3, R13-26",
    )
