"""Walking a path and searching a unit's reach over :class:`~.search.EdgeCosts`: shared by rulesets.

Both use the same cost arrays, so every hex :func:`reach` returns is accepted by :func:`walk` along
the returned path at the same cost: the two can only disagree if a ruleset's hooks do.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse as sp

from .board import Board
from .search import EdgeCosts, mp, path_to, search_graph
from .verdict import Reason, Step


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
) -> Walk:
    """Cost of each step of ``path``; stops at the first step that is not adjacent or forbidden."""
    steps: list[Step] = []
    spent = start_spent
    for k, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        slot = board.arrays.edge_slot(a, b)
        if slot is None:
            return Walk(steps, spent, Reason(adjacency_rule, f"{a} -> {b}: the hexes are not adjacent"), k)
        i, d = slot
        why = costs.reason(i, d)
        if why is not None:
            return Walk(steps, spent, Reason(why.rule, f"{a} -> {b}: {why.message}"), k)
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


def reach(board: Board, costs: EdgeCosts, start: int, limit: float) -> Reach:
    """Dijkstra from ``start`` bounded by ``limit`` internal units."""
    dist, pred = search_graph(costs.graph(board.nbr), start, limit=limit)
    return Reach(dist, pred, start)


def reach_batch(
    board: Board, costs: EdgeCosts, starts: np.ndarray, limits: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Reach of many units that share one cost array: for each start, (hexes, costs) within its
    limit, from a single scipy Dijkstra call.

    Each unit gets a private copy of the hexes within ``limit / cheapest step`` of its start (its
    window); the windows are disjoint blocks of one sparse graph, so one multi-source search from
    all starts gives every unit its own distances without a dense units x hexes matrix.
    """
    from scipy.sparse.csgraph import dijkstra

    finite = costs.cost[np.isfinite(costs.cost)]
    cheapest = float(finite[finite > 0].min()) if (finite > 0).any() else 0.0
    if len(starts) == 0:
        return []
    if cheapest <= 0 or not np.isfinite(limits.max()):
        return [reach_one(board, costs, int(s), float(lim)) for s, lim in zip(starts, limits, strict=True)]
    radius = int(limits.max() // cheapest)
    win = board.arrays.windows(starts, radius)  # (U, W) global index or -1
    offs_nbr = board.arrays.window_neighbours(radius)  # (W, 6) window cell or -1
    n_units, width = win.shape
    src_cell = np.repeat(np.arange(width), 6)
    dirs = np.tile(np.arange(6), width)
    dst_cell = offs_nbr.ravel()
    keep = dst_cell >= 0
    src_cell, dirs, dst_cell = src_cell[keep], dirs[keep], dst_cell[keep]
    g_src = win[:, src_cell]  # (U, E)
    g_dst = win[:, dst_cell]
    ok = (g_src >= 0) & (g_dst >= 0)
    w = np.where(ok, costs.cost[np.maximum(g_src, 0), dirs], np.inf)
    ok &= np.isfinite(w)
    base = (np.arange(n_units) * width)[:, None]
    rows = (base + src_cell)[ok]
    cols = (base + dst_cell)[ok]
    graph = sp.csr_matrix((w[ok], (rows, cols)), shape=(n_units * width, n_units * width))
    center = int(np.flatnonzero(board.arrays.window_offsets(radius).any(axis=1) == 0)[0])
    dist = dijkstra(
        graph, directed=True, indices=base[:, 0] + center, min_only=True, limit=float(limits.max())
    ).reshape(n_units, width)
    out = []
    for u in range(n_units):
        cells = np.flatnonzero(dist[u] <= limits[u])
        out.append((win[u, cells], dist[u, cells]))
    return out


def reach_one(board: Board, costs: EdgeCosts, start: int, limit: float) -> tuple[np.ndarray, np.ndarray]:
    dist, _ = search_graph(costs.graph(board.nbr), start, limit=limit)
    hexes = np.flatnonzero(dist <= limit)
    return hexes, dist[hexes]


def validate_batch(
    nbr: np.ndarray,
    cost: np.ndarray,
    why: np.ndarray,
    group: np.ndarray,
    paths: np.ndarray,
    limits: np.ndarray,
) -> dict[str, np.ndarray]:
    """Walk many paths at once.

    ``cost`` and ``why`` are (G, N, 6) stacks of cost groups, ``group[m]`` the group of move m,
    ``paths`` an (M, L+1) array of hex indices padded with -1 (first column: the start). Returns,
    per move: ``total`` cost (internal units), ``bad_step`` (first step that is not adjacent or
    not allowed, -1 if none), ``why`` (reason index of that step, -1 for not adjacent) and
    ``within`` (total <= limit)."""
    src, dst = paths[:, :-1], paths[:, 1:]
    real = dst >= 0
    safe_src = np.where(real, src, 0)
    match = nbr[safe_src] == dst[..., None]  # (M, L, 6)
    adjacent = match.any(axis=2) | ~real
    d = match.argmax(axis=2)
    g = np.broadcast_to(group[:, None], src.shape)
    step = np.where(real & adjacent, cost[g, safe_src, d], 0.0)
    reason = np.where(real & adjacent, why[g, safe_src, d], -1)
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
    }
