"""Reading, validating and writing ``railhead.mapdata/1`` (``shared/docs/contracts.md`` §2).

Every problem is reported with the file, the JSON path of the offending value and what was expected
there; all problems of a file are collected and shown together (the first 20), so a user can fix a
hand-edited map in one pass. Nothing is half-read: either a whole :class:`MapData` or an error.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError, InputErrors
from ..files import read_json, write_json
from ..schemas import check
from .grid import HexGrid, PixelFrame
from .ids import HexIdError
from .model import Area, Border, Box, Hex, Hexside, Line, Link, MapData, Sheet, side_key
from .seams import Seam

FORMAT = "railhead.mapdata/1"
MAX_SHEET_HEXES = 4_000_000  # the largest printed sheets hold tens of thousands
_TOP_KEYS = {
    "format",
    "name",
    "kind",
    "sheets",
    "hexes",
    "hexsides",
    "lines",
    "areas",
    "borders",
    "links",
    "seams",
    "boxes",
}


class _Problems:
    """The problems of one file the code finds (the schema's are reported before, all together)."""

    def __init__(self, file: str | None):
        self.file = file
        self.items: list[InputError] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(InputError(message, file=self.file, where=where))

    def raise_if_any(self) -> None:
        if len(self.items) == 1:
            raise self.items[0]
        if self.items:
            raise InputErrors(self.items, file=self.file)


def _tuple(obj: dict, key: str) -> tuple:
    return tuple(obj.get(key, ()))


def _grid(p: _Problems, where: str, value: dict) -> HexGrid | None:
    """The grid, or None after saying what the schema cannot: a sheet too large, an id format that
    cannot print its ids."""
    cols = (int(value["cols"][0]), int(value["cols"][1]))
    rows = (int(value["rows"][0]), int(value["rows"][1]))
    hexes = (abs(cols[1] - cols[0]) + 1) * (abs(rows[1] - rows[0]) + 1)
    if hexes > MAX_SHEET_HEXES:
        p.add(where, f"a sheet of {hexes:,} hexes; railhead reads sheets of at most {MAX_SHEET_HEXES:,}")
        return None
    px = value.get("pixels")
    frame = None
    if px is not None:
        numbers = [px["hex_width"], px["hex_height"], *px["origin"], px.get("angle_deg", 0)]
        if not all(math.isfinite(v) for v in numbers):  # NaN passes every range (see _points)
            p.add(f"{where}.pixels", f"expected finite numbers, found {numbers}")
            return None
        origin = (float(px["origin"][0]), float(px["origin"][1]))
        frame = PixelFrame(
            float(px["hex_width"]), float(px["hex_height"]), origin, float(px.get("angle_deg", 0))
        )
    try:
        grid = HexGrid(
            value.get("orientation", "flat"),
            value.get("shifted", "even"),
            cols,
            rows,
            value.get("id_format", "{col:02d}{row:02d}"),
            frame,
        )
    except ValueError as exc:
        p.add(f"{where}.id_format", str(exc))
        return None
    for c, r in ((cols[0], rows[0]), (cols[1], rows[1])):
        try:
            grid.parse_id(grid.format_id(c, r))
        except (HexIdError, ValueError) as exc:
            p.add(where, f"column {c} row {r} cannot be printed as an id: {exc}")
            return None
    return grid


def _items(doc: dict, key: str) -> list[tuple[str, dict]]:
    return [(f"$.{key}[{i}]", item) for i, item in enumerate(doc.get(key, []))]


def parse_mapdata(doc: Any, file: str | Path | None = None) -> MapData:
    """Validate a decoded ``railhead.mapdata/1`` document and build the map, or raise InputError.

    Shape, types, ranges and sizes are the schema's (``schemas/mapdata.schema.json``: all its
    problems are reported together); the code checks what a schema cannot say: ids that name hexes
    of the grids, adjacency of hexsides and lines, seams that can join their sheets, each id once."""
    fname = None if file is None else str(file)
    check(doc, "mapdata", fname)
    p = _Problems(fname)
    kind = doc.get("kind", "hex")

    sheets: list[Sheet] = []
    m_pictures: list[dict[str, Any]] = []
    seen_sheets: set[str] = set()
    for where, s in _items(doc, "sheets"):
        sid = s.get("id", "")
        if sid in seen_sheets:
            p.add(f"{where}.id", f"sheet id {sid!r} is used twice")
        seen_sheets.add(sid)
        if "grid" not in s:
            if kind == "area":  # contracts.md §2.1: an area map may have no grid; its picture is kept
                m_pictures.append({k: v for k, v in s.items() if k in ("id", "image", "attrs")})
            else:
                p.add(f"{where}.grid", "missing grid")
            continue
        grid = _grid(p, f"{where}.grid", s["grid"])
        if grid is not None:
            sheets.append(Sheet(sid, grid, s.get("image"), s.get("id_prefix"), s.get("attrs", {})))
    if kind == "hex" and not sheets and not p.items:
        p.add("$.sheets", "a hex map needs at least one sheet with a grid")
    p.raise_if_any()  # ids cannot be checked without grids

    m = MapData(name=doc.get("name", ""), sheets=sheets, kind=kind, pictures=m_pictures)
    total = sum(len(s.grid) for s in sheets)
    if len(m.grid_ids()) != total:
        p.add("$.sheets", "two sheets print the same hex ids; give the sheets distinct ids")

    def known(where: str, hex_id: str) -> str | None:
        if not m.knows(hex_id):
            p.add(where, f"unknown hex id {hex_id!r}: {m.parse_problem(hex_id)}")
            return None
        return hex_id

    # hexes
    hexes: dict[str, Hex] = {}
    for where, h in _items(doc, "hexes"):
        hid = known(f"{where}.id", h["id"])
        if hid is None:
            continue
        if hid in hexes:
            p.add(f"{where}.id", f"hex {hid!r} is listed twice")
        hexes[hid] = Hex(
            hid, h["terrain"], h.get("name"), _tuple(h, "features"), h.get("attrs", {}), h.get("confidence")
        )
    if kind == "hex":
        missing = [i for i in m.grid_ids() if i not in hexes]
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            p.add("$.hexes", f"{len(missing)} hex(es) of the grid have no entry: {shown}")
    if kind == "area" and hexes:
        p.add("$.hexes", f"an area map has no hexes, found {len(hexes)}; use areas, or kind 'hex'")
    m.hexes = hexes

    m.areas = _areas(p, doc)
    m.boxes = _boxes(p, doc, m)
    m.seams = _seams(p, doc, m)
    m.links = _links(p, doc, m)
    m.borders = _borders(p, doc, m)
    if kind == "area":
        for key in ("hexsides", "lines"):
            if doc.get(key):
                p.add(f"$.{key}", f"an area map has no {key}; areas are joined by borders and links")
        m.extra = {k: v for k, v in doc.items() if k not in _TOP_KEYS}
        p.raise_if_any()
        return m

    adjacent = _adjacency(m, p)

    # hexsides
    sides = doc.get("hexsides", [])
    pairs = [s["hexes"] for s in sides]
    joined = adjacent(pairs)
    for k, s in enumerate(sides):
        a, b = pairs[k]
        if not joined[k]:
            where = f"$.hexsides[{k}]"
            a, b = (known(f"{where}.hexes[{i}]", pairs[k][i]) for i in range(2))
            if a is None or b is None:
                continue
            p.add(
                f"{where}.hexes",
                f"{a} and {b} are not adjacent (not across a grid side, seam or adjacent link), "
                "so they share no hexside",
            )
            continue
        key = side_key(a, b)
        if key in m.hexsides:
            p.add(f"$.hexsides[{k}].hexes", f"the hexside {a}/{b} is listed twice")
        m.hexsides[key] = Hexside(
            key, s.get("terrain"), _tuple(s, "features"), s.get("attrs", {}), s.get("confidence")
        )

    # lines
    lines = doc.get("lines", [])
    steps = [(h[i - 1], h[i]) for ln in lines for h in (ln["hexes"],) for i in range(1, len(h))]
    joined = iter(adjacent(steps))
    for k, ln in enumerate(lines):
        ids = list(ln["hexes"])
        unknown = [j for j, h in enumerate(ids) if not m.knows(h)]
        for j in unknown:
            known(f"$.lines[{k}].hexes[{j}]", ids[j])
        ok = not unknown
        for i in range(1, len(ids)):
            if not next(joined) and m.knows(ids[i - 1]) and m.knows(ids[i]):
                p.add(
                    f"$.lines[{k}].hexes[{i}]", f"step {ids[i - 1]} -> {ids[i]} is not between adjacent hexes"
                )
                ok = False
        if ok:
            m.lines.append(Line(ln["kind"], tuple(ids), ln.get("attrs", {}), ln.get("confidence")))

    m.extra = {k: v for k, v in doc.items() if k not in _TOP_KEYS}
    p.raise_if_any()
    return m


def _adjacency(m: MapData, p: _Problems) -> Callable[[list], np.ndarray]:
    """Whether each of many pairs of ids are two adjacent hexes: looked up all at once in the map's
    location graph (built here once, and kept for the engine) when the map so far is sound, else
    pair by pair. Unknown ids are not adjacent to anything."""

    def one_by_one(pairs: list) -> np.ndarray:
        return np.array([m.knows(a) and m.knows(b) and m.adjacent(a, b) for a, b in pairs], dtype=bool)

    if p.items:
        return one_by_one
    from .graph import location_graph

    g = location_graph(m)

    def at_once(pairs: list) -> np.ndarray:
        if not pairs:
            return np.zeros(0, dtype=bool)
        index = g.index
        ij = np.array([(index.get(a, -1), index.get(b, -1)) for a, b in pairs], dtype=np.int64)
        known = (ij >= 0).all(axis=1) & np.array([m.knows(a) and m.knows(b) for a, b in pairs])
        i, j = np.where(known, ij[:, 0], 0), ij[:, 1]
        return known & ((g.neighbours[i] == j[:, None]) & g.adjacent_mask[i]).any(axis=1)

    return at_once


def _points(p: _Problems, where: str, value: list) -> tuple[tuple[float, float], ...] | None:
    """Pixel points; None after naming a NaN (no JSON file holds one, but a document built in
    code may, and every range comparison of a schema lets NaN through)."""
    for i, (x, y) in enumerate(value):
        if not (math.isfinite(x) and math.isfinite(y)):
            p.add(f"{where}[{i}]", f"expected finite pixel coords, found {[x, y]}")
            return None
    return tuple((float(x), float(y)) for x, y in value)


def _areas(p: _Problems, doc: dict) -> dict[str, Area]:
    areas: dict[str, Area] = {}
    for where, a in _items(doc, "areas"):
        aid = a["id"]
        if aid in areas:
            p.add(f"{where}.id", f"area {aid!r} is listed twice")
        polygon = None if a.get("polygon") is None else _points(p, f"{where}.polygon", a["polygon"])
        point = None if a.get("point") is None else (_points(p, f"{where}.point", [a["point"]]) or [None])[0]
        areas[aid] = Area(aid, a.get("name"), a.get("attrs", {}), polygon, point)
    return areas


def _boxes(p: _Problems, doc: dict, m: MapData) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    for where, b in _items(doc, "boxes"):
        bid = b["id"]
        if bid in boxes:
            p.add(f"{where}.id", f"box {bid!r} is listed twice")
        elif m.knows(bid) or bid in m.hexes:
            p.add(f"{where}.id", f"box id {bid!r} is also a hex id; give the box its own id")
            continue
        elif bid in m.areas:
            p.add(f"{where}.id", f"box id {bid!r} is also an area id; give the box its own id")
            continue
        boxes[bid] = Box(bid, b.get("name"), b.get("attrs", {}))
    return boxes


def _pair_of_ids(
    p: _Problems, where: str, value: list, unknown: Callable[[str], str | None]
) -> tuple[str, str] | None:
    """Two known ids, or None after saying what is wrong; ``unknown(id)`` says why an id names
    nothing, or None if it is known."""
    ok = True
    for i, v in enumerate(value):
        if (problem := unknown(v)) is not None:
            p.add(f"{where}[{i}]", problem)
            ok = False
    return (value[0], value[1]) if ok else None


def _unknown_among(what: str, known: list[str]) -> Callable[[str], str | None]:
    shown = ", ".join(repr(x) for x in known[:6]) + (" ..." if len(known) > 6 else "")
    return lambda x: None if x in known else f"unknown {what} {x!r} ({what}s: {shown or 'none'})"


def _seams(p: _Problems, doc: dict, m: MapData) -> list[Seam]:
    seams: list[Seam] = []
    sheet_ids = [s.id for s in m.sheets]
    for where, s in _items(doc, "seams"):
        pair = _pair_of_ids(p, f"{where}.sheets", s["sheets"], _unknown_among("sheet", sheet_ids))
        if pair is None:
            continue
        seam = Seam(pair, s["edge"], int(s.get("rows_offset", 0)), int(s.get("cols_offset", 0)))
        problem = m.seam_problem(seam)
        if problem:
            p.add(where, f"seam {pair[0]!r}/{pair[1]!r} ({seam.edge}) cannot join the sheets: {problem}")
            continue
        if any({x.sheets[0], x.sheets[1]} == set(seam.sheets) for x in seams):
            p.add(where, f"the sheets {pair[0]!r} and {pair[1]!r} are joined by an earlier seam already")
            continue
        seams.append(seam)
    return seams


def _location_problem(m: MapData, location_id: str) -> str:
    """Why an id names no location, with what the ids of this map look like."""
    looks = []
    if m.hexes:
        looks.append(f"hex ids like {next(iter(m.hexes))!r}")
    if m.areas:
        looks.append("area ids (" + ", ".join(repr(a) for a in list(m.areas)[:4]) + ")")
    if m.boxes:
        looks.append("box ids (" + ", ".join(repr(b) for b in list(m.boxes)[:4]) + ")")
    hint = "; ".join(looks) if looks else "this map has no locations"
    if m.hexes:
        near = m.parse_problem(location_id)
        return f"unknown location {location_id!r} ({near}); expected {hint}"
    return f"unknown location {location_id!r}; expected {hint}"


def _links(p: _Problems, doc: dict, m: MapData) -> list[Link]:
    links: list[Link] = []

    def unknown_location(x: str) -> str | None:
        return None if m.is_location(x) else _location_problem(m, x)

    for where, ln in _items(doc, "links"):
        pair = _pair_of_ids(p, f"{where}.between", ln["between"], unknown_location)
        if pair is None:
            continue
        kind = ln.get("kind", "adjacent")
        modes = ln.get("modes")
        a, b = pair
        if a == b:
            p.add(f"{where}.between", f"a link joins two different locations, found {a!r} twice")
            continue
        if kind == "adjacent" and not (a in m.hexes and b in m.hexes):
            other = a if a not in m.hexes else b
            p.add(
                f"{where}.kind",
                f"an 'adjacent' link joins two hexes, but {other!r} is {m.location_kind(other)!r}; "
                "give the link another kind (such as 'sea' or 'transit')",
            )
            continue
        links.append(Link(pair, kind, None if modes is None else tuple(modes), ln.get("attrs", {})))
    return links


def _borders(p: _Problems, doc: dict, m: MapData) -> list[Border]:
    borders: list[Border] = []
    for where, b in _items(doc, "borders"):
        pair = _pair_of_ids(p, f"{where}.areas", b["areas"], _unknown_among("area id", list(m.areas)))
        if pair is None:
            continue
        if pair[0] == pair[1]:
            p.add(f"{where}.areas", f"a border joins two different areas, found {pair[0]!r} twice")
            continue
        borders.append(Border(pair, b.get("kind", "land"), b.get("attrs", {})))
    return borders


def read_mapdata(path: str | Path) -> MapData:
    """Read and validate a map file."""
    return parse_mapdata(read_json(path, "map file (railhead.mapdata/1)"), file=path)


def _item(obj: dict, **optional: Any) -> dict:
    for key, value in optional.items():
        if key == "id_prefix" and value == "":
            obj[key] = value
        elif value not in (None, (), {}):
            obj[key] = list(value) if isinstance(value, tuple) else value
    return obj


def mapdata_document(m: MapData) -> dict[str, Any]:
    """The JSON document of a map (the inverse of :func:`parse_mapdata`)."""
    doc: dict[str, Any] = {"format": FORMAT, "name": m.name, "kind": m.kind}
    doc["sheets"] = [
        _item({"id": s.id, "grid": s.grid.to_dict()}, image=s.image, id_prefix=s.id_prefix, attrs=s.attrs)
        for s in m.sheets
    ] + [dict(pic) for pic in m.pictures]
    doc["hexes"] = [
        _item(
            {"id": h.id, "terrain": h.terrain},
            name=h.name,
            features=h.features,
            attrs=h.attrs,
            confidence=h.confidence,
        )
        for h in m.hexes.values()
    ]
    doc["hexsides"] = [
        _item(
            {"hexes": list(s.hexes)},
            terrain=s.terrain,
            features=s.features,
            attrs=s.attrs,
            confidence=s.confidence,
        )
        for s in m.hexsides.values()
    ]
    doc["lines"] = [
        _item({"kind": ln.kind, "hexes": list(ln.hexes)}, attrs=ln.attrs, confidence=ln.confidence)
        for ln in m.lines
    ]
    doc["areas"] = [
        _item(
            {"id": a.id},
            name=a.name,
            attrs=a.attrs,
            polygon=None if a.polygon is None else [list(pt) for pt in a.polygon],
            point=a.point,
        )
        for a in m.areas.values()
    ]
    doc["borders"] = [_item({"areas": list(b.areas), "kind": b.kind}, attrs=b.attrs) for b in m.borders]
    if m.links:
        doc["links"] = [
            _item({"between": list(ln.between), "kind": ln.kind}, attrs=ln.attrs)
            | ({} if ln.modes is None else {"modes": list(ln.modes)})
            for ln in m.links
        ]
    if m.seams:
        doc["seams"] = [s.to_dict() for s in m.seams]
    if m.boxes:
        doc["boxes"] = [_item({"id": b.id}, name=b.name, attrs=b.attrs) for b in m.boxes.values()]
    doc.update(m.extra)
    return doc


def write_mapdata(m: MapData, path: str | Path) -> None:
    """Write a map file atomically."""
    write_json(path, mapdata_document(m))


# exported for callers that want to check one step of a path with the same wording
def step_problem(m: MapData, a: str, b: str) -> str | None:
    """Why the step a -> b is not between adjacent locations (grid side, seam, adjacent link,
    border), or None if it is."""
    for hid in (a, b):
        if not (m.knows(hid) or m.is_location(hid)):
            if m.kind == "hex" and not m.areas and not m.boxes:
                return f"unknown hex id {hid!r}: {m.parse_problem(hid)}"
            return _location_problem(m, hid)
    if not m.adjacent(a, b):
        return f"{a} and {b} are not adjacent"
    return None
