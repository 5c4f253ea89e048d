"""GeoPackage export and import of map data (geopandas through pyogrio).

Layers: ``hexes`` (polygons), ``hexsides`` (the shared edge of two hexes, a line string), ``lines``
(hex centre to hex centre), and the attribute table ``railhead_map`` holding the map's header
(name, kind, sheets with their grids, areas, borders, extra fields) as JSON, which makes the import
lossless. Coordinates are sheet-image pixels with y negated (x = px, y = −py), so a map shows the
right way up in QGIS; grids without a pixel frame use the default frame of
:meth:`~railhead.mapdata.grid.HexGrid.frame`. No CRS: these are engineering coordinates.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError
from ..files import atomic_path
from .io import mapdata_document, parse_mapdata
from .model import MapData

HEADER_LAYER = "railhead_map"
LAYERS = ("hexes", "hexsides", "lines", HEADER_LAYER)


def _flip(xy: np.ndarray) -> np.ndarray:
    out = np.asarray(xy, dtype=float).copy()
    out[..., 1] *= -1
    return out


def _js(value: Any) -> str | None:
    if value in (None, (), {}, []):
        return None
    return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)


def export_gpkg(m: MapData, path: str | Path) -> None:
    """Write ``m`` as a GeoPackage at ``path`` (atomically: all layers or nothing)."""
    import geopandas as gpd
    import pandas as pd
    from shapely.geometry import LineString, Polygon

    hex_rows, hex_geom = [], []
    for h in m.hexes.values():
        ref = m.ref(h.id)
        grid = m.sheets[ref.sheet].grid
        hex_rows.append(
            {
                "id": h.id,
                "sheet": m.sheets[ref.sheet].id,
                "col": ref.col,
                "row": ref.row,
                "terrain": h.terrain,
                "name": h.name,
                "features": _js(h.features),
                "attrs": _js(h.attrs),
                "confidence": h.confidence,
            }
        )
        hex_geom.append(Polygon(_flip(grid.corners(ref.col, ref.row))))
    side_rows, side_geom = [], []
    for s in m.hexsides.values():
        a, b = s.hexes
        ra, rb = m.ref(a), m.ref(b)
        grid = m.sheets[ra.sheet].grid
        d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
        side_rows.append(
            {
                "hex_a": a,
                "hex_b": b,
                "terrain": s.terrain,
                "features": _js(s.features),
                "attrs": _js(s.attrs),
                "confidence": s.confidence,
            }
        )
        side_geom.append(LineString(_flip(grid.side_segment(ra.col, ra.row, d))))
    line_rows, line_geom = [], []
    for k, ln in enumerate(m.lines):
        line_rows.append(
            {
                "line": k,
                "kind": ln.kind,
                "hexes": json.dumps(list(ln.hexes)),
                "attrs": _js(ln.attrs),
                "confidence": ln.confidence,
            }
        )
        line_geom.append(LineString(_flip(np.array([m.center(h) for h in ln.hexes]))))

    header = mapdata_document(m)
    for key in ("hexes", "hexsides", "lines"):
        header.pop(key)

    columns = {
        "hexes": [
            "id",
            "sheet",
            "col",
            "row",
            "terrain",
            "name",
            "features",
            "attrs",
            "confidence",
        ],
        "hexsides": ["hex_a", "hex_b", "terrain", "features", "attrs", "confidence"],
        "lines": ["line", "kind", "hexes", "attrs", "confidence"],
    }
    frames = {}
    for name, rows, geom, gtype in (
        ("hexes", hex_rows, hex_geom, "Polygon"),
        ("hexsides", side_rows, side_geom, "LineString"),
        ("lines", line_rows, line_geom, "LineString"),
    ):
        df = pd.DataFrame(rows, columns=columns[name])
        for col in ("name", "terrain", "features", "attrs"):
            if col in df:
                df[col] = df[col].astype(object)
        df["confidence"] = df["confidence"].astype(float)
        frames[name] = (gpd.GeoDataFrame(df, geometry=geom, crs=None), gtype)
    with atomic_path(path, suffix=".gpkg") as tmp, warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*crs.*was not provided")  # pixels: no CRS
        for name, (gdf, gtype) in frames.items():
            gdf.to_file(tmp, layer=name, driver="GPKG", engine="pyogrio", geometry_type=gtype)
        meta = pd.DataFrame(
            {"format": ["railhead.mapdata/1"], "header": [json.dumps(header, ensure_ascii=False)]}
        )
        import pyogrio

        pyogrio.write_dataframe(meta, tmp, layer=HEADER_LAYER, driver="GPKG")


def import_gpkg(path: str | Path) -> MapData:
    """Read a GeoPackage written by :func:`export_gpkg` back into map data (validated)."""
    import pyogrio

    p = Path(path)
    if not p.is_file():
        raise InputError("no such GeoPackage", file=p)
    try:
        layers = {name for name, _ in pyogrio.list_layers(p)}
    except Exception as exc:  # pyogrio raises DataSourceError and friends
        raise InputError(f"not a readable GeoPackage ({type(exc).__name__})", file=p) from None
    missing = [name for name in LAYERS if name not in layers]
    if missing:
        raise InputError(
            f"not a railhead GeoPackage: missing layer(s) {', '.join(missing)} "
            f"(expected {', '.join(LAYERS)}, as written by `railhead map export`)",
            file=p,
        )
    try:
        meta = pyogrio.read_dataframe(p, layer=HEADER_LAYER, read_geometry=False)
        hexes = pyogrio.read_dataframe(p, layer="hexes", read_geometry=False)
        sides = pyogrio.read_dataframe(p, layer="hexsides", read_geometry=False)
        lines = pyogrio.read_dataframe(p, layer="lines", read_geometry=False)
        doc = json.loads(meta["header"].iloc[0])
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        raise InputError(f"the railhead layers are damaged ({exc})", file=p) from None

    def opt(row, key, decode=False):
        v = row.get(key)
        if v is None or (isinstance(v, float) and np.isnan(v)):
            return None
        return json.loads(v) if decode else v

    def item(base: dict, row, keys) -> dict:
        for key, decode in keys:
            v = opt(row, key, decode)
            if v is not None:
                base[key] = float(v) if key == "confidence" else v
        return base

    doc["hexes"] = [
        item(
            {"id": r["id"], "terrain": r["terrain"]},
            r,
            [("name", False), ("features", True), ("attrs", True), ("confidence", False)],
        )
        for r in hexes.to_dict("records")
    ]
    doc["hexsides"] = [
        item(
            {"hexes": [r["hex_a"], r["hex_b"]]},
            r,
            [("terrain", False), ("features", True), ("attrs", True), ("confidence", False)],
        )
        for r in sides.to_dict("records")
    ]
    doc["lines"] = [
        item(
            {"kind": r["kind"], "hexes": json.loads(r["hexes"])},
            r,
            [("attrs", True), ("confidence", False)],
        )
        for r in sorted(lines.to_dict("records"), key=lambda r: r["line"])
    ]
    return parse_mapdata(doc, file=p)
