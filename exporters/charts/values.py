"""The user's chart values: cells the rulebook does not print, read from a small TOML file.

Format (``railhead.chart-values/1``)::

    format = "railhead.chart-values/1"      # optional; checked when present

    [terrain.desert]                        # [TABLE.ROW]
    mp = 2                                  # COLUMN = value (number or text)
    attack = "-1 DR"

    [crt-standard."3"]                      # ids that are numbers are quoted
    "20" = 2

Table, row and column ids are the ones ``railhead charts RULESET --list-blanks`` prints (each table's
id, its row ids and column ids). A value may only fill a blank box: a cell the rulebook prints is
never overridden. Anything unknown is an error naming the file and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

from ...errors import InputError
from .tables import BLANK, Table

FORMAT = "railhead.chart-values/1"


def read_values(path: str | Path) -> dict[str, dict[str, dict[str, str]]]:
    """The file's ``table → row → column → value`` (values as text); InputError naming the key."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("no such chart values file", file=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the chart values file: {exc}", file=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"not valid TOML: {exc}", file=path) from None
    fmt = raw.pop("format", FORMAT)
    if fmt != FORMAT:
        raise InputError(f"expected format = {FORMAT!r}, found {fmt!r}", file=path, where="format")
    out: dict[str, dict[str, dict[str, str]]] = {}
    for table_id, rows in raw.items():
        if not isinstance(rows, Mapping):
            raise InputError("expected a table of rows ([TABLE.ROW] sections)", file=path, where=table_id)
        for row_id, cols in rows.items():
            where = f"{table_id}.{row_id}"
            if not isinstance(cols, Mapping):
                raise InputError("expected COLUMN = value lines under [TABLE.ROW]", file=path, where=where)
            for col_id, value in cols.items():
                if isinstance(value, bool) or not isinstance(value, int | float | str):
                    raise InputError(
                        "expected a number or a text value", file=path, where=f"{where}.{col_id}"
                    )
                text = value if isinstance(value, str) else f"{value:g}"
                out.setdefault(table_id, {}).setdefault(str(row_id), {})[str(col_id)] = text
    return out


def apply_values(
    tables: Sequence[Table], values: Mapping[str, Mapping[str, Mapping[str, str]]], source: str | Path
) -> list[Table]:
    """``tables`` with the user's values in their blank boxes; InputError for an unknown table, row or
    column, or for a cell the rulebook already prints (named by its key in ``source``)."""
    by_id = {t.id: t for t in tables}
    for table_id, rows in values.items():
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
                if table.row(row_id).cell(col_id) is not BLANK:
                    raise InputError(
                        "the rulebook prints this cell; a values file only fills blank boxes",
                        file=source,
                        where=where,
                    )
                if table.column(col_id).whole and not value.isdigit():
                    raise InputError(f"expected a whole number, found {value!r}", file=source, where=where)
                table = table.with_value(row_id, col_id, value)
        by_id[table_id] = table
    return [by_id[t.id] for t in tables]
