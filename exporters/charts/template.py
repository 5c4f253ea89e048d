"""`railhead charts RULESET --template F.toml`: a chart values file to fill in.

Every table with a box the rulebook leaves blank is written out: each printed cell with the printed
value (a values file may repeat it), each blank box as a commented-out line saying what it is and the
rule it answers to. Uncomment a line and write the value after ``=``; the file is then read by
``--values`` for the player aids and by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from ...engine.values import FORMAT, toml_key
from ...errors import InputError
from ...files import atomic_output
from .aids import build_tables
from .tables import BLANK, Table


@dataclass(frozen=True)
class Template:
    """A template written: where, and how many tables, printed cells and blank boxes it holds."""

    path: Path
    tables: int
    printed: int
    blanks: int

    def summary(self) -> dict[str, str | int]:
        return {"path": str(self.path), "tables": self.tables, "printed": self.printed, "blanks": self.blanks}


def table_text(table: Table) -> tuple[str, int, int]:
    """The TOML of one table: (text, printed cells written, blank boxes written as placeholders)."""
    lines = [f"# ---- {table.title}"]
    printed = blanks = 0
    for row in table.rows:
        lines.append(f"[{toml_key(table.id)}.{toml_key(row.id)}]")
        known = {c.id: row.cell(c.id) for c in table.columns if row.cell(c.id) not in (BLANK, "")}
        if known:
            lines.append(tomli_w.dumps(known).rstrip("\n"))
        printed += len(known)
        for column in table.columns:
            if row.cell(column.id) is not BLANK:
                continue
            what = f"{table.label_header} {row.label}, column {column.header}"
            if column.whole:
                what += " (a whole number)"
            lines.append(f"# {toml_key(column.id)} =    # {what}; {table.blank_rule(row.id, column.id)}")
            blanks += 1
    return "\n".join(lines) + "\n", printed, blanks


def template_text(tables: Sequence[Table], ruleset_id: str) -> tuple[str, int, int]:
    """The whole file: (text, printed cells, blank boxes)."""
    head = (
        f"# Chart values for {ruleset_id}: the cells its rulebook does not print.\n"
        "# Each commented-out line is a blank box: uncomment it and write the value after '='.\n"
        "# The other lines repeat what the rulebook prints; they may stay as they are (a different\n"
        f"# value is refused). Use with: railhead charts {ruleset_id} --values THIS_FILE --out AIDS.pdf\n"
        "\n" + tomli_w.dumps({"format": FORMAT})
    )
    parts, printed, blanks = [head], 0, 0
    for table in tables:
        text, p, b = table_text(table)
        parts.append(text)
        printed += p
        blanks += b
    return "\n".join(parts), printed, blanks


def write_template(ruleset_id: str, out: str | Path, values_file: str | Path | None = None) -> Template:
    """Write the values template of ``ruleset_id`` to ``out`` (atomically). With ``values_file``, the
    values it gives are written as values, the boxes it leaves blank as placeholders. ``out`` may not
    name the values file: an input is never overwritten."""
    out = Path(out)
    if values_file is not None and out.exists() and Path(values_file).exists() and out.samefile(values_file):
        raise InputError(
            "--template names the values file read with --values: choose another file name "
            "(an input file is never overwritten)",
            file=out,
        )
    if out.is_dir():
        raise InputError("expected a .toml file name, found a folder", file=out)
    fillable = {t.id for t in build_tables(ruleset_id) if t.blanks()}
    tables = [t for t in build_tables(ruleset_id, values_file) if t.id in fillable]
    text, printed, blanks = template_text(tables, ruleset_id)
    try:
        with atomic_output(out) as fh:
            fh.write(text)
    except PermissionError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", file=out.parent) from None
    return Template(out, len(tables), printed, blanks)
