"""Scan -> map data: load the image safely, find the grid, read terrain, hexsides and lines.

:func:`digitize` returns a :class:`~railhead.mapdata.model.MapData` whose hexes, hexsides and lines
carry a ``confidence`` (0..1), plus a list of the doubtful places for a person to check. Corrections
from an overrides file are applied last (see :mod:`.overrides`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..errors import InputError
from ..mapdata.grid import HexGrid
from ..mapdata.model import Hex, Hexside, Line, MapData, Sheet, side_key
from .bridges import bridging_lines, water_sides, with_bridges
from .calibrate import GridNotFound, hexes_to_click
from .clicked import clicked_grid
from .curves import curve_edges
from .descriptors import describe, hex_patches
from .features import hex_features, settled_by_symbols, terrain_from_symbols
from .lattice import Evidence, GridUnsure, find_grid
from .learn import learn_terrain
from .legend import Legend, unlearnable_terrain
from .printed_numbers import NumberCheck, check_printed_numbers
from .terrain import classify_terrain, interior_pattern
from .traces import Found, hexside_features, hexside_terrain, line_edges

MAX_PIXELS = 250_000_000  # a 34 x 22 inch sheet at 600 dpi is 269 M px; 300 dpi is 67 M px
DOUBTFUL = 0.5


def load_image(path: str | Path, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode a scan as RGB uint8, refusing non-images and images too large to decode safely.

    The size is read from the file header (Pillow opens lazily) before any pixel is decoded."""
    from PIL import Image

    p = Path(path)
    if not p.is_file():
        raise InputError("no such image file", file=p)
    Image.MAX_IMAGE_PIXELS = None  # we check the size ourselves, with our own limit
    try:
        with Image.open(p) as im:
            w, h = im.size
    except Exception:  # Pillow raises several types for unreadable files
        raise InputError("not an image railhead can read (expected PNG, JPEG or TIFF)", file=p) from None
    if w * h > max_pixels:
        raise InputError(
            f"image is {w} x {h} = {w * h / 1e6:.0f} M pixels, more than the "
            f"{max_pixels / 1e6:.0f} M pixels railhead decodes safely",
            file=p,
        )
    img = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if img is None:
        raise InputError("the image could not be decoded", file=p)
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB)


