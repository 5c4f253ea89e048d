"""Vector geography -> map data: hex terrain by majority area, rivers onto hexsides, rail and road
networks onto hex paths (``railhead digitize-gis``).

The grid is laid over the layers' extent in their own projected units (metres); its pixel frame is
those units with y flipped (north up), and the map records the CRS and offset in ``extra["geo"]``
so positions can be taken back to the projection.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import shapely

from ..errors import InputError
from ..mapdata.grid import HexGrid, PixelFrame
from ..mapdata.model import Hex, Hexside, Line, MapData, Sheet, side_key

MAX_HEXES = 1_000_000  # a sheet larger than any printed map; keeps the work within minutes and memory


def read_layers(path: str | Path) -> dict:
    """Every layer of a GeoPackage or shapefile (one layer), as GeoDataFrames."""
    import geopandas as gpd
    import pyogrio

    p = Path(path)
    if not p.exists():
        raise InputError("no such GIS file", file=p)
    try:
        names = [n for n, _ in pyogrio.list_layers(p)]
        return {n: gpd.read_file(p, layer=n, engine="pyogrio") for n in names}
    except Exception as exc:  # pyogrio's DataSourceError and friends
        raise InputError(f"not a readable GeoPackage or shapefile ({type(exc).__name__})", file=p) from None


def _check_kinds(layers: Mapping, terrain: Mapping[str, str], land, rivers, lines: Mapping[str, str]) -> None:
    """Polygon layers where areas are asked for, line layers where lines are: InputError naming the
    option and the layer otherwise (a polygon's outline is no river)."""
    wanted = [(f"--terrain {n}={t}", n, "Polygon") for n, t in terrain.items()]
    wanted += [("--land", land, "Polygon")] if land else []
    wanted += [("--rivers", rivers, "LineString")] if rivers else []
    wanted += [(f"--line {k}={n}", n, "LineString") for k, n in lines.items()]
    for option, layer, kind in wanted:
        found = {t.replace("Multi", "") for t in layers[layer].geometry.geom_type.dropna().unique()}
        other = found - {kind}
        if other:
            expected = "polygons" if kind == "Polygon" else "lines"
            raise InputError(
                f"{option}: layer {layer!r} holds {', '.join(sorted(other))} geometry; expected {expected}"
            )


def _union(gdf) -> shapely.Geometry:
    geoms = [g for g in gdf.geometry if g is not None and not g.is_empty]
    return shapely.union_all(geoms) if geoms else shapely.Polygon()


def digitize_layers(
    layers: Mapping,
    hex_size: float,
    terrain: Mapping[str, str],
    land: str | None = None,
    rivers: str | None = None,
    lines: Mapping[str, str] | None = None,
    default: str = "clear",
    water: str = "ocean",
    name: str = "GIS map",
    id_format: str = "{col:02d}{row:02d}",
) -> MapData:
    """Map data from vector layers. ``terrain`` maps layer name -> terrain name (polygons);
    ``land`` is a polygon layer of land (elsewhere is ``water``); ``rivers`` a line layer;
    ``lines`` maps line kind (rail, road) -> line layer. ``hex_size``: flat-to-flat, in CRS units.
    """
    lines = dict(lines or {})
    used = [n for n in [*terrain, land, rivers, *lines.values()] if n]
    if not used:
        raise InputError(
            "name the layers to read: --terrain LAYER=TERRAIN, --land, --rivers or --line "
            f"(layers: {', '.join(layers)})"
        )
    missing = [n for n in used if n not in layers]
    if missing:
        raise InputError(f"no layer {missing[0]!r} (layers: {', '.join(layers)})")
    _check_kinds(layers, terrain, land, rivers, lines)
    from ..exporters.mapview import TERRAIN_COLOURS  # every ruleset's terrain has its colour

    for tname in [*terrain.values(), default, water]:
        if tname not in TERRAIN_COLOURS:
            raise InputError(
                f"--terrain {tname!r}: not a terrain of any ruleset railhead knows "
                f"(known: {', '.join(sorted(TERRAIN_COLOURS))})"
            )
    crs = {str(layers[n].crs) for n in used if layers[n].crs is not None}
    if len(crs) > 1:
        raise InputError(
            f"the layers use different CRS ({', '.join(sorted(crs))}); reproject "
            "them to one projected CRS first"
        )
    if any(layers[n].crs is not None and layers[n].crs.is_geographic for n in used):
        raise InputError(
            "the layers are in degrees (a geographic CRS); give them in a projected "
            "CRS in metres so hexes have a true size"
        )
    bounds = np.array([layers[n].total_bounds for n in used])
    minx, miny = bounds[:, 0].min(), bounds[:, 1].min()
    maxx, maxy = bounds[:, 2].max(), bounds[:, 3].max()
    h = float(hex_size)
    if not (math.isfinite(h) and h > 0):
        raise InputError(f"--hex-size must be a positive number of the layers' units, not {hex_size}")
    if not all(math.isfinite(v) for v in (minx, miny, maxx, maxy)):
        raise InputError("the layers have no geometry with finite coordinates")
    w = h * math.sqrt(3) / 2
    n_cols = max(1, int(math.ceil((maxx - minx) / w)) + 1)
    n_rows = max(1, int(math.ceil((maxy - miny) / h)) + 1)
    if n_cols * n_rows > MAX_HEXES:
        raise InputError(
            f"--hex-size {hex_size:g} would cover the layers ({maxx - minx:,.0f} x {maxy - miny:,.0f}) with "
            f"{n_cols * n_rows:,} hexes; railhead makes at most {MAX_HEXES:,} (give a larger --hex-size)"
        )
    # frame in CRS units with y flipped: pixel (x - minx, maxy - y)
    grid = HexGrid("flat", "even", (1, n_cols), (1, n_rows), id_format, PixelFrame(w, h, (0.0, 0.0), 0.0))
    coords = np.array(list(grid.coords()))
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]

    def to_geo(xy: np.ndarray) -> np.ndarray:
        return np.column_stack([xy[..., 0] + minx, maxy - xy[..., 1]])

    polys = shapely.polygons([to_geo(grid.corners(int(c), int(r))) for c, r in coords])
    hex_area = shapely.area(polys)
    land_geom = _union(layers[land]) if land else None
    areas = {}
    for layer, tname in terrain.items():
        g = _union(layers[layer])
        areas[tname] = areas.get(tname, 0) + shapely.area(shapely.intersection(polys, g))
    if land_geom is not None:
        land_area = shapely.area(shapely.intersection(polys, land_geom))
    else:
        land_area = hex_area
    names = list(areas)
    stack = np.array([areas[n] for n in names]) if names else np.zeros((0, len(ids)))
    covered = stack.sum(axis=0) if names else np.zeros(len(ids))
    clear_area = np.maximum(land_area - covered, 0)
    water_area = hex_area - land_area
    choices = np.vstack([stack, clear_area, water_area])
    labels = [*names, default, water]
    best = choices.argmax(axis=0)
    conf = choices.max(axis=0) / np.maximum(hex_area, 1e-9)
    hexes = [
        Hex(h_, labels[b], confidence=round(float(c), 3)) for h_, b, c in zip(ids, best, conf, strict=True)
    ]

    hexsides = []
    index = {(int(c), int(r)): k for k, (c, r) in enumerate(coords)}
    if rivers:
        river = shapely.buffer(_union(layers[rivers]), 0.25 * h)
        pairs, segs = [], []
        for k, (c, r) in enumerate(coords):
            for d in range(3):
                n = grid.neighbour(int(c), int(r), d)
                if n in index:
                    pairs.append((ids[k], ids[index[n]]))
                    segs.append(shapely.linestrings(to_geo(grid.side_segment(int(c), int(r), d))))
        if segs:
            segs = np.array(segs)
            share = shapely.length(shapely.intersection(segs, river)) / shapely.length(segs)
            for (a, b), s in zip(pairs, share, strict=True):
                if s >= 0.5:
                    hexsides.append(Hexside(side_key(a, b), None, ("river",), confidence=round(float(s), 3)))

    line_items = []
    for kind, layer in lines.items():
        for geom in layers[layer].geometry:
            if geom is None or geom.is_empty:
                continue
            for part in getattr(geom, "geoms", [geom]):
                for path in _hex_paths(part, grid, minx, maxy, h, ids, index):
                    line_items.append(Line(kind, path))
    m = MapData.build(name, [Sheet("", grid)], hexes, hexsides, line_items)
    m.extra["geo"] = {
        "crs": next(iter(crs), None),
        "x0": float(minx),
        "y0": float(maxy),
        "note": "pixel (px, py) = (x - x0, y0 - y) in the CRS units",
    }
    return m


