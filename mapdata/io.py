"""Reading, validating and writing ``railhead.mapdata/1`` (``shared/docs/contracts.md`` §2).

Every problem is reported with the file, the JSON path of the offending value and what was expected
there; all problems of a file are collected and shown together (the first 20), so a user can fix a
hand-edited map in one pass. Nothing is half-read: either a whole :class:`MapData` or an error.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..errors import InputError, InputErrors
from ..files import read_json, write_json
from .grid import HexGrid, PixelFrame
from .ids import HexIdError
from .model import Area, Border, Hex, Hexside, Line, MapData, Sheet

FORMAT = "railhead.mapdata/1"
_TOP_KEYS = {"format", "name", "kind", "sheets", "hexes", "hexsides", "lines", "areas", "borders"}


class _Problems:
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
            if not (v > 0 and math.isfinite(v)):
                p.add(f"{where}.{key}", f"expected a positive number of pixels, found {v}")
            size.append(float(v))
    origin = _number_pair(p, f"{where}.origin", value.get("origin"), (int, float), "pixel coords")
    angle = value.get("angle_deg", 0.0)
    _expect(p, f"{where}.angle_deg", angle, (int, float), "an angle in degrees")
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
    p = _Problems(fname)
    if not isinstance(doc, dict):
        raise InputError(f"expected a JSON object, found {_type_name(doc)}", file=fname, where="$")
    if doc.get("format") != FORMAT:
        raise InputError(
            f"expected format {FORMAT!r}, found {doc.get('format')!r}", file=fname, where="$.format"
        )
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
        if grid is not None:
            sheets.append(Sheet(sid, grid, image, prefix))
    if kind == "hex" and not sheets and not p.items:
        p.add("$.sheets", "a hex map needs at least one sheet with a grid")
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
    m.hexes = hexes

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
            p.add(f"{where}.hexes", f"{a} and {b} are not adjacent, so they share no hexside")
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

    # areas and borders
    for where, a in _list_of_objects(p, doc, "areas"):
        aid = a.get("id")
        if not _expect(p, f"{where}.id", aid, str, "an area id (string)"):
            continue
        if aid in m.areas:
            p.add(f"{where}.id", f"area {aid!r} is listed twice")
        m.areas[aid] = Area(aid, _opt_str(p, where, a, "name"), _attrs(p, where, a))
    for where, b in _list_of_objects(p, doc, "borders"):
        pair = b.get("areas")
        if not (_expect(p, f"{where}.areas", pair, list, "two area ids") and len(pair) == 2):
            if isinstance(pair, list):
                p.add(f"{where}.areas", f"expected two area ids, found {len(pair)}")
            continue
        for i, aid in enumerate(pair):
            if aid not in m.areas:
                p.add(f"{where}.areas[{i}]", f"unknown area id {aid!r}")
        bkind = b.get("kind", "land")
        _expect(p, f"{where}.kind", bkind, str, "a border kind such as 'land' or 'sea'")
        m.borders.append(Border((pair[0], pair[1]), bkind, _attrs(p, where, b)))

    m.extra = {k: v for k, v in doc.items() if k not in _TOP_KEYS}
    p.raise_if_any()
    return m


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
        _item({"id": s.id, "grid": s.grid.to_dict()}, image=s.image, id_prefix=s.id_prefix) for s in m.sheets
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
    doc["areas"] = [_item({"id": a.id}, name=a.name, attrs=a.attrs) for a in m.areas.values()]
    doc["borders"] = [_item({"areas": list(b.areas), "kind": b.kind}, attrs=b.attrs) for b in m.borders]
    doc.update(m.extra)
    return doc


def write_mapdata(m: MapData, path: str | Path) -> None:
    """Write a map file atomically."""
    write_json(path, mapdata_document(m))


# exported for callers that want to check one step of a path with the same wording
def step_problem(m: MapData, a: str, b: str) -> str | None:
    """Why the step a -> b is not between adjacent hexes, or None if it is."""
    for hid in (a, b):
        if not m.knows(hid):
            return f"unknown hex id {hid!r}: {m.parse_problem(hid)}"
    if not m.adjacent(a, b):
        return f"{a} and {b} are not adjacent"
    return None
