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

from ..errors import InputError, InputErrors
from ..files import read_json, write_json
from ..schemas import problems
from .grid import HexGrid, PixelFrame
from .ids import HexIdError
from .model import Area, Border, Box, Hex, Hexside, Line, Link, MapData, Sheet
from .seams import SEAM_EDGES, Seam

FORMAT = "railhead.mapdata/1"
MAX_HEX_PX = 1e6  # a hex a kilometre wide at 1,000 dpi: anything larger is a mistake
MAX_PIXEL = 1e9
MAX_NUMBER = 1_000_000  # printed column and row numbers
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
    """The problems of one file: the schema's first, then what only code can check (each place
    said once: a place the schema refused is not refused again by the code)."""

    def __init__(self, file: str | None, schema: list[InputError] | None = None):
        self.file = file
        self.items: list[InputError] = list(schema or ())
        self._refused = tuple(e.where or "$" for e in self.items)

    def add(self, where: str, message: str) -> None:
        self.items.append(InputError(message, file=self.file, where=where))

    def raise_if_any(self) -> None:
        schema, code = self.items[: len(self._refused)], self.items[len(self._refused) :]
        said = [e for e in code if not any(_same_place(e.where or "$", w) for w in self._refused)]
        items = schema + said
        if len(items) == 1:
            raise items[0]
        if items:
            raise InputErrors(items, file=self.file)


def _same_place(a: str, b: str) -> bool:
    """One place lies within the other (``$.hexes[3]`` and ``$.hexes[3].terrain``)."""
    return a == b or a.startswith((b + ".", b + "[")) or b.startswith((a + ".", a + "["))


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false"}.get(
        type(value), "a number" if isinstance(value, int | float) else "null"
    )


def _expect(p: _Problems, where: str, value: Any, kind: type | tuple, what: str) -> bool:
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if not ok:
        p.add(where, f"expected {what}, found {_type_name(value)}")
    return ok


