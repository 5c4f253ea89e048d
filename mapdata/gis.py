"""GeoPackage export and import of map data (geopandas through pyogrio).

Layers: ``hexes`` (one polygon per hex), ``hexsides`` (the edge two hexes share, a line string),
``lines`` (hex centre to hex centre), ``areas`` (an area map's polygons, or points where an area has
only a point), ``borders`` (a line between the two areas' points or polygon centroids), and the
attribute table ``railhead_map`` whose single row holds the map's header (format, name, kind, sheets
with their grids and attrs, links, seams, boxes, extra fields) as JSON. Import reads the header and
the attribute columns, never the geometry, so it is lossless and a user who edits geometry in a GIS
cannot silently change the map. Files written before the ``areas``/``borders`` layers existed keep
their areas and borders in the header and still import.

Coordinates are sheet-image pixels with y negated (x = px, y = -py) so a map shows upright in QGIS;
grids without a pixel frame use :meth:`~railhead.mapdata.grid.HexGrid.frame`'s default. Every sheet
keeps its own pixel space (filter on ``sheet``). No CRS: these are engineering coordinates.
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError
from ..files import atomic_path, loads_json, write_failure
from .io import FORMAT, mapdata_document, parse_mapdata
from .model import MapData

HEADER_LAYER = "railhead_map"

# Column name -> pandas dtype, per layer. Fixed dtypes keep the schema of empty layers (a map
# without lines still gets an integer ``line`` column), so import never depends on content.
_STR, _INT, _FLOAT = "object", "int64", "float64"
COLUMNS: dict[str, dict[str, str]] = {
    "hexes": {
        "id": _STR,
        "sheet": _STR,
        "col": _INT,
        "row": _INT,
        "terrain": _STR,
        "name": _STR,
        "features": _STR,
        "attrs": _STR,
        "confidence": _FLOAT,
    },
    "hexsides": {
        "hex_a": _STR,
        "hex_b": _STR,
        "terrain": _STR,
        "features": _STR,
        "attrs": _STR,
        "confidence": _FLOAT,
    },
    "lines": {"line": _INT, "kind": _STR, "hexes": _STR, "attrs": _STR, "confidence": _FLOAT},
    "areas": {"id": _STR, "name": _STR, "attrs": _STR, "polygon": _STR, "point": _STR},
    "borders": {"border": _INT, "area_a": _STR, "area_b": _STR, "kind": _STR, "attrs": _STR},
    HEADER_LAYER: {"format": _STR, "header": _STR},
}
# "Unknown" is GeoPackage's generic GEOMETRY: areas mix polygons and points
GEOMETRY = {
    "hexes": "Polygon",
    "hexsides": "LineString",
    "lines": "LineString",
    "areas": "Unknown",
    "borders": "LineString",
}
LAYERS = tuple(COLUMNS)
_OPTIONAL_LAYERS = ("areas", "borders")  # absent from files of earlier versions
_EXPECTED = f"a GeoPackage written by `railhead map export` (layers {', '.join(LAYERS)})"
_SQLITE_MAGIC = b"SQLite format 3\x00"  # every GeoPackage is an SQLite database


def _upright(xy: np.ndarray) -> list[tuple[float, float]]:
    """Pixel points -> GIS points: y negated so the picture is not upside down."""
    return [(float(x), -float(y)) for x, y in np.asarray(xy, dtype=float)]


def _json(value: Any) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)


# ------------------------------------------------------------------------------------------ export
def _layer_rows(m: MapData) -> dict[str, tuple[list[dict], list]]:
    """(attribute rows, shapely geometries) of each spatial layer."""
    from shapely.geometry import LineString, Polygon

    hexes: tuple[list[dict], list] = ([], [])
    for h in m.hexes.values():
        ref = m.ref(h.id)
        sheet = m.sheets[ref.sheet]
        hexes[0].append(
            {
                "id": h.id,
                "sheet": sheet.id,
                "col": ref.col,
                "row": ref.row,
                "terrain": h.terrain,
                "name": h.name,
                "features": _json(h.features),
                "attrs": _json(h.attrs),
                "confidence": h.confidence,
            }
        )
        hexes[1].append(Polygon(_upright(sheet.grid.corners(ref.col, ref.row))))

    sides: tuple[list[dict], list] = ([], [])
    for s in m.hexsides.values():
        a, b = s.hexes
        ra = m.ref(a)
        grid = m.sheets[ra.sheet].grid
        if not m.adjacent(a, b):
            raise ValueError(f"hexside {a}/{b}: the hexes are not adjacent")
        d = m.link_direction(a, b)  # None across an adjacent link of no known direction: no geometry
        sides[0].append(
            {
                "hex_a": a,
                "hex_b": b,
                "terrain": s.terrain,
                "features": _json(s.features),
                "attrs": _json(s.attrs),
                "confidence": s.confidence,
            }
        )
        sides[1].append(None if d is None else LineString(_upright(grid.side_segment(ra.col, ra.row, d))))

    lines: tuple[list[dict], list] = ([], [])
    for i, ln in enumerate(m.lines):
        lines[0].append(
            {
                "line": i,
                "kind": ln.kind,
                "hexes": _json(ln.hexes),
                "attrs": _json(ln.attrs),
                "confidence": ln.confidence,
            }
        )
        lines[1].append(LineString(_upright([m.center(h) for h in ln.hexes])))
    return {"hexes": hexes, "hexsides": sides, "lines": lines, **_area_rows(m)}


def _area_rows(m: MapData) -> dict[str, tuple[list[dict], list]]:
    """The ``areas`` and ``borders`` layers: polygons or points, and lines joining area centres."""
    from shapely.geometry import LineString, Point, Polygon

    areas: tuple[list[dict], list] = ([], [])
    centres: dict[str, tuple[float, float] | None] = {}
    for a in m.areas.values():
        areas[0].append(
            {
                "id": a.id,
                "name": a.name,
                "attrs": _json(a.attrs),
                "polygon": None if a.polygon is None else _json([list(pt) for pt in a.polygon]),
                "point": None if a.point is None else _json(a.point),
            }
        )
        shape = Polygon(_upright(a.polygon)) if a.polygon else None
        if a.point is not None:
            centres[a.id] = a.point
        elif shape is not None:
            centres[a.id] = (shape.centroid.x, -shape.centroid.y)
        else:
            centres[a.id] = None
        point = Point(_upright([a.point])[0]) if a.point is not None else None
        areas[1].append(shape if shape is not None else point)

    borders: tuple[list[dict], list] = ([], [])
    for i, b in enumerate(m.borders):
        borders[0].append(
            {"border": i, "area_a": b.areas[0], "area_b": b.areas[1], "kind": b.kind, "attrs": _json(b.attrs)}
        )
        ends = [centres.get(x) for x in b.areas]
        borders[1].append(None if None in ends else LineString(_upright(ends)))
    return {"areas": areas, "borders": borders}


def _frame(layer: str, rows: list[dict]):
    import pandas as pd

    return pd.DataFrame(
        {
            col: pd.Series([r[col] for r in rows], dtype=dtype, index=range(len(rows)))
            for col, dtype in COLUMNS[layer].items()
        }
    )


def export_gpkg(m: MapData, path: str | Path) -> None:
    """Write ``m`` as a GeoPackage at ``path``: all layers appear at once, or the file is untouched."""
    import geopandas as gpd
    import pyogrio
    from pyogrio.errors import DataLayerError, DataSourceError

    header = mapdata_document(m)
    for key in ("hexes", "hexsides", "lines", "areas", "borders"):
        del header[key]
    frames = {
        layer: gpd.GeoDataFrame(_frame(layer, rows), geometry=gpd.GeoSeries(geoms, crs=None))
        for layer, (rows, geoms) in _layer_rows(m).items()
    }
    meta = _frame(HEADER_LAYER, [{"format": FORMAT, "header": _json(header)}])
    # A fresh temporary file every time: writing into an existing GeoPackage would keep its
    # other layers.
    with atomic_path(path, suffix=".gpkg") as tmp, warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="'crs' was not provided")  # pixels have none
        try:
            for layer, gdf in frames.items():
                gdf.to_file(tmp, layer=layer, driver="GPKG", engine="pyogrio", geometry_type=GEOMETRY[layer])
            pyogrio.write_dataframe(meta, tmp, layer=HEADER_LAYER, driver="GPKG")
        except (DataSourceError, DataLayerError) as exc:  # GDAL's words for a full disk, among others
            raise write_failure(path, f"GDAL: {str(exc).splitlines()[0][:300]}") from None


# ------------------------------------------------------------------------------------------ import
def _read_tables(p: Path) -> dict[str, Any]:
    """The four railhead tables (attributes only), or InputError saying why they cannot be read."""
    import pyogrio
    from pyogrio.errors import DataLayerError, DataSourceError

    if not p.exists():
        raise InputError(f"no such file; expected {_EXPECTED}", file=p)
    if not p.is_file():
        raise InputError(f"expected {_EXPECTED}, found a folder", file=p)
    try:
        with p.open("rb") as fh:
            magic = fh.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", file=p) from None
    if magic != _SQLITE_MAGIC:
        raise InputError(f"not a GeoPackage (not an SQLite database); expected {_EXPECTED}", file=p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # GDAL's notes; our error says what is wrong
        try:
            present = {str(name) for name, _ in pyogrio.list_layers(p)}
            missing = [layer for layer in LAYERS if layer not in present and layer not in _OPTIONAL_LAYERS]
            if missing:
                raise InputError(
                    f"not a railhead GeoPackage: missing layer(s) {', '.join(missing)}; expected {_EXPECTED}",
                    file=p,
                )
            tables = {
                layer: pyogrio.read_dataframe(p, layer=layer, read_geometry=False)
                for layer in LAYERS
                if layer in present
            }
        except (DataSourceError, DataLayerError) as exc:
            raise InputError(f"unreadable GeoPackage ({exc}); expected {_EXPECTED}", file=p) from None
    for layer, df in tables.items():
        lacking = [col for col in COLUMNS[layer] if col not in df.columns]
        if lacking:
            raise InputError(
                f"missing column(s) {', '.join(lacking)}; expected {', '.join(COLUMNS[layer])}",
                file=p,
                where=f"layer {layer}",
            )
    return tables


def _value(v: Any) -> Any:
    """A cell as Python: None for SQL NULL (which pandas may hand over as NaN)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    return v.item() if isinstance(v, np.generic) else v