def _hex_paths(line, grid: HexGrid, minx: float, maxy: float, h: float, ids, index) -> list[tuple[str, ...]]:
    """The hexes a line passes through, as paths of adjacent hexes (split where it leaves)."""
    length = line.length
    n = max(2, int(length / (0.1 * h)) + 1)
    pts = np.array([line.interpolate(t, normalized=True).coords[0] for t in np.linspace(0, 1, n)])
    px = np.column_stack([pts[:, 0] - minx, maxy - pts[:, 1]])
    cols, rows = grid.locate_many(px)
    paths, cur = [], []
    for c, r in zip(cols.tolist(), rows.tolist(), strict=True):
        if (c, r) not in index:
            if len(cur) > 1:
                paths.append(tuple(cur))
            cur = []
            continue
        hid = ids[index[(c, r)]]
        if cur and cur[-1] == hid:
            continue
        if cur and not grid.adjacent(grid.parse_id(cur[-1]), (c, r)):
            # bridge a corner-cut: step through the hex nearest the straight line
            a = grid.parse_id(cur[-1])
            mid = min((grid.neighbour(*a, d) for d in range(6)), key=lambda x: grid.distance(x, (c, r)))
            if mid in index and grid.adjacent(mid, (c, r)):
                cur.append(ids[index[mid]])
        cur.append(hid)
    if len(cur) > 1:
        paths.append(tuple(cur))
    return paths