def load_sheet(paths: list[str | Path]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """One scan, or several overlapping pieces registered into one sheet (see :mod:`.stitch`);
    also the homography taking each piece's pixels (by file name) to the sheet's."""
    if len(paths) == 1:
        return load_image(paths[0]), {Path(paths[0]).name: np.eye(3)}
    from .stitch import stitch

    sheet = stitch([(str(p), load_image(p)) for p in paths])
    return sheet.image, {Path(p.name).name: p.homography for p in sheet.pieces}


@dataclass
class Digitized:
    map: MapData
    doubtful: list[dict] = field(default_factory=list)
    # labels used, expected accuracy, hexes to label next; the corner fit of a clicked grid
    learning: dict = field(default_factory=dict)
    numbers: NumberCheck | None = None  # the printed numbers read against the grid's numbering


def _chains(edges: list[tuple[str, str]]) -> list[tuple[str, ...]]:
    """Edges of one line kind chained into paths (maximal runs through degree-2 hexes)."""
    adj: dict[str, set[str]] = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    used: set[tuple[str, str]] = set()
    paths = []
    starts = [h for h in sorted(adj) if len(adj[h]) != 2] + sorted(adj)
    for s in starts:
        for n in sorted(adj[s]):
            if side_key(s, n) in used:
                continue
            path = [s, n]
            used.add(side_key(s, n))
            while len(adj[path[-1]]) == 2:
                nxt = [x for x in sorted(adj[path[-1]]) if side_key(path[-1], x) not in used]
                if not nxt:
                    break
                used.add(side_key(path[-1], nxt[0]))
                path.append(nxt[0])
            paths.append(tuple(path))
    return paths


def grid_table(grid: HexGrid) -> tuple[np.ndarray, np.ndarray, list[str], np.ndarray]:
    """The grid's hexes as arrays: columns, rows, ids, and (N, 6) the index of the neighbour
    across each side (-1 off the grid)."""
    coords = np.array(list(grid.coords()))
    cols, rows = coords[:, 0], coords[:, 1]
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    index = {(int(c), int(r)): k for k, (c, r) in enumerate(coords)}
    nc, nr = grid.neighbour_arrays(cols, rows)
    nbr = np.array(
        [
            [index.get((int(c), int(r)), -1) for c, r in zip(nc[k], nr[k], strict=True)]
            for k in range(len(coords))
        ]
    )
    return cols, rows, ids, nbr


@dataclass
class Reading:
    """What :func:`read_scan` reads off a scan before any terrain is learnt from labels: the grid,
    the colour rule's terrain, hex features, descriptors, hexside features and line edges. Computed
    once, learnt from many times (``railhead review`` re-learns after each round of labels)."""

    image: np.ndarray
    legend: Legend
    grid: HexGrid
    grid_fit: dict
    numbers: NumberCheck
    cols: np.ndarray
    rows: np.ndarray
    ids: list[str]
    nbr: np.ndarray
    terrain: Any  # terrain.TerrainResult of the colour rule (never changed by learning)
    feats: list
    feat_conf: np.ndarray
    descriptors: np.ndarray
    sides: Any  # traces.SideFeatures
    lines: Any  # traces.LineEdges, with the curve tracer's edges
    source: str | Path | None = None


def digitize(
    image: np.ndarray,
    legend: Legend,
    calibration: list[tuple[float, float, str]] | None = None,
    name: str = "digitized map",
    image_name: str | None = None,
    progress: Callable[[str], None] | None = None,
    labels: dict[str, str] | None = None,
    seed: int = 0,
    grid: HexGrid | None = None,
    source: str | Path | None = None,
    grid_evidence: Evidence | None = None,
) -> Digitized:
    """Read a scan into map data. ``labels`` (hex id -> terrain) are hexes a person has labelled:
    the terrain classifier learns from them (see :mod:`.learn`). ``grid``: the sheet's grid as
    someone already knows it exactly (a VASSAL module's board): taken as it is. ``source``: the
    scan's file, named by the errors about what the scan shows. ``grid_evidence``: more evidence
    for the grid found with no clicks (see :data:`.lattice.Evidence`, e.g. printed numbers read by
    an OCR engine), weighed against the grid's rivals. :func:`read_scan`, then :func:`learn_map`."""
    reading = read_scan(image, legend, calibration, progress, labels, seed, grid, source, grid_evidence)
    return learn_map(reading, labels, name, image_name, progress, seed)


def read_scan(
    image: np.ndarray,
    legend: Legend,
    calibration: list[tuple[float, float, str]] | None = None,
    progress: Callable[[str], None] | None = None,
    labels: dict[str, str] | None = None,
    seed: int = 0,
    grid: HexGrid | None = None,
    source: str | Path | None = None,
    grid_evidence: Evidence | None = None,
) -> Reading:
    """Everything :func:`digitize` reads off the scan that labels do not change (arguments as
    there). ``labels`` are only checked, so that a bad one is refused before the slow part."""
    say = progress or (lambda _msg: None)
    grid_fit: dict = {}
    numbers: NumberCheck | None = None  # read already when the grid was found with no clicks
    if grid is not None:
        say("grid: as given")
    elif calibration:  # the clicks obeyed exactly, the print refining the geometry (see .clicked)
        clicked = clicked_grid(image, calibration, legend, say)
        grid, grid_fit = clicked.grid, clicked.report
    else:  # no clicks: the grid from the print's periodicity and corners (see .lattice)
        try:
            search = find_grid(image, legend, progress=say, seed=seed, evidence=grid_evidence)
        except GridUnsure as exc:  # a grid, but not clearly better than its rivals: it names hexes to click
            raise InputError(exc.message, file=source) from None
        except GridNotFound as exc:
            raise InputError(
                f"{exc.message}; give three known hexes with --calibrate X,Y=ID (three times), "
                f"e.g. {hexes_to_click(legend)}",
                file=source,
            ) from None
        grid, numbers = search.grid, search.numbers
        grid_fit = search.report()
    say(f"grid: {grid.n_cols} x {grid.n_rows} hexes")
    # -- printed numbers (see .printed_numbers): read by OCR and fitted against the numbering. A
    # grid found with no clicks is renumbered when they correct it; clicks and a given grid are
    # obeyed, and the report says what the numbers read instead.
    if numbers is None:
        numbers = check_printed_numbers(image, grid, seed=seed)
    if numbers.corrected is not None:
        if grid_fit.get("found") == "no clicks":
            grid = numbers.corrected
            grid_fit["renumbered_by_printed_numbers"] = numbers.correction()
        else:
            numbers.kept = "your --calibrate clicks" if calibration else "the grid given (the module's)"
    say(numbers.text())
    # -- end of printed numbers
    cols, rows, ids, nbr = grid_table(grid)

    check_labels(ids, labels, legend, source)
    terrain = classify_terrain(image, grid, cols, rows, legend)
    centres = grid.centers(cols, rows)
    feats, feat_conf = hex_features(
        image,
        centres,
        interior_pattern(grid, rings=10, reach=0.8),
        terrain.hex_rgb,
        legend,
        terrain.drift,
        hex_px=grid.hex_px(),
    )
    x, _ = describe(hex_patches(image, grid, cols, rows), legend, terrain.drift)
    sides = hexside_features(image, grid, cols, rows, nbr, terrain.hex_rgb, legend, terrain.drift)
    say(f"hexsides: {len(sides.pairs)} features")
    lines = line_edges(image, grid, cols, rows, nbr, terrain.hex_rgb, legend, terrain.drift)
    curved = [x for x in legend.line if x.extra.get("trace") == "curve"]
    traced = curve_edges(image, grid, cols, rows, legend, terrain.drift, curved, sides)
    lines.extend(traced)
    say(f"lines: {len(lines.pairs)} edges")
    return Reading(
        image,
        legend,
        grid,
        grid_fit,
        numbers,
        cols,
        rows,
        ids,
        nbr,
        terrain,
        feats,
        feat_conf,
        x,
        sides,
        lines,
        source,
    )


def check_labels(
    ids: list[str], labels: dict[str, str] | None, legend: Legend, source: str | Path | None = None
) -> None:
    """InputError for a label of a hex not on the sheet (``ids``) or of a terrain the legend lacks."""
    where = {h: k for k, h in enumerate(ids)}
    known = set(legend.terrain_names())
    for h, t in (labels or {}).items():
        if h not in where:
            raise InputError(
                f"labelled hex {h!r} (--labels or --overrides) is not on the sheet found "
                f"({ids[0]}..{ids[-1]})",
                file=getattr(labels, "origin", {}).get(h) or source,
                where=f"terrain.{h}",
            )
        if t not in known:
            raise InputError(
                f"labelled hex {h} (--labels or --overrides): unknown terrain {t!r} "
                f"(legend: {', '.join(sorted(known))})",
                file=legend.file,
            )


def learn_map(
    reading: Reading,
    labels: dict[str, str] | None = None,
    name: str = "digitized map",
    image_name: str | None = None,
    progress: Callable[[str], None] | None = None,
    seed: int = 0,
) -> Digitized:
    """The map of a :func:`read_scan` with its terrain learnt from ``labels`` (hex id -> terrain):
    :func:`digitize`'s second half, which alone runs again when the labels change."""
    say = progress or (lambda _msg: None)
    r = reading
    image, legend, grid, cols, rows, ids, nbr = r.image, r.legend, r.grid, r.cols, r.rows, r.ids, r.nbr
    feats, feat_conf, sides, lines, grid_fit = r.feats, r.feat_conf, r.sides, r.lines, r.grid_fit
    check_labels(ids, labels, legend, r.source)
    unlearnable = unlearnable_terrain(legend, labels)
    g = legend.grid
    terrain = copy.copy(r.terrain)  # learning replaces its names and confidence: the reading keeps its own
    where = {h: k for k, h in enumerate(ids)}
    learned = learn_terrain(
        r.descriptors,
        terrain.names,
        terrain.confidence,
        {where[h]: t for h, t in (labels or {}).items()},
        nbr,
        seed,
        same_colour=legend.same_colour(),
        settled=settled_by_symbols(feats, legend),
    )
    terrain.names, terrain.confidence = learned.names, learned.confidence
    say("terrain: classified")
    terrain.names, terrain.confidence = terrain_from_symbols(
        terrain.names, terrain.confidence, feats, feat_conf, legend, {where[h] for h in labels or {}}
    )
    side_terrain: dict[tuple[str, str], tuple[str, float]] = {}
    if g.get("terrain_on") == "hexside":
        default = legend.terrain[0].name  # the first legend terrain is the plain one (clear)
        found_t = hexside_terrain(
            image, grid, cols, rows, nbr, legend, terrain.drift, terrain.hex_rgb, terrain.names
        )
        for (a, b), t, c in zip(*found_t, strict=True):
            if t != default:
                side_terrain[side_key(ids[a], ids[b])] = (t, round(float(c), 3))

    doubtful = []
    hexes = []
    for k, h in enumerate(ids):
        conf = round(float(min(terrain.confidence[k], feat_conf[k])), 3)
        hexes.append(Hex(h, terrain.names[k], features=tuple(feats[k]), confidence=conf))
        if conf < DOUBTFUL:
            doubtful.append({"hex": h, "terrain": terrain.names[k], "features": feats[k], "confidence": conf})
    by_side: dict[tuple[str, str], list[tuple[str, float, str]]] = {}
    for (a, b), kind, conf, why in zip(sides.pairs, sides.kinds, sides.confidence, sides.why, strict=True):
        by_side.setdefault(side_key(ids[a], ids[b]), []).append((kind, conf, why))
    hexsides = []
    for key in sorted(set(by_side) | set(side_terrain)):
        feats = by_side.get(key, [])
        t, tc = side_terrain.get(key, (None, 1.0))
        conf = min([c for _, c, _ in feats] + [tc])
        hexsides.append(Hexside(key, t, tuple(k for k, _, _ in feats), confidence=round(conf, 3)))
        if conf < DOUBTFUL:
            why = "; ".join(w for _, c, w in feats if c < DOUBTFUL and w)
            doubtful.append(
                {"hexside": list(key), "features": [k for k, _, _ in feats], "terrain": t}
                | {"confidence": round(conf, 3), "why": why}
            )
    by_kind: dict[tuple[str, bool], list[tuple[str, str]]] = {}
    edge_conf: dict[tuple[str, tuple[str, str]], float] = {}
    for (a, b), kind, conf, why in zip(lines.pairs, lines.kinds, lines.confidence, lines.why, strict=True):
        key = side_key(ids[a], ids[b])
        # a doubtful edge is a line of its own: the map names it, with its confidence
        by_kind.setdefault((kind, conf < DOUBTFUL), []).append(key)
        edge_conf[(kind, key)] = conf
        if conf < DOUBTFUL:
            doubtful.append({"line": kind, "hexes": list(key), "confidence": round(conf, 3), "why": why})
    line_items = []
    for (kind, _), edges in sorted(by_kind.items()):
        for path in _chains(edges):
            conf = min(edge_conf[(kind, side_key(x, y))] for x, y in zip(path, path[1:], strict=False))
            line_items.append(Line(kind, path, confidence=round(conf, 3)))
    doubtful += possible_edges(sides, lines, ids)
    hexsides = with_bridges(hexsides, line_items, bridging_lines(legend), water_sides(legend))
    m = MapData.build(name, [Sheet("", grid, image_name)], hexes, hexsides, line_items)
    learning: dict = {"labels": learned.labelled}
    if unlearnable:  # printed in another terrain's colour and labelled nowhere: maybe never found
        learning["never_labelled"] = unlearnable
    if grid_fit:
        learning["grid_corners"] = grid_fit
    if learned.labelled:
        learning["expected_accuracy"] = (
            None if learned.cv_accuracy is None else round(100 * learned.cv_accuracy, 1)
        )
        learning["unaided_weight"] = learned.unaided_weight
    learning["label_next"] = [ids[k] for k in learned.next_to_label]  # no label yet: representative
    return Digitized(m, doubtful, learning, r.numbers)


def possible_edges(sides: Found, lines: Found, ids: list[str]) -> list[dict]:
    """The doubtful list's entries for the candidates that fell short of being drawn (a river or a
    road partly seen, see :mod:`.edge_confidence`): a person checks whether they are printed."""
    out = []
    for res, what in ((sides, "feature"), (lines, "line")):
        for (a, b), kind, conf, why in res.near:
            out.append(
                {what: kind, "hexes": list(side_key(ids[a], ids[b])), "possible": True}
                | {"confidence": round(conf, 3), "why": why}
            )
    return out
