"""Reach over location x mode for many units at once: :func:`~.layered.mode_search` batched.

Each unit gets private copies of the hexes within ``radius`` steps of its start (its window), one
per mode; the windows are disjoint blocks of one sparse graph, so one scipy Dijkstra from all the
starts gives every unit its own distances over location x mode (the technique of
:func:`~.movement.reach_batch`, with layers). Units that share a cost profile share the cost arrays;
what is a unit's own (the steps out of its start hex, say, or into hexes of its own formation) comes
as *overrides*: ``(unit, mode, location, slot, cost)``. A unit whose window would reach a seam, a
link, an area or a box is searched exactly by :func:`~.layered.mode_search` instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from .board import MapArrays
from .layered import mode_search

Override = tuple[int, int, int, int, float]  # (unit, mode index, location, slot, cost)
"""One unit's own step cost; many may also come as an (O, 5) array of these columns."""


def mode_reach_batch(
    arrays: MapArrays,
    costs: Mapping[str, np.ndarray],
    change: Mapping[tuple[str, str], np.ndarray | float],
    starts: np.ndarray,
    start_modes: np.ndarray,
    limits: np.ndarray,
    radius: int,
    overrides: Sequence[Override] | np.ndarray = (),
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ragged ``(locations, costs, modes, offsets)``: unit ``k`` reaches
    ``locations[offsets[k]:offsets[k + 1]]`` at those costs (internal units, cheapest over modes),
    arriving in those modes (indices into ``list(costs)``), within ``limits[k]``. ``radius`` must
    bound the steps any unit can take within its limit (limit / cheapest step)."""
    names = list(costs)
    n_units = len(starts)
    ov = np.asarray(overrides, dtype=float).reshape(-1, 5)
    orient = arrays.sheet_orientation[starts]
    windowed = arrays.location_kind[starts] == 0
    win_all = arrays.windows(starts, radius) if n_units else np.zeros((0, 1), dtype=np.int64)
    touches = (arrays.irregular[np.maximum(win_all, 0)] & (win_all >= 0)).any(axis=1)
    windowed &= ~touches
    found: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for o in sorted({str(x) for x in orient[windowed]}):
        rows = np.flatnonzero(windowed & (orient == o))
        found.update(
            _windows(arrays, names, costs, change, starts, start_modes, limits, radius, o, rows, ov, win_all)
        )
    for k in np.flatnonzero(~windowed):
        found[int(k)] = _exact(
            arrays,
            names,
            costs,
            change,
            int(starts[k]),
            int(start_modes[k]),
            float(limits[k]),
            ov[ov[:, 0] == k],
        )
    counts = np.array([len(found[k][0]) for k in range(n_units)], dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)

    def cat(j: int, dt) -> np.ndarray:
        return (
            np.concatenate([found[k][j] for k in range(n_units)]).astype(dt) if n_units else np.zeros(0, dt)
        )

    return cat(0, np.int64), cat(1, float), cat(2, np.int64), offsets


def _cells(arrays: MapArrays, radius: int, starts: np.ndarray, locs: np.ndarray) -> np.ndarray:
    """The window cell of each location in ``locs`` around the matching start (-1 outside the
    window or on another sheet): from axial offsets, with no search."""
    q, r, _ = arrays._axial_lookup
    offs = arrays.window_offsets(radius)
    lut = np.full((2 * radius + 1, 2 * radius + 1), -1, dtype=np.int64)
    lut[offs[:, 0] + radius, offs[:, 1] + radius] = np.arange(len(offs))
    dq, dr = q[locs] - q[starts] + radius, r[locs] - r[starts] + radius
    inside = (dq >= 0) & (dq <= 2 * radius) & (dr >= 0) & (dr <= 2 * radius)
    same = arrays.graph.sheet[locs] == arrays.graph.sheet[starts]
    out = np.full(len(locs), -1, dtype=np.int64)
    out[inside & same] = lut[dq[inside & same], dr[inside & same]]
    return out


def _exact(arrays, names, costs, change, start, start_mode, limit, overrides):
    local = {m: c for m, c in costs.items()}
    for _, m, loc, slot, cost in overrides:
        name = names[int(m)]
        if local[name] is costs[name]:
            local[name] = costs[name].copy()
        local[name][int(loc), int(slot)] = cost
    mr = mode_search(arrays.nbr, local, change, start, names[start_mode], limit)
    best, mode = mr.best()
    inside = np.flatnonzero(best <= limit)
    return inside, best[inside], mode[inside]


def _windows(
    arrays, names, costs, change, starts, start_modes, limits, radius, orientation, rows, ov_all, win_all
):
    win = win_all[rows]  # (U, W)
    offs_nbr = arrays.window_neighbours(radius, orientation)  # (W, 6)
    n_u, width = win.shape
    n_m = len(names)
    degree = arrays.degree
    src_cell, dirs = np.nonzero(offs_nbr >= 0)
    dst_cell = offs_nbr[src_cell, dirs]
    edge_of = np.full(offs_nbr.shape, -1, dtype=np.int64)
    edge_of[src_cell, dirs] = np.arange(len(src_cell))
    g_src = win[:, src_cell]
    inside_edge = (g_src >= 0) & (win[:, dst_cell] >= 0)
    block = (np.arange(n_u) * n_m)[:, None]  # first layer of each unit
    parts_r, parts_c, parts_v = [], [], []
    # the units' own steps: (local unit, mode, edge) of each override, found without a search
    local_of = np.full(len(starts), -1, dtype=np.int64)
    local_of[rows] = np.arange(len(rows))
    ov = ov_all[np.isin(ov_all[:, 0].astype(np.int64), rows)] if len(ov_all) else ov_all
    if len(ov):
        ovk = local_of[ov[:, 0].astype(np.int64)]
        ovm = ov[:, 1].astype(np.int64)
        ovloc = ov[:, 2].astype(np.int64)
        ovslot = ov[:, 3].astype(np.int64)
        ovcost = ov[:, 4]
        cell = _cells(arrays, radius, starts[rows][ovk], ovloc)
        e = np.where((cell >= 0) & (ovslot < 6), edge_of[np.maximum(cell, 0), np.minimum(ovslot, 5)], -1)
        keep = e >= 0
        ovk, ovm, e, ovcost = ovk[keep], ovm[keep], e[keep], ovcost[keep]
    for m, name in enumerate(names):
        w = costs[name].ravel()[np.maximum(g_src, 0) * degree + dirs]
        if len(ov):
            sel = ovm == m
            w[ovk[sel], e[sel]] = ovcost[sel]
        ok = inside_edge & np.isfinite(w)
        layer = (block + m) * width
        parts_r.append((layer + src_cell)[ok])
        parts_c.append((layer + dst_cell)[ok])
        parts_v.append(w[ok])
    for (a, b), c in change.items():
        per = np.broadcast_to(np.asarray(c, dtype=float), (arrays.n,))
        v = np.where(win >= 0, per[np.maximum(win, 0)], np.inf)
        ok = np.isfinite(v)
        cells = np.broadcast_to(np.arange(width), win.shape)
        parts_r.append(((block + names.index(a)) * width + cells)[ok])
        parts_c.append(((block + names.index(b)) * width + cells)[ok])
        parts_v.append(v[ok])
    nodes = n_u * n_m * width
    g = sp.csr_matrix(
        (np.concatenate(parts_v), (np.concatenate(parts_r), np.concatenate(parts_c))), shape=(nodes, nodes)
    )
    center = arrays.window_centre(radius)
    src = (block[:, 0] + start_modes[rows]) * width + center
    lim = limits[rows]
    dist = dijkstra(g, directed=True, indices=src, min_only=True, limit=float(lim.max())).reshape(
        n_u, n_m, width
    )
    best, mode = dist.min(axis=1), dist.argmin(axis=1)
    out = {}
    for i, k in enumerate(rows):
        keep = (best[i] <= lim[i]) & (win[i] >= 0)
        out[int(k)] = (win[i][keep], best[i][keep], mode[i][keep])
    return out
