"""Answers about a map in the shape the commands print them (JSON-ready dicts and plain text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from .model import MapData, UnknownHexError


def summary_text(m: MapData) -> str:
    """The readable form of :meth:`MapData.summary`."""
    s = m.summary()
    head = f"{s['name'] or '(unnamed map)'}: {s['kind']} map, {s['hexes']} hexes"
    if "areas" in s:
        head += f", {s['areas']['count']} areas"
    out = [head]
    for sh in s["sheets"]:
        label = f"sheet {sh['id']!r}" if sh["id"] else "sheet"
        out.append(
            f"  {label}: {sh['orientation']} hexes, {sh['shifted']} columns shifted, "
            f"cols {sh['cols'][0]}..{sh['cols'][1]}, rows {sh['rows'][0]}..{sh['rows'][1]}, "
            f"ids like {sh['id_format']!r}" + (f", image {sh['image']}" if sh["image"] else "")
        )
        if sh["attrs"]:
            out.append("    attrs: " + ", ".join(f"{k}={v}" for k, v in sh["attrs"].items()))
    terrain = ", ".join(f"{k} {v}" for k, v in s["terrain"].items())
    out.append(f"  terrain: {terrain or 'none'}")
    features = ", ".join(f"{k} {v}" for k, v in s["features"].items())
    out.append(f"  hexsides recorded: {s['hexsides']}; features: {features or 'none'}")
    for kind, v in s["lines"].items():
        out.append(f"  {kind}: {v['lines']} lines, {v['edges']} hexsides crossed")
    out.append(f"  named hexes: {s['named_hexes']}")
    if "areas" in s:
        out.append(f"  areas: {_counted(s['areas'])}")
        out.append(f"  borders: {_counted(s['borders'])}")
    for seam in s["seams"]:
        a, b = seam["sheets"]
        out.append(
            f"  seam: sheet {b!r} continues {a!r} beyond its {seam['edge']} edge "
            f"(rows offset {seam['rows_offset']}, columns offset {seam['cols_offset']})"
        )
    if s["links"]["count"]:
        out.append(f"  links: {_counted(s['links'])}")
    if s["boxes"]:
        out.append(f"  boxes: {s['boxes']}")
    return "\n".join(out)


def contents_text(m: MapData) -> str:
    """What a map holds, in a few words: "30 hexes, 1 hexsides, 1 lines" plus areas, links, boxes."""
    parts = [f"{len(m.hexes)} hexes", f"{len(m.hexsides)} hexsides", f"{len(m.lines)} lines"]
    if m.kind == "area" or m.areas:
        parts = [f"{len(m.areas)} areas", f"{len(m.borders)} borders"]
    for what, items in (("seams", m.seams), ("links", m.links), ("boxes", m.boxes)):
        if items:
            parts.append(f"{len(items)} {what}")
    return ", ".join(parts)


def _counted(counts: dict[str, Any]) -> str:
    """``{"count": 5, "kinds": {"land": 3, "sea": 2}}`` as ``5 (land 3, sea 2)``."""
    kinds = ", ".join(f"{k} {v}" for k, v in counts["kinds"].items())
    return f"{counts['count']}" + (f" ({kinds})" if kinds else "")


def locate_hex(m: MapData, x: float, y: float, sheet: str, file: str | Path) -> dict[str, Any]:
    """The hex at pixel (x, y) of ``sheet``; InputError if the pixel is off the grid."""
    try:
        i = m.sheet_index(sheet)
    except KeyError as exc:
        raise InputError(exc.args[0], file=file, where="--sheet") from None
    grid = m.sheets[i].grid
    col, row = grid.locate(x, y)
    hex_id = m.id_at(i, col, row)
    if hex_id is None:
        raise InputError(
            f"pixel ({x:g}, {y:g}) lies off the grid (it would be column {col}, row {row}; "
            f"the sheet has columns {min(grid.cols)}-{max(grid.cols)}, "
            f"rows {min(grid.rows)}-{max(grid.rows)})",
            file=file,
        )
    cx, cy = grid.center(col, row)
    return {"id": hex_id, "sheet": sheet, "col": col, "row": row, "center": [cx, cy]}


def hex_center(m: MapData, hex_id: str, file: str | Path) -> dict[str, Any]:
    """Pixel centre of a hex; InputError for an unknown id, saying why it is unknown."""
    try:
        ref = m.ref(hex_id)
    except UnknownHexError:
        raise InputError(f"unknown hex id {hex_id!r}: {m.parse_problem(hex_id)}", file=file) from None
    x, y = m.sheets[ref.sheet].grid.center(ref.col, ref.row)
    return {
        "id": hex_id,
        "sheet": m.sheets[ref.sheet].id,
        "col": ref.col,
        "row": ref.row,
        "x": x,
        "y": y,
    }
