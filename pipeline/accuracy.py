"""How right a digitized map is, measured against its ground truth (for synthetic scans)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..mapdata.model import MapData, side_key


def prf(found: set, truth: set) -> dict[str, float]:
    tp = len(found & truth)
    p = tp / len(found) if found else (1.0 if not truth else 0.0)
    r = tp / len(truth) if truth else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return {
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(f1, 4),
        "found": len(found),
        "true": len(truth),
    }


def accuracy(found: MapData, truth: MapData) -> dict[str, Any]:
    """Grid centre error, terrain accuracy, hexside and line precision/recall/F1."""
    fg, tg = found.sheets[0].grid, truth.sheets[0].grid
    out: dict[str, Any] = {}
    same = (fg.cols, fg.rows, fg.shifted, fg.orientation) == (tg.cols, tg.rows, tg.shifted, tg.orientation)
    out["grid_numbering_matches"] = same
    coords = np.array(list(tg.coords()))
    err = np.linalg.norm(
        fg.centers(coords[:, 0], coords[:, 1]) - tg.centers(coords[:, 0], coords[:, 1]), axis=1
    )
    w = tg.frame().hex_width
    out["grid_error_px"] = {"mean": round(float(err.mean()), 3), "max": round(float(err.max()), 3)}
    out["grid_error_pct_of_hex_width"] = round(float(err.max() / w * 100), 3)
    shared = [h for h in truth.hexes if h in found.hexes]
    right = sum(found.hexes[h].terrain == truth.hexes[h].terrain for h in shared)
    out["terrain_accuracy_pct"] = round(100 * right / max(1, len(truth.hexes)), 3)
    out["terrain_errors"] = [
        {"hex": h, "found": found.hexes[h].terrain, "true": truth.hexes[h].terrain}
        for h in shared
        if found.hexes[h].terrain != truth.hexes[h].terrain
    ]
    if any(s.terrain for s in truth.hexsides.values()):
        pairs = {side_key(a, b) for a in truth.hexes for b in truth.neighbours(a)}

        def side_t(m: MapData, k) -> str | None:
            s = m.hexsides.get(k)
            return s.terrain if s and s.terrain != "clear" else None

        right = sum(side_t(found, k) == side_t(truth, k) for k in pairs)
        out["hexside_terrain_accuracy_pct"] = round(100 * right / max(1, len(pairs)), 3)
    names = sorted(
        {f for s in truth.hexsides.values() for f in s.features}
        | {f for s in found.hexsides.values() for f in s.features}
    )
    out["hexsides"] = {}
    for n in names:
        t = {k for k, s in truth.hexsides.items() if n in s.features}
        f = {k for k, s in found.hexsides.items() if n in s.features}
        out["hexsides"][n] = prf(f, t)
    all_t = {(k, f) for k, s in truth.hexsides.items() for f in s.features}
    all_f = {(k, f) for k, s in found.hexsides.items() for f in s.features}
    out["hexsides"]["all"] = prf(all_f, all_t)
    out["lines"] = {}
    for kind in sorted(set(truth.line_kinds()) | set(found.line_kinds())):
        out["lines"][kind] = prf(found.line_edges(kind), truth.line_edges(kind))
    return out


def edges_of(m: MapData, kind: str) -> set[tuple[str, str]]:
    return {side_key(a, b) for ln in m.lines if ln.kind == kind for a, b in ln.edges()}