def _opt_str(p: _Problems, where: str, obj: dict, key: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    return value if _expect(p, f"{where}.{key}", value, str, "a string") else None


def _features(p: _Problems, where: str, obj: dict) -> tuple[str, ...]:
    value = obj.get("features", [])
    if not _expect(p, f"{where}.features", value, list, "a list of feature names"):
        return ()
    out = []
    for i, f in enumerate(value):
        if _expect(p, f"{where}.features[{i}]", f, str, "a feature name (string)"):
            out.append(f)
    if len(set(out)) != len(out):
        p.add(f"{where}.features", "a feature is listed twice")
    return tuple(out)


def _attrs(p: _Problems, where: str, obj: dict) -> dict:
    value = obj.get("attrs", {})
    return value if _expect(p, f"{where}.attrs", value, dict, "an object of attributes") else {}


def _confidence(p: _Problems, where: str, obj: dict) -> float | None:
    value = obj.get("confidence")
    if value is None:
        return None
    if not _expect(p, f"{where}.confidence", value, (int, float), "a number from 0 to 1"):
        return None
    if not 0 <= value <= 1:
        p.add(f"{where}.confidence", f"expected a number from 0 to 1, found {value}")
    return float(value)


def _number_pair(p: _Problems, where: str, value: Any, kind: type, what: str) -> tuple | None:
    if not _expect(p, where, value, list, f"a list of two {what}") or len(value) != 2:
        if isinstance(value, list):
            p.add(where, f"expected a list of two {what}, found {len(value)} items")
        return None
    ok = all(_expect(p, f"{where}[{i}]", v, kind, f"{what[:-1]}") for i, v in enumerate(value))
    return (value[0], value[1]) if ok else None


def _grid(p: _Problems, where: str, value: Any) -> HexGrid | None:
    if not _expect(p, where, value, dict, "a grid object"):
        return None
    before = len(p.items)
    orientation = value.get("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        p.add(f"{where}.orientation", f"expected 'flat' or 'pointy', found {orientation!r}")
    shifted = value.get("shifted", "even")
    if shifted not in ("even", "odd"):
        p.add(f"{where}.shifted", f"expected 'even' or 'odd', found {shifted!r}")
    cols = _number_pair(p, f"{where}.cols", value.get("cols"), int, "column numbers")
    rows = _number_pair(p, f"{where}.rows", value.get("rows"), int, "row numbers")
    for name, rng in (("cols", cols), ("rows", rows)):
        if rng is not None and not all(abs(v) <= MAX_NUMBER for v in rng):
            p.add(f"{where}.{name}", f"expected printed numbers within ±{MAX_NUMBER:,}, found {list(rng)}")
            return None
    if cols is not None and rows is not None:
        hexes = (abs(cols[1] - cols[0]) + 1) * (abs(rows[1] - rows[0]) + 1)
        if hexes > MAX_SHEET_HEXES:
            p.add(where, f"a sheet of {hexes:,} hexes; railhead reads sheets of at most {MAX_SHEET_HEXES:,}")
            return None
    id_format = value.get("id_format", "{col:02d}{row:02d}")
    _expect(p, f"{where}.id_format", id_format, str, "an id format like '{col:02d}{row:02d}'")
    frame = None
    if value.get("pixels") is not None:
        frame = _pixel_frame(p, f"{where}.pixels", value["pixels"])
    if len(p.items) > before:
        return None
    try:
        grid = HexGrid(orientation, shifted, cols, rows, id_format, frame)
    except ValueError as exc:
        p.add(f"{where}.id_format", str(exc))
        return None
    for c, r in ((cols[0], rows[0]), (cols[1], rows[1])):
        try:
            grid.parse_id(grid.format_id(c, r))
        except HexIdError as exc:
            p.add(where, f"column {c} row {r} cannot be printed as an id: {exc}")
            return None
    return grid


def _pixel_frame(p: _Problems, where: str, value: Any) -> PixelFrame | None:
    if not _expect(p, where, value, dict, "a pixels object"):
        return None
    before = len(p.items)
    size = []
    for key in ("hex_width", "hex_height"):
        v = value.get(key)
        if _expect(p, f"{where}.{key}", v, (int, float), "a positive number of pixels"):
            if not (0 < v <= MAX_HEX_PX and math.isfinite(v)):
                p.add(
                    f"{where}.{key}", f"expected a positive number of pixels up to {MAX_HEX_PX:g}, found {v}"
                )
            size.append(float(v))
    origin = _number_pair(p, f"{where}.origin", value.get("origin"), (int, float), "pixel coords")
    if origin is not None and not all(math.isfinite(v) and abs(v) <= MAX_PIXEL for v in origin):
        p.add(f"{where}.origin", f"expected pixel coordinates within ±{MAX_PIXEL:g}, found {list(origin)}")
    angle = value.get("angle_deg", 0.0)
    if _expect(p, f"{where}.angle_deg", angle, (int, float), "an angle in degrees") and not (
        math.isfinite(angle) and abs(angle) <= 360
    ):
        p.add(f"{where}.angle_deg", f"expected an angle between -360 and 360 degrees, found {angle}")
    if len(p.items) > before:
        return None
    return PixelFrame(size[0], size[1], (float(origin[0]), float(origin[1])), float(angle))


def _list_of_objects(p: _Problems, doc: dict, key: str) -> list[tuple[str, dict]]:
    value = doc.get(key, [])
    if not _expect(p, f"$.{key}", value, list, f"a list of {key}"):
        return []
    out = []
    for i, item in enumerate(value):
        where = f"$.{key}[{i}]"
        if _expect(p, where, item, dict, "an object"):
            out.append((where, item))
    return out


def parse_mapdata(doc: Any, file: str | Path | None = None) -> MapData:
    """Validate a decoded ``railhead.mapdata/1`` document and build the map, or raise InputError."""
    fname = None if file is None else str(file)
    # shape, types, ranges and sizes: schemas/mapdata.schema.json; the code below checks ids,
    # adjacency and seams, and all problems of the file are reported together
    p = _Problems(fname, problems(doc, "mapdata", fname))
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        p.raise_if_any()
    name = doc.get("name", "")
    _expect(p, "$.name", name, str, "a map name")
    kind = doc.get("kind", "hex")
    if kind not in ("hex", "area"):
        p.add("$.kind", f"expected 'hex' or 'area', found {kind!r}")

    sheets: list[Sheet] = []
    seen_sheets: set[str] = set()
    for where, s in _list_of_objects(p, doc, "sheets"):
        sid = s.get("id", "")
        if not _expect(p, f"{where}.id", sid, str, "a sheet id (string)"):
            continue
        if sid in seen_sheets:
            p.add(f"{where}.id", f"sheet id {sid!r} is used twice")
        seen_sheets.add(sid)
        grid = _grid(p, f"{where}.grid", s.get("grid"))
        image = _opt_str(p, where, s, "image")
        prefix = _opt_str(p, where, s, "id_prefix")
        attrs = _attrs(p, where, s)
        if grid is not None:
            sheets.append(Sheet(sid, grid, image, prefix, attrs))
    if kind == "hex" and not sheets and not p.items:
        p.add("$.sheets", "a hex map needs at least one sheet with a grid")
    if any((e.where or "$").startswith(("$.sheets", "$.kind", "$.name")) for e in p.items):
        p.raise_if_any()  # ids cannot be checked without grids

    m = MapData(name=name if isinstance(name, str) else "", sheets=sheets, kind=kind)
    total = sum(len(s.grid) for s in sheets)
    if len(m.grid_ids()) != total:
        p.add("$.sheets", "two sheets print the same hex ids; give the sheets distinct ids")

    def known(where: str, hex_id: Any) -> str | None:
        if not _expect(p, where, hex_id, str, "a hex id (string)"):
            return None
        if not m.knows(hex_id):
            p.add(where, f"unknown hex id {hex_id!r}: {m.parse_problem(hex_id)}")
            return None
        return hex_id

    # hexes
    hexes: dict[str, Hex] = {}
    for where, h in _list_of_objects(p, doc, "hexes"):
        hid = known(f"{where}.id", h.get("id"))
        terrain = h.get("terrain")
        if terrain is None:
            p.add(f"{where}.terrain", "missing terrain; every hex needs one")
        else:
            _expect(p, f"{where}.terrain", terrain, str, "a terrain name")
        hx = Hex(
            id=hid or "",
            terrain=terrain if isinstance(terrain, str) else "",
            name=_opt_str(p, where, h, "name"),
            features=_features(p, where, h),
            attrs=_attrs(p, where, h),
            confidence=_confidence(p, where, h),
        )
        if hid is None:
            continue
        if hid in hexes:
            p.add(f"{where}.id", f"hex {hid!r} is listed twice")
        hexes[hid] = hx
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

    # hexsides
    for where, s in _list_of_objects(p, doc, "hexsides"):
        pair = s.get("hexes")
        if not _expect(p, f"{where}.hexes", pair, list, "a list of two adjacent hex ids"):
            continue
        if len(pair) != 2:
            p.add(f"{where}.hexes", f"expected two adjacent hex ids, found {len(pair)}")
            continue
        a, b = (known(f"{where}.hexes[{i}]", pair[i]) for i in range(2))
        terrain = _opt_str(p, where, s, "terrain")
        side = Hexside(
            hexes=(a or "", b or ""),
            terrain=terrain,
            features=_features(p, where, s),
            attrs=_attrs(p, where, s),
            confidence=_confidence(p, where, s),
        )
        if a is None or b is None:
            continue
        if not m.adjacent(a, b):
            p.add(
                f"{where}.hexes",
                f"{a} and {b} are not adjacent (not across a grid side, seam or adjacent link), "
                "so they share no hexside",
            )
            continue
        if side.key in m.hexsides:
            p.add(f"{where}.hexes", f"the hexside {a}/{b} is listed twice")
        m.hexsides[side.key] = Hexside(side.key, terrain, side.features, side.attrs, side.confidence)

    # lines
    for where, ln in _list_of_objects(p, doc, "lines"):
        kind_ = ln.get("kind")
        if not _expect(p, f"{where}.kind", kind_, str, "a line kind such as 'rail' or 'road'"):
            continue
        path = ln.get("hexes")
        if not _expect(p, f"{where}.hexes", path, list, "a list of hex ids"):
            continue
        if len(path) < 2:
            p.add(f"{where}.hexes", f"a line needs at least two hexes, found {len(path)}")
            continue
        ids = [known(f"{where}.hexes[{i}]", h) for i, h in enumerate(path)]
        ok = all(ids)
        for i in range(1, len(ids)):
            a, b = ids[i - 1], ids[i]
            if a and b and not m.adjacent(a, b):
                p.add(f"{where}.hexes[{i}]", f"step {a} -> {b} is not between adjacent hexes")
                ok = False
        attrs = _attrs(p, where, ln)
        conf = _confidence(p, where, ln)
        if ok:
            m.lines.append(Line(kind_, tuple(ids), attrs, conf))

    m.extra = {k: v for k, v in doc.items() if k not in _TOP_KEYS}
    p.raise_if_any()
    return m


def _point(p: _Problems, where: str, value: Any) -> tuple[float, float] | None:
    pair = _number_pair(p, where, value, (int, float), "pixel coords")
    if pair is None:
        return None
    if not all(math.isfinite(v) for v in pair):
        p.add(where, f"expected finite pixel coords, found {list(pair)}")
        return None
    return (float(pair[0]), float(pair[1]))


def _polygon(p: _Problems, where: str, value: Any) -> tuple[tuple[float, float], ...] | None:
    if not _expect(p, where, value, list, "a list of [x, y] pixel points"):
        return None
    if len(value) < 3:
        p.add(where, f"a polygon needs at least 3 points, found {len(value)}")
        return None
    points = [_point(p, f"{where}[{i}]", v) for i, v in enumerate(value)]
    return tuple(pt for pt in points if pt is not None) if all(points) else None


def _areas(p: _Problems, doc: dict) -> dict[str, Area]:
    areas: dict[str, Area] = {}
    for where, a in _list_of_objects(p, doc, "areas"):
        aid = a.get("id")
        if not _expect(p, f"{where}.id", aid, str, "an area id (string)"):
            continue
        if aid in areas:
            p.add(f"{where}.id", f"area {aid!r} is listed twice")
        polygon = None if a.get("polygon") is None else _polygon(p, f"{where}.polygon", a["polygon"])
        point = None if a.get("point") is None else _point(p, f"{where}.point", a["point"])
        areas[aid] = Area(aid, _opt_str(p, where, a, "name"), _attrs(p, where, a), polygon, point)
    return areas


def _boxes(p: _Problems, doc: dict, m: MapData) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    for where, b in _list_of_objects(p, doc, "boxes"):
        bid = b.get("id")
        if not _expect(p, f"{where}.id", bid, str, "a box id (string)"):
            continue
        if bid in boxes:
            p.add(f"{where}.id", f"box {bid!r} is listed twice")
        elif m.knows(bid) or bid in m.hexes:
            p.add(f"{where}.id", f"box id {bid!r} is also a hex id; give the box its own id")
            continue
        elif bid in m.areas:
            p.add(f"{where}.id", f"box id {bid!r} is also an area id; give the box its own id")
            continue
        boxes[bid] = Box(bid, _opt_str(p, where, b, "name"), _attrs(p, where, b))
    return boxes


def _offset(p: _Problems, where: str, obj: dict, key: str) -> int:
    value = obj.get(key, 0)
    return value if _expect(p, f"{where}.{key}", value, int, "a whole number of hexes") else 0


def _pair_of_ids(
    p: _Problems, where: str, value: Any, what: str, unknown: Callable[[str], str | None]
) -> tuple[str, str] | None:
    """Two known ids (``what``: "sheet", "location", "area"), or None after saying what is wrong;
    ``unknown(id)`` says why an id names nothing, or None if it is known."""
    if not (_expect(p, where, value, list, f"two {what} ids") and len(value) == 2):
        if isinstance(value, list):
            p.add(where, f"expected two {what} ids, found {len(value)}")
        return None
    ok = True
    for i, v in enumerate(value):
        if not _expect(p, f"{where}[{i}]", v, str, f"a {what} id (string)"):
            ok = False
        elif (problem := unknown(v)) is not None:
            p.add(f"{where}[{i}]", problem)
            ok = False
    return (value[0], value[1]) if ok else None


def _unknown_among(what: str, known: list[str]) -> Callable[[str], str | None]:
    shown = ", ".join(repr(x) for x in known[:6]) + (" ..." if len(known) > 6 else "")
    return lambda x: None if x in known else f"unknown {what} {x!r} ({what}s: {shown or 'none'})"


def _seams(p: _Problems, doc: dict, m: MapData) -> list[Seam]:
    seams: list[Seam] = []
    sheet_ids = [s.id for s in m.sheets]
    for where, s in _list_of_objects(p, doc, "seams"):
        pair = _pair_of_ids(
            p, f"{where}.sheets", s.get("sheets"), "sheet", _unknown_among("sheet", sheet_ids)
        )
        ok = pair is not None
        edge = s.get("edge")
        if edge not in SEAM_EDGES:
            p.add(f"{where}.edge", f"expected one of {', '.join(SEAM_EDGES)}, found {edge!r}")
            ok = False
        offsets = _offset(p, where, s, "rows_offset"), _offset(p, where, s, "cols_offset")
        if not ok or pair is None:
            continue
        seam = Seam(pair, edge, *offsets)
        problem = m.seam_problem(seam)
        if problem:
            p.add(where, f"seam {pair[0]!r}/{pair[1]!r} ({edge}) cannot join the sheets: {problem}")
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

    for where, ln in _list_of_objects(p, doc, "links"):
        pair = _pair_of_ids(p, f"{where}.between", ln.get("between"), "location", unknown_location)
        ok = pair is not None
        kind = ln.get("kind", "adjacent")
        if not _expect(p, f"{where}.kind", kind, str, "a link kind such as 'adjacent' or 'ferry'"):
            ok = False
        modes = ln.get("modes")
        if modes is not None:
            if _expect(p, f"{where}.modes", modes, list, "a list of mode names"):
                for i, mode in enumerate(modes):
                    ok &= _expect(p, f"{where}.modes[{i}]", mode, str, "a mode name (string)")
            else:
                ok = False
        attrs = _attrs(p, where, ln)
        if not isinstance(attrs.get("oneway", False), bool):
            p.add(f"{where}.attrs.oneway", "expected true or false")
            ok = False
        if not ok:
            continue
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
        links.append(Link(pair, kind, None if modes is None else tuple(modes), attrs))
    return links


def _borders(p: _Problems, doc: dict, m: MapData) -> list[Border]:
    borders: list[Border] = []
    for where, b in _list_of_objects(p, doc, "borders"):
        pair = _pair_of_ids(
            p, f"{where}.areas", b.get("areas"), "area", _unknown_among("area id", list(m.areas))
        )
        ok = pair is not None
        bkind = b.get("kind", "land")
        ok &= _expect(p, f"{where}.kind", bkind, str, "a border kind such as 'land' or 'sea'")
        attrs = _attrs(p, where, b)
        if pair and pair[0] == pair[1]:
            p.add(f"{where}.areas", f"a border joins two different areas, found {pair[0]!r} twice")
            ok = False
        if ok:
            borders.append(Border(pair, bkind, attrs))
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
    ]
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
