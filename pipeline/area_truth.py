"""Ground truth of a real printed AREA map (``realmap-area-truth/1``, as in
``shared/realmaps/*/truth.json``), the gazetteer a user would write for it, and how a digitized
area map scores against it.

A truth lists the map's areas (id, name, kind, a ``point`` inside each, a ``polygon`` when known),
its borders (pairs of area ids with a ``kind``) and the places the art and the data disagree
(``doubtful``: areas and borders left out of every score).

Scores (:func:`score_area_map`), found areas identified by the true points they hold:

- ``areas``: the share of true areas recovered: the found area holding the true point holds no
  other true point (no two areas merged), and, when the truth has the area's polygon, the found
  area's own point (the point farthest inside it) lies in that polygon (area identity by
  point-in-polygon: the polygons are simplified, so no IoU);
- ``adjacency_f1``: found borders between identified areas against the true borders (pairs with a
  doubtful area left out);
- ``border_kind``: among the true borders found, the share whose found kind is the true kind,
  scored on the kinds the legend names (``[[area]] kind = "border"``); the others are counted in
  ``kinds_not_scored``;
- ``unnamed``: found areas holding no true point (pieces of an area cut off, the space between
  the map's frame and the picture's edge), ``merged``: found areas holding two or more.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import read_json
from ..mapdata.model import MapData
from .gazetteer import Place, slug

FORMAT = "realmap-area-truth/1"


@dataclass
class AreaTruth:
    areas: dict[str, dict[str, Any]]  # id -> {name, kind, point, polygon?}
    borders: dict[frozenset[str], str]  # pair -> kind
    doubtful_areas: set[str] = field(default_factory=set)
    doubtful_borders: set[frozenset[str]] = field(default_factory=set)
    image: str = ""

    def scored_areas(self) -> list[str]:
        return [a for a in self.areas if a not in self.doubtful_areas]

    def scored_borders(self) -> dict[frozenset[str], str]:
        return {
            p: k
            for p, k in self.borders.items()
            if not (p & self.doubtful_areas) and p not in self.doubtful_borders
        }


def is_area_truth(path: str | Path) -> bool:
    """Whether ``path`` is a truth of this format (without raising on another format)."""
    try:
        doc = read_json(path, "realmap truth")
    except InputError:
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def read_area_truth(path: str | Path) -> AreaTruth:
    doc = read_json(path, "realmap area truth")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"expected format {FORMAT!r}", file=path, where="format")
    try:
        areas = {
            a["id"]: {
                "name": a["name"],
                "kind": a.get("kind", "land"),
                "point": (float(a["point"][0]), float(a["point"][1])),
                "polygon": [tuple(map(float, p)) for p in a["polygon"]] if a.get("polygon") else None,
            }
            for a in doc["areas"]
        }
        borders = {frozenset((b["a"], b["b"])): str(b.get("kind", "")) for b in doc["borders"]}
        d = doc.get("doubtful", {}) or {}
        doubt_a = set(d.get("areas", []) or [])
        doubt_b = {frozenset(p) for p in (d.get("borders", []) or [])}
    except (KeyError, TypeError, IndexError, ValueError) as e:
        raise InputError(f"malformed area truth: {e!r}", file=path) from None
    return AreaTruth(areas, borders, doubt_a, doubt_b, str(doc.get("image", "")))


def truth_gazetteer(truth: AreaTruth) -> list[Place]:
    """The gazetteer a user writes for the map: each area's name at its point, kind sea for a sea
    zone and land for the rest (a box is land to the digitizer: a piece of map no sea fills)."""
    return [
        Place(
            str(a["name"]),
            a["point"],
            aid if aid else slug(str(a["name"])),
            "sea" if a["kind"] == "sea" else "land",
            {},
            f"area {aid}",
        )
        for aid, a in truth.areas.items()
    ]


def _contains(ring, x: float, y: float) -> bool:
    from shapely.geometry import Point, Polygon

    return bool(Polygon(ring).buffer(0).contains(Point(x, y)))


def score_area_map(
    found: MapData, truth: AreaTruth, kinds: set[str], report: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The figures of the module docstring for ``found`` (land and sea areas with polygons) against
    ``truth``; ``kinds``: the border kinds the legend names. With the digitizer's ``report``, also
    ``confidence``: how its confidences separate true from false borders
    (:func:`.area_accuracy.confidence_split`)."""
    from shapely.geometry import Point, Polygon
    from shapely.prepared import prep

    regions = [a for a in found.areas.values() if a.polygon and a.attrs.get("kind") in ("land", "sea")]
    polys = [Polygon(a.polygon).buffer(0) for a in regions]
    shapes = [prep(p) for p in polys]
    holds: dict[int, list[str]] = {}
    where: dict[str, int] = {}
    for tid, t in truth.areas.items():
        p = Point(*t["point"])
        # an outline is an outer ring: an area wrapped around others (the margin of the map)
        # contains them too; the point is in the smallest outline holding it
        inside = [k for k, s in enumerate(shapes) if s.contains(p)]
        if inside:
            k = min(inside, key=lambda k: polys[k].area)
            holds.setdefault(k, []).append(tid)
            where[tid] = k
    scored = truth.scored_areas()
    recovered = []
    for tid in scored:
        k = where.get(tid)
        if k is None or len(holds[k]) != 1:
            continue
        poly = truth.areas[tid]["polygon"]
        if poly is not None and regions[k].point is not None and not _contains(poly, *regions[k].point):
            continue
        recovered.append(tid)
    ident = {regions[k].id: ts[0] for k, ts in holds.items() if len(ts) == 1}
    true_pairs = truth.scored_borders()
    found_pairs: dict[frozenset[str], str] = {}
    for b in found.borders:
        a, c = b.areas
        if a in ident and c in ident and ident[a] != ident[c]:
            pair = frozenset((ident[a], ident[c]))
            if not (pair & truth.doubtful_areas) and pair not in truth.doubtful_borders:
                found_pairs[pair] = b.kind
    tp = set(found_pairs) & set(true_pairs)
    f1 = 2 * len(tp) / (len(found_pairs) + len(true_pairs)) if (found_pairs or true_pairs) else 1.0
    kind_pairs = [p for p in tp if true_pairs[p] in kinds]
    kind_ok = sum(found_pairs[p] == true_pairs[p] for p in kind_pairs)
    not_scored: dict[str, int] = {}
    for p in tp:
        if true_pairs[p] not in kinds:
            not_scored[true_pairs[p]] = not_scored.get(true_pairs[p], 0) + 1
    extra: dict[str, Any] = {}
    if report is not None:
        from .area_accuracy import confidence_split, report_contacts
        from .area_contacts import WEAK

        def rename(f: str) -> str | None:
            t = ident.get(f)
            return None if t is None or t in truth.doubtful_areas else t

        judged = report_contacts(found, report, rename)
        extra["confidence"] = {
            k: confidence_split(
                [r for r in rows if r[0] not in truth.doubtful_borders], set(true_pairs), WEAK
            )
            for k, rows in judged.items()
        }
    return extra | {
        "areas": round(len(recovered) / max(1, len(scored)), 4),
        "areas_recovered": len(recovered),
        "areas_scored": len(scored),
        "adjacency_f1": round(f1, 4),
        "adjacency_precision": round(len(tp) / max(1, len(found_pairs)), 4),
        "adjacency_recall": round(len(tp) / max(1, len(true_pairs)), 4),
        "border_kind": round(kind_ok / len(kind_pairs), 4) if kind_pairs else None,
        "border_kind_scored": len(kind_pairs),
        "kinds_not_scored": not_scored,
        "found_areas": len(regions),
        "unnamed": sum(1 for k in range(len(regions)) if k not in holds),
        "merged": sum(1 for ts in holds.values() if len(ts) > 1),
        "missing": sorted(set(scored) - set(recovered)),
    }
