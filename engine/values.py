"""The user's chart values: cells a rulebook refers to but does not print, from a small TOML file.

Format (``railhead.chart-values/1``)::

    format = "railhead.chart-values/1"      # optional; checked when present

    [terrain.desert]                        # [TABLE.ROW]
    mp = 2                                  # COLUMN = value (number or text)
    attack = "-1 DR"

    [crt-standard."3"]                      # ids that are numbers may be quoted
    "20" = 2

Table, row and column ids are the ones ``railhead charts RULESET --list-blanks`` prints. The player
aids fill their blank boxes from it; the engine asks it, through :meth:`ChartValues.cell`, for a
value a rule needs and the rulebook does not give. A value missing there is a
:class:`MissingChartValue` naming the cell, what it is, the rule and the file to put it in — the
engine never guesses. Which tables, rows and columns a ruleset knows is the ruleset's business (the
player aids check a file against their tables); this module only reads the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from ..errors import InputError
from ..files import read_toml
from ..schemas import check, toml_path

FORMAT = "railhead.chart-values/1"
NO_FILE = "a chart values file passed with --values FILE"
"""Where a missing value goes when the user gave no values file."""

WHOLE = re.compile(r"[0-9]+")
"""A whole number as a values file writes it (capacities, CRT results)."""

Cells = Mapping[str, Mapping[str, Mapping[str, str]]]
"""table id → row id → column id → value (as text)."""


class MissingChartValue(InputError):
    """A rule needs a chart cell the rulebook does not print and the user's values do not give."""


def toml_key(key: str) -> str:
    """``key`` as TOML writes it: bare when it can be, else quoted (``"great britain"``)."""
    return tomli_w.dumps({key: 0}).rsplit(" = ", 1)[0]


def read_values(path: str | Path) -> dict[str, dict[str, dict[str, str]]]:
    """The file's ``table → row → column → value`` (values as text); InputError naming the key."""
    path = Path(path)
    raw = read_toml(path, "chart values file (railhead.chart-values/1)")
    check(raw, "chart-values", path, toml_path)  # schemas/chart-values.schema.json
    raw.pop("format", None)
    out: dict[str, dict[str, dict[str, str]]] = {}
    for table_id, rows in raw.items():
        for row_id, cols in rows.items():
            for col_id, value in cols.items():
                text = value if isinstance(value, str) else f"{value:g}"
                out.setdefault(table_id, {}).setdefault(str(row_id), {})[str(col_id)] = text
    return out


@dataclass(frozen=True)
class ChartValues:
    """The user's chart values and the file they came from (``None``: no file was given)."""

    cells: Cells = field(default_factory=dict)
    path: Path | None = None

    @classmethod
    def empty(cls) -> ChartValues:
        """No values: every cell the rulebook does not print is missing."""
        return cls()

    def get(self, table: str, row: str, column: str) -> str | None:
        """The user's value of ``TABLE.ROW.COLUMN``, or None."""
        return self.cells.get(table, {}).get(row, {}).get(column)

    def cell(self, table: str, row: str, column: str, *, what: str, rule: str) -> str:
        """The user's value of ``TABLE.ROW.COLUMN``; :class:`MissingChartValue` when it has none.

        ``what`` says what the cell is ("the standard Combat Results Table cell for column 24, die
        roll 5") and ``rule`` the rule that needs it: both go into the message."""
        value = self.get(table, row, column)
        if value is not None:
            return value
        where = f"{table}.{row}.{column}"
        into = str(self.path) if self.path is not None else NO_FILE
        raise MissingChartValue(
            f"{what} is missing ({rule}): the rulebook does not print it, so the chart file must give "
            f"it: add {toml_key(column)} = VALUE under [{toml_key(table)}.{toml_key(row)}] in {into}",
            file=self.path,
            where=where,
        )

    def whole(self, table: str, row: str, column: str, *, what: str, rule: str) -> int:
        """:meth:`cell` as a whole number (0, 1, 2 …); InputError naming the cell when it is not one."""
        value = self.cell(table, row, column, what=what, rule=rule)
        if not WHOLE.fullmatch(value):
            raise InputError(
                f"{what}: expected a whole number, found {value!r}",
                file=self.path,
                where=f"{table}.{row}.{column}",
            )
        return int(value)


def read_chart_values(path: str | Path) -> ChartValues:
    """The chart values of the ``railhead.chart-values/1`` file at ``path``."""
    return ChartValues(read_values(path), Path(path))
