"""Walking a path and searching a unit's reach over :class:`~.search.EdgeCosts`: shared by rulesets.

Both use the same cost arrays, so every hex :func:`reach` returns is accepted by :func:`walk` along
the returned path at the same cost: the two can only disagree if a ruleset's hooks do. Both honour
a :class:`Stop` (a unit entering one of its locations, an enemy zone of control say, stops there)
the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse as sp

from .board import Board
from .search import INF, EdgeCosts, csr, mp, path_to, search_each, search_graph
from .verdict import Reason, Step


@dataclass(frozen=True)
class Stop:
    """Locations a moving unit stops in when it enters them (an enemy zone of control...):
    ``where`` per location, and the rule (and its words) a path that goes on cites. A unit that
    starts in one of them may leave it."""

    where: np.ndarray
    rule: str
    message: str = "a unit entering this location stops there"

    def reason(self, a: str, b: str) -> Reason:
        return Reason(self.rule, f"{a} -> {b}: {self.message}")


Stops = Stop | Sequence[Stop] | None


def _stops(stop: Stops) -> tuple[Stop, ...]:
    return () if stop is None else (stop,) if isinstance(stop, Stop) else tuple(stop)


def _locations(board: Board) -> str:
    """How a step's message names two places of this map."""
    m = board.map
    return "hexes" if m.location_word == "hex" else "areas" if m.kind == "area" else "locations"


@dataclass
class Walk:
    """The result of walking a path: steps taken, MP spent, and the first failure (if any)."""

    steps: list[Step]
    spent: float  # internal units
    failure: Reason | None = None
    failed_at: int | None = None  # index of the failing step


def walk(
    board: Board,
    costs: EdgeCosts,
    path: list[str],
    adjacency_rule: str,
    mode: str = "ground",
    start_spent: float = 0.0,
    stop: Stops = None,
) -> Walk:
    """Cost of each step of ``path``; stops at the first step that is not adjacent, is forbidden
    (its own reason first), or leaves a location of a ``stop`` (one or several) the path entered."""
    steps: list[Step] = []
    spent = start_spent
    stops = _stops(stop)
    for k, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        slot = board.arrays.edge_slot(a, b)
        if slot is None:
            message = f"{a} -> {b}: the {_locations(board)} are not adjacent"
            return Walk(steps, spent, Reason(adjacency_rule, message), k)
        i, d = slot
        why = costs.reason(i, d)
        if why is not None:
            return Walk(steps, spent, Reason(why.rule, f"{a} -> {b}: {why.message}"), k)
        if k > 0 and a != path[0]:
            held = next((s for s in stops if s.where[i]), None)
            if held is not None:
                return Walk(steps, spent, held.reason(a, b), k)
        c = costs.cost[i, d]
        spent += c
        steps.append(Step(a, b, mp(c), mp(spent), costs.step_parts(i, d), mode))
    return Walk(steps, spent)


@dataclass
class Reach:
    """Every hex a unit can reach: cost (internal units, inf = not) and a predecessor tree."""

    dist: np.ndarray
    pred: np.ndarray
    start: int

    def hexes(self) -> np.ndarray:
        return np.flatnonzero(np.isfinite(self.dist))

    def path(self, target: int) -> list[int]:
        return path_to(self.pred, target)

    def cost(self, target: int) -> Fraction:
        return mp(self.dist[target])

    def extras(self, target: int, ids: list[str]) -> dict:
        """What the ruleset reports beside cost and path for a location reached (facing, mode,
        where the unit detrains...): nothing by default."""
        return {}


def reach(board: Board, costs: EdgeCosts, start: int, limit: float, stop: Stops = None) -> Reach:
    """Dijkstra from ``start`` bounded by ``limit`` internal units; with ``stop`` (one or several),
    no step leaves a location of one the unit entered (it may leave its start)."""
    stops = _stops(stop)
    if not stops:
        graph = costs.graph(board.nbr)
    else:
        held = np.logical_or.reduce([s.where for s in stops])
        held[start] = False
        graph = csr(board.nbr, np.where(held[:, None], INF, costs.cost))
    dist, pred = search_graph(graph, start, limit=limit)
    return Reach(dist, pred, start)


