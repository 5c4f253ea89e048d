"""The user's chart values on the player aids: each value fills the blank box it names.

The file (``railhead.chart-values/1``) is read by the engine (:mod:`railhead.engine.values`), which
also asks it for the cells its rules need; here its values go into the tables. A value may only fill
a blank box, or repeat the value the rulebook prints (so a template written by ``railhead charts
--template`` reads back as it is); a printed cell is never overridden. Anything unknown is an error
naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...engine.ruleset import PROHIBITED
from ...engine.values import WHOLE, ChartValues
from ...errors import InputError
from .tables import BLANK, Table


def is_cost(value: str) -> bool:
    """A movement point cost as the engine reads it: ``prohibited``, or a number or fraction >= 0."""
    if value.strip() == PROHIBITED:
        return True
    try:
        return Fraction(value.strip()) >= 0
    except (ValueError, ZeroDivisionError):
        return False


def apply_values(tables: Sequence[Table], values: ChartValues) -> list[Table]:
    """``tables`` with the user's values in their blank boxes; InputError for an unknown table, row or
    column, or for a value other than the one the rulebook prints (named by its key in the file)."""
    source = values.path
    by_id = {t.id: t for t in tables}
    for table_id, rows in values.cells.items():
        table = by_id.get(table_id)
        if table is None:
            raise InputError(
                f"unknown table {table_id!r} (tables: {', '.join(by_id)})", file=source, where=table_id
            )
        row_ids = [r.id for r in table.rows]
        col_ids = [c.id for c in table.columns]
        for row_id, cols in rows.items():
            if row_id not in row_ids:
                raise InputError(
                    f"unknown row {row_id!r} of table {table_id!r} (rows: {', '.join(row_ids)})",
                    file=source,
                    where=f"{table_id}.{row_id}",
                )
            for col_id, value in cols.items():
                where = f"{table_id}.{row_id}.{col_id}"
                if col_id not in col_ids:
                    raise InputError(
                        f"unknown column {col_id!r} of table {table_id!r} (columns: {', '.join(col_ids)})",
                        file=source,
                        where=where,
                    )
                printed = table.row(row_id).cell(col_id)
                if printed is not BLANK:
                    if value == printed:
                        continue
                    raise InputError(
                        f"the rulebook prints this cell as {printed!r}, not {value!r}; a values file only "
                        "fills blank boxes",
                        file=source,
                        where=where,
                    )
                if table.column(col_id).whole and not WHOLE.fullmatch(value):
                    raise InputError(f"expected a whole number, found {value!r}", file=source, where=where)
                if table.column(col_id).cost and not is_cost(value):
                    raise InputError(
                        f"expected a movement point cost (a number of 0 or more, 3/2 for a fraction, or "
                        f"prohibited), found {value!r}",
                        file=source,
                        where=where,
                    )
                table = table.with_value(row_id, col_id, value)
        by_id[table_id] = table
    return [by_id[t.id] for t in tables]