def _records(p: Path, layer: str, df: Any, decode: tuple[str, ...]) -> list[dict]:
    """Rows of a layer as dicts, NULL cells dropped and the JSON columns in ``decode`` decoded."""
    out = []
    for i, row in enumerate(df.to_dict("records")):
        item = {}
        for col in COLUMNS[layer]:
            v = _value(row[col])
            if v is not None and col in decode and isinstance(v, str):
                v = loads_json(v, p, f"layer {layer} row {i + 1} {col}")
            if v is not None:
                item[col] = v
        out.append(item)
    return out


def _header(p: Path, df: Any) -> dict[str, Any]:
    where = f"layer {HEADER_LAYER}"
    if len(df) != 1:
        raise InputError(f"expected exactly one row, found {len(df)}", file=p, where=where)
    text = _value(df["header"].iloc[0])
    if not isinstance(text, str):
        raise InputError("the header is not JSON text", file=p, where=where)
    try:
        header = loads_json(text, p, where)
    except InputError as exc:
        raise InputError(f"the header is not JSON ({exc.message})", file=p, where=where) from None
    if not isinstance(header, dict):
        raise InputError("expected the header to be a JSON object", file=p, where=where)
    return header


def import_gpkg(path: str | Path) -> MapData:
    """Read a GeoPackage written by :func:`export_gpkg` back into map data (validated).

    Raises InputError, naming the file, for anything that is not such a GeoPackage.
    """
    p = Path(path)
    tables = _read_tables(p)
    doc = _header(p, tables[HEADER_LAYER])
    item_keys = ("terrain", "name", "features", "attrs", "confidence")
    doc["hexes"] = [
        {k: r[k] for k in ("id", *item_keys) if k in r}
        for r in _records(p, "hexes", tables["hexes"], ("features", "attrs"))
    ]
    doc["hexsides"] = [
        {"hexes": [r.get("hex_a"), r.get("hex_b")]} | {k: r[k] for k in item_keys if k in r}
        for r in _records(p, "hexsides", tables["hexsides"], ("features", "attrs"))
    ]
    lines = _records(p, "lines", tables["lines"], ("hexes", "attrs"))
    lines.sort(key=lambda r: r.get("line", 0))  # stable: rows without an index keep their place
    doc["lines"] = [{k: r[k] for k in ("kind", "hexes", "attrs", "confidence") if k in r} for r in lines]
    if "areas" in tables:
        doc["areas"] = [
            {k: r[k] for k in ("id", "name", "attrs", "polygon", "point") if k in r}
            for r in _records(p, "areas", tables["areas"], ("attrs", "polygon", "point"))
        ]
    if "borders" in tables:
        borders = _records(p, "borders", tables["borders"], ("attrs",))
        borders.sort(key=lambda r: r.get("border", 0))
        doc["borders"] = [
            {"areas": [r.get("area_a"), r.get("area_b")]} | {k: r[k] for k in ("kind", "attrs") if k in r}
            for r in borders
        ]
    return parse_mapdata(doc, file=p)
