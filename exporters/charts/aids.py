"""`railhead charts`: the player aids of a ruleset as one PDF.

Each ruleset with player aids names, in the engine's registry, a module or package of this folder that
builds its tables from the engine's data (``tables()``) and puts the filled tables, with the track
sheets made from them, in page order (``assemble(tables)``). This module fills the user's values in,
lays the blocks out and writes the file.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from ...engine.registry import entries, entry
from ...engine.values import ChartValues, read_chart_values
from ...errors import InputError
from .layout import Pages, Style, draw_blocks
from .pdf import PdfWriter, paper_size
from .tables import Aids, Table
from .values import apply_values


@dataclass(frozen=True)
class Written:
    path: Path
    pages: int
    paper: str
    blanks: int


def _module(ruleset_id: str) -> ModuleType:
    name = entry(ruleset_id).aids  # InputError naming the known rulesets
    if name is None:
        with_aids = sorted(e.id for e in entries().values() if e.aids)
        raise InputError(
            f"no player aids for ruleset {ruleset_id!r} yet (player aids: {', '.join(with_aids)})"
        )
    return importlib.import_module(name)


def build_tables(ruleset_id: str, values_file: str | Path | ChartValues | None = None) -> list[Table]:
    """The ruleset's tables, with the blank boxes the values file (or its values, read) fills."""
    tables = _module(ruleset_id).tables()
    if values_file is not None:
        values = read_chart_values(values_file) if isinstance(values_file, str | Path) else values_file
        tables = apply_values(tables, values)
    return tables


def build_aids(ruleset_id: str, values_file: str | Path | None = None) -> Aids:
    """Every block of the ruleset's player aids, in page order: the aids module's ``assemble``
    puts them together (track sheets made from the tables, say); without one, the filled tables
    in the order ``tables()`` gives them, under the ruleset's name."""
    module, filled = _module(ruleset_id), build_tables(ruleset_id, values_file)
    if hasattr(module, "assemble"):
        return module.assemble(filled)
    from ...engine.registry import get_ruleset

    return Aids(f"{get_ruleset(ruleset_id).name}: player aids", list(filled))


def write_aids(
    ruleset_id: str,
    out: str | Path,
    *,
    paper: str = "a4",
    values_file: str | Path | None = None,
    style: Style | None = None,
) -> Written:
    """Write the player aids PDF (vector, fonts embedded, same input → same bytes)."""
    pagesize = paper_size(paper)
    aids = build_aids(ruleset_id, values_file)
    out = Path(out)
    if out.exists() and out.is_dir():
        raise InputError("expected a PDF file name, found a folder", file=out)
    pages = write_blocks(out, aids, pagesize, style)
    blanks = sum(len(t.blanks()) for t in aids.tables())
    return Written(out, pages, paper.lower(), blanks)


def write_blocks(out: Path, aids: Aids, pagesize: tuple[float, float], style: Style | None = None) -> int:
    """Lay ``aids`` out on pages of ``pagesize`` and write them to ``out``; the page count."""
    try:
        with PdfWriter(out, title=aids.title, pagesize=pagesize) as w:
            return draw_blocks(Pages(w.canvas, pagesize, aids.title, style or Style()), aids.blocks)
    except PermissionError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", file=out.parent) from None
