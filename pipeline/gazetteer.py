"""The gazetteer a user gives ``railhead digitize-areas``: the names of a map's areas and ports.

A place is a name and a point (x, y in the scan's pixels) inside the area, sea zone or port it
names; the digitizer gives the name to the area found around the point (a port: to the port symbol
nearest the point). Two file forms:

- CSV with a header row: ``name,x,y`` and optionally ``id`` (the area id; default: the name in
  lower case with ``_`` for other characters), ``kind`` (``land``, ``sea`` or ``port``; a ``port``
  place names a port symbol, the others an area) and any further columns, kept as the area's attrs
  (``true``/``false`` become booleans, whole numbers integers; empty cells are left out).
- TOML: ``format = "railhead.gazetteer/1"`` and ``[[place]]`` tables with ``name``, ``point = [x,
  y]`` and optionally ``id``, ``kind`` and an ``attrs`` table.

Every problem is an :class:`~railhead.errors.InputError` naming the file, the row and the field.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import read_toml

FORMAT = "railhead.gazetteer/1"
KINDS = ("land", "sea", "port")
MAX_BYTES = 20_000_000


@dataclass(frozen=True)
class Place:
    name: str
    point: tuple[float, float]
    id: str
    kind: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    where: str = ""
    """The row or table the place was read from (for messages and the report)."""


def slug(name: str) -> str:
    """An id made from a name: lower case, runs of other characters as ``_``."""
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


def _cell(value: str) -> Any:
    v = value.strip()
    if v.lower() in ("true", "false"):
        return v.lower() == "true"
    if re.fullmatch(r"-?\d{1,15}", v):
        return int(v)
    return v


def _place(bad, where: str, name: Any, x: Any, y: Any, pid: Any, kind: Any, attrs: dict[str, Any]) -> Place:
    if not isinstance(name, str) or not name.strip():
        raise bad(f"{where}.name", "expected a name (text)")
    coords = []
    for axis, v in (("x", x), ("y", y)):
        try:
            f = float(v)
        except (TypeError, ValueError):
            raise bad(f"{where}.{axis}", f"expected a number of pixels, found {v!r}") from None
        if not math.isfinite(f):
            raise bad(f"{where}.{axis}", f"expected a finite number of pixels, found {v!r}")
        coords.append(f)
    if kind not in (None, "") and kind not in KINDS:
        raise bad(f"{where}.kind", f"expected one of {', '.join(KINDS)}, found {kind!r}")
    ident = pid if isinstance(pid, str) and pid.strip() else slug(name)
    if not ident:
        raise bad(f"{where}.name", f"{name!r} makes no id: give an id column")
    return Place(name.strip(), (coords[0], coords[1]), ident.strip(), kind or None, attrs, where)


def read_gazetteer(path: str | Path) -> list[Place]:
    """The places of a gazetteer file (CSV or TOML by its suffix); ids must be unique."""
    p = Path(path)
    if not p.is_file():
        raise InputError("no such gazetteer file", file=p)
    if p.stat().st_size > MAX_BYTES:
        raise InputError(f"gazetteer file larger than {MAX_BYTES // 1_000_000} MB", file=p)

    def bad(where: str, message: str) -> InputError:
        return InputError(message, file=p, where=where)

    if p.suffix.lower() == ".toml":
        places = _from_toml(p, bad)
    elif p.suffix.lower() in (".csv", ".txt"):
        places = _from_csv(p, bad)
    else:
        raise InputError("expected a gazetteer as .csv or .toml", file=p)
    seen: dict[str, str] = {}
    for pl in places:
        if pl.id in seen:
            raise bad(pl.where, f"id {pl.id!r} is also the id of {seen[pl.id]}; give each place its own id")
        seen[pl.id] = pl.where
    return places


def _from_csv(p: Path, bad) -> list[Place]:
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text (expected a CSV gazetteer)", file=p) from None
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise bad("row 1", "empty file; expected a header row name,x,y")
    header = [h.strip().lower() for h in rows[0]]
    missing = [k for k in ("name", "x", "y") if k not in header]
    if missing:
        raise bad("row 1", f"header lacks {', '.join(missing)}; expected columns name,x,y[,id,kind,...]")
    if len(set(header)) != len(header):
        raise bad("row 1", "a column is named twice")
    out = []
    for n, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise bad(f"row {n}", f"expected {len(header)} cells as the header has, found {len(row)}")
        cells = dict(zip(header, row, strict=True))
        attrs = {
            k: _cell(v) for k, v in cells.items() if k not in ("name", "x", "y", "id", "kind") and v.strip()
        }
        kind = cells.get("kind", "").strip() or None
        out.append(
            _place(bad, f"row {n}", cells["name"], cells["x"], cells["y"], cells.get("id"), kind, attrs)
        )
    return out


def _from_toml(p: Path, bad) -> list[Place]:
    doc = read_toml(p, "gazetteer file (railhead.gazetteer/1)")
    if doc.get("format") != FORMAT:
        raise bad("format", f'expected format = "{FORMAT}"')
    extra = sorted(set(doc) - {"format", "place"})
    if extra:
        raise bad(extra[0], "unknown key (expected format, place)")
    rows = doc.get("place", [])
    if not isinstance(rows, list):
        raise bad("place", "expected [[place]] tables")
    out = []
    for i, row in enumerate(rows):
        where = f"place[{i}]"
        if not isinstance(row, dict):
            raise bad(where, "expected a table with name and point")
        unknown = sorted(set(row) - {"name", "point", "id", "kind", "attrs"})
        if unknown:
            raise bad(f"{where}.{unknown[0]}", "unknown key (expected name, point, id, kind, attrs)")
        pt = row.get("point")
        if not isinstance(pt, list) or len(pt) != 2:
            raise bad(f"{where}.point", "expected point = [x, y] in the scan's pixels")
        attrs = row.get("attrs", {})
        if not isinstance(attrs, dict):
            raise bad(f"{where}.attrs", "expected a table")
        pid = row.get("id")
        if pid is not None and not isinstance(pid, str):
            raise bad(f"{where}.id", "expected an id (text)")
        out.append(_place(bad, where, row.get("name"), pt[0], pt[1], pid, row.get("kind"), dict(attrs)))
    return out


def write_gazetteer_csv(places: list[Place], path: str | Path) -> None:
    """Write places as a CSV gazetteer (what :func:`read_gazetteer` reads)."""
    from ..files import atomic_output

    keys = sorted({k for pl in places for k in pl.attrs})
    with atomic_output(path) as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["name", "x", "y", "id", "kind", *keys])
        for pl in places:
            extra = [pl.attrs.get(k, "") for k in keys]
            w.writerow([pl.name, f"{pl.point[0]:.1f}", f"{pl.point[1]:.1f}", pl.id, pl.kind or "", *extra])