def reach_each(board: Board, costs: EdgeCosts, starts: list[int], limit: float) -> list[Reach]:
    """:func:`reach` of several starts over one cost array and one limit, from one search call."""
    if not starts:
        return []
    dist, pred = search_each(costs.graph(board.nbr), np.array(starts), limit=limit)
    return [Reach(dist[k], pred[k], s) for k, s in enumerate(starts)]


def reach_batch(
    board: Board, costs: EdgeCosts, starts: np.ndarray, limits: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reach of many units that share one cost array, from one scipy Dijkstra call per window size.

    Returns ragged arrays ``(hexes, costs, offsets)``: unit ``k`` (in the order of ``starts``)
    reaches ``hexes[offsets[k]:offsets[k + 1]]`` at those ``costs`` (internal units) within
    ``limits[k]``.

    Each unit gets a private copy of the hexes within ``limit / cheapest step`` of its start (its
    window); the windows are disjoint blocks of one sparse graph, so one multi-source search from
    all starts gives every unit its own distances without a dense units x hexes matrix. Units are
    grouped by window radius and sheet orientation so a unit with a small allowance does not pay
    for a large window. A window is a patch of one sheet's grid: a unit whose window would reach a
    seam, a link, an area or a box (or that stands off the grids) gets its own exact search instead.
    """
    n = len(starts)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(1, dtype=np.int64)
    finite = costs.cost[np.isfinite(costs.cost)]
    cheapest = float(finite[finite > 0].min()) if (finite > 0).any() else 0.0
    a = board.arrays
    if cheapest <= 0 or not np.isfinite(limits.max()):  # no window bound: one search each
        radii = np.full(n, -1, dtype=np.int64)
    else:
        radii = (np.maximum(limits, 0) // max(cheapest, 1.0)).astype(np.int64)
    orient = a.sheet_orientation[starts]
    windowed = (radii >= 0) & (a.location_kind[starts] == 0)
    if a.irregular.any():
        for r in np.unique(radii[windowed]).tolist():
            rows = np.flatnonzero(windowed & (radii == r))
            win = a.windows(starts[rows], r)
            touches = (a.irregular[np.maximum(win, 0)] & (win >= 0)).any(axis=1)
            windowed[rows[touches]] = False
    keys = sorted({(int(radii[k]), str(orient[k])) for k in np.flatnonzero(windowed)})
    groups = [np.flatnonzero(windowed & (radii == r) & (orient == o)) for r, o in keys]
    found = [
        _reach_windows(board, costs.cost.ravel(), starts[g], limits[g], r, o)
        for g, (r, o) in zip(groups, keys, strict=True)
    ]
    for k in np.flatnonzero(~windowed):  # exact single searches
        h, c = reach_one(board, costs, int(starts[k]), float(limits[k]))
        groups.append(np.array([k]))
        found.append((h, c, np.array([len(h)])))
    counts = np.zeros(n, dtype=np.int64)
    for g, (_, _, c) in zip(groups, found, strict=True):
        counts[g] = c
    offsets = np.concatenate([[0], np.cumsum(counts)])
    hexes = np.empty(offsets[-1], dtype=np.int64)
    dist = np.empty(offsets[-1])
    for g, (h, d, c) in zip(groups, found, strict=True):  # place each group's blocks in unit order
        rank = np.arange(len(h)) - np.repeat(np.cumsum(c) - c, c)
        at = np.repeat(offsets[g], c) + rank
        hexes[at], dist[at] = h, d
    return hexes, dist, offsets


def _reach_windows(
    board: Board,
    flat_cost: np.ndarray,
    starts: np.ndarray,
    limits: np.ndarray,
    radius: int,
    orientation: str,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`reach_batch` for units whose windows have one radius on sheets of one orientation:
    hexes and costs, unit after unit, and how many each unit reaches."""
    from scipy.sparse.csgraph import dijkstra

    win = board.arrays.windows(starts, radius)  # (U, W) global index or -1
    offs_nbr = board.arrays.window_neighbours(radius, orientation)  # (W, 6) window cell or -1
    n_units, width = win.shape
    degree = board.arrays.degree
    src_cell, dirs = np.nonzero(offs_nbr >= 0)  # template edges, sorted by source cell
    dst_cell = offs_nbr[src_cell, dirs]
    g_src = win[:, src_cell]  # (U, E): global hex the step leaves
    w = flat_cost[np.maximum(g_src, 0) * degree + dirs]
    ok = (g_src >= 0) & (win[:, dst_cell] >= 0) & np.isfinite(w)
    # CSR built directly: rows (unit, source cell) are already in order, so no sort is needed
    base = (np.arange(n_units) * width)[:, None]
    indices = (base + dst_cell)[ok]
    per_row = np.bincount((base + src_cell)[ok], minlength=n_units * width)
    indptr = np.concatenate([[0], np.cumsum(per_row)])
    graph = sp.csr_matrix((w[ok], indices, indptr), shape=(n_units * width, n_units * width))
    center = board.arrays.window_centre(radius)
    dist = dijkstra(
        graph, directed=True, indices=base[:, 0] + center, min_only=True, limit=float(limits.max())
    ).reshape(n_units, width)
    inside = dist <= limits[:, None]
    return win[inside], dist[inside], inside.sum(axis=1)


def reach_one(board: Board, costs: EdgeCosts, start: int, limit: float) -> tuple[np.ndarray, np.ndarray]:
    dist, _ = search_graph(costs.graph(board.nbr), start, limit=limit)
    hexes = np.flatnonzero(dist <= limit)
    return hexes, dist[hexes]


def validate_batch(
    nbr: np.ndarray,
    cost: np.ndarray,
    why: np.ndarray | None,
    group: np.ndarray,
    paths: np.ndarray,
    limits: np.ndarray,
) -> dict[str, np.ndarray]:
    """Walk many paths at once.

    ``cost`` and ``why`` are (G, N, D) stacks of cost groups (``why`` None: no reasons wanted),
    ``group[m]`` the group of move m, ``paths`` an (M, L+1) array of hex indices padded with -1
    (first column: the start; L at least 1). Returns, per move: ``total`` cost (internal units),
    ``bad_step`` (first step that is not adjacent or not allowed, -1 if none), ``why`` (reason
    index of that step, -1 for not adjacent or without ``why``), ``within`` (total <= limit) and
    ``one_slot`` (each step joins its locations by one slot only)."""
    src, dst = paths[:, :-1], paths[:, 1:]
    real = dst >= 0
    safe_src = np.where(real, src, 0)
    match = nbr[safe_src] == dst[..., None]  # (M, L, D)
    adjacent = match.any(axis=2) | ~real
    d = match.argmax(axis=2)
    g = np.broadcast_to(group[:, None], src.shape)
    step = np.where(real & adjacent, cost[g, safe_src, d], 0.0)
    reason = np.where(real & adjacent, why[g, safe_src, d], -1) if why is not None else np.full(src.shape, -1)
    bad = ~adjacent | ~np.isfinite(step)
    any_bad = bad.any(axis=1)
    first = np.where(any_bad, bad.argmax(axis=1), -1)
    rows = np.arange(len(paths))
    total = np.where(any_bad, np.inf, np.where(np.isfinite(step), step, 0).sum(axis=1))
    first_why = np.where(
        any_bad, np.where(adjacent[rows, np.maximum(first, 0)], reason[rows, np.maximum(first, 0)], -1), -1
    )
    return {
        "total": total,
        "bad_step": first,
        "why": first_why,
        "within": total <= limits,
        "steps": real.sum(axis=1),
        "first_dir": d[:, 0],
        "first_cost": step[:, 0],
        "one_slot": (~real | (match.sum(axis=2) == 1)).all(axis=1),
    }
