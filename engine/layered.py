"""Searches over location × something: movement modes, or a counter kept along a path.

Both are one Dijkstra on a *layered* graph: L copies of the location graph (node ``layer * N + i``),
each layer with its own step costs, plus edges between layers. Two uses every ruleset shares:

* :func:`mode_search` — cheapest paths over location × mode, where changing mode at a location
  costs MP (a unit that leaves the road, entrains, embarks mid-path);
* :func:`staged_trace` — a trace in stages, each with its own limit (overland up to N MP, then road
  up to M, then rail of any length), where a stage may also count something along its path and cap
  it (at most K low-volume rail hexes): the count is the layer.

Costs are (N, D) arrays in the engine's internal units (:mod:`.search`); ``inf`` = not allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from .search import INF, reversed_costs


def _layer_edges(nbr: np.ndarray, cost: np.ndarray, src_layer: int, dst_layer: np.ndarray | int, n: int):
    ok = (nbr >= 0) & np.isfinite(cost)
    rows, slots = np.nonzero(ok)
    dst = np.broadcast_to(dst_layer, nbr.shape)[rows, slots] if np.ndim(dst_layer) else dst_layer
    return src_layer * n + rows, dst * n + nbr[rows, slots], cost[rows, slots]


def _graph(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]], nodes: int) -> sp.csr_matrix:
    rows = np.concatenate([p[0] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    cols = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    vals = np.concatenate([p[2] for p in parts]) if parts else np.zeros(0)
    if len(rows) and (np.diff(rows) >= 0).all():  # already in row order: no sort through COO
        indptr = np.zeros(nodes + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=nodes), out=indptr[1:])
        return sp.csr_matrix((vals, cols, indptr), shape=(nodes, nodes))
    return sp.csr_matrix((vals, (rows, cols)), shape=(nodes, nodes))


# ---------------------------------------------------------------------------- modes
@dataclass
class ModeReach:
    """Cheapest cost of reaching each (mode, location), and the path there through modes."""

    modes: list[str]
    dist: np.ndarray  # (M, N)
    pred: np.ndarray  # (M * N,) predecessor node, -9999 at the start

    def best(self) -> tuple[np.ndarray, np.ndarray]:
        """Per location: the cheapest cost over modes and the mode it arrives in."""
        k = self.dist.argmin(axis=0)
        return self.dist[k, np.arange(self.dist.shape[1])], k

    def path(self, target: int, mode: int | None = None) -> list[tuple[int, str]]:
        """(location, mode) from the start to ``target`` (in ``mode``, else its cheapest)."""
        n = self.dist.shape[1]
        if mode is None:
            mode = int(self.dist[:, target].argmin())
        node = mode * n + target
        out = [node]
        while self.pred[out[-1]] >= 0:
            out.append(int(self.pred[out[-1]]))
        return [(int(v % n), self.modes[v // n]) for v in reversed(out)]


def mode_search(
    nbr: np.ndarray,
    costs: Mapping[str, np.ndarray],
    change: Mapping[tuple[str, str], np.ndarray | float],
    start: int,
    start_mode: str,
    limit: float = INF,
) -> ModeReach:
    """Dijkstra over location × mode. ``costs[mode]`` is each mode's (N, D) step cost; ``change[(a,
    b)]`` the cost of switching from mode a to b at each location (a number, or an (N,) array with
    inf where the switch is not allowed there); switches not listed are not allowed."""
    modes = list(costs)
    n = nbr.shape[0]
    parts = [_layer_edges(nbr, costs[m], k, k, n) for k, m in enumerate(modes)]
    for (a, b), c in change.items():
        cost = np.broadcast_to(np.asarray(c, dtype=float), (n,))
        at = np.flatnonzero(np.isfinite(cost))
        parts.append((modes.index(a) * n + at, modes.index(b) * n + at, cost[at]))
    g = _graph(parts, n * len(modes))
    dist, pred = dijkstra(
        g, directed=True, indices=modes.index(start_mode) * n + start, limit=limit, return_predecessors=True
    )
    return ModeReach(modes, dist.reshape(len(modes), n), pred)


# ---------------------------------------------------------------------------- stages
@dataclass(frozen=True)
class Stage:
    """One stage of a trace: its step costs, the most it may cost, and optionally a count kept
    along it (``counts``: (N, D) whole numbers added per step) that may not exceed ``max_count``."""

    name: str
    cost: np.ndarray
    limit: float = INF
    counts: np.ndarray | None = None
    max_count: int = 0
    rule: str = ""
    begins_at: np.ndarray | None = None  # (N,) bool: where the stage may begin (None: anywhere)
    # a count that stops at ``max_count`` instead of closing the step (things met along the way)
    saturate: bool = False
    # per final count 0..max_count, the most the stage may cost with that count (an element made
    # longer by what it passes); ``limit`` still bounds the search
    limits_by_count: tuple[float, ...] | None = None


@dataclass
class StagedTrace:
    """Where a staged trace got: per stage, the cost within that stage of reaching each location
    (inf where it did not), and the count kept along it."""

    stages: list[Stage]
    dist: list[np.ndarray]  # per stage, (N,)
    count: list[np.ndarray]  # per stage, (N,) smallest count of a path within the limit (-1: none)
    source: list[np.ndarray]  # per stage, (N,) the start (of starts) its path comes from
    began: list[np.ndarray]  # per stage, (L * N,) the node each location's path began at

    def reached(self) -> np.ndarray:
        return np.isfinite(self.dist[-1])

    def stage_of(self) -> np.ndarray:
        """Per location, the first stage that reaches it (-1 none)."""
        out = np.full(self.dist[0].shape, -1)
        for k in range(len(self.dist) - 1, -1, -1):
            out[np.isfinite(self.dist[k])] = k
        return out


def staged_trace(
    nbr: np.ndarray, stages: Sequence[Stage], starts: Sequence[int] | np.ndarray, reverse: bool = False
) -> StagedTrace:
    """Trace from ``starts`` through the stages in order: stage k begins anywhere stage k-1 reached
    (at no cost) and may spend up to its own ``limit``. ``reverse`` traces toward the starts along
    the forward costs (a supply line searched from all sources at once): give the stages in the
    order they are met going *from* the sources. A stage with ``begins_at`` begins only at those
    of the locations the previous stage reached (an element that must start at a depot)."""
    n = nbr.shape[0]
    begin = np.zeros(n, dtype=bool)
    begin[np.asarray(starts, dtype=np.int64)] = True
    dists, counts, entries, began_at = [], [], [], []
    origin = np.where(begin, np.arange(n), -1)
    for st in stages:
        cost = reversed_costs(nbr, st.cost) if reverse else st.cost
        layers = st.max_count + 1 if st.counts is not None else 1
        inc = None
        if st.counts is not None:
            inc = reversed_costs(nbr, st.counts.astype(float)) if reverse else st.counts.astype(float)
            inc = np.where(np.isfinite(inc), inc, 0).astype(np.int64)
        parts = []
        if inc is None:
            parts.append(_layer_edges(nbr, cost, 0, 0, n))
        else:  # the open steps once, then each layer keeps those that stay within the count
            rows, slots = np.nonzero((nbr >= 0) & np.isfinite(cost))
            to, step, add = nbr[rows, slots], cost[rows, slots], inc[rows, slots]
            for layer in range(layers):
                if st.saturate:
                    keep = np.ones(len(add), dtype=bool)
                    dest = np.minimum(layer + add, st.max_count)
                else:
                    keep = layer + add <= st.max_count
                    dest = layer + add
                parts.append((layer * n + rows[keep], dest[keep] * n + to[keep], step[keep]))
        g = _graph(parts, n * layers)
        if st.begins_at is not None:  # a supply line's element begins only at a depot, an HQ...
            begin = begin & st.begins_at
        at = np.flatnonzero(begin)  # the stage begins at count 0 wherever the last one got
        dist, _, came = dijkstra(
            g, directed=True, indices=at, limit=st.limit, min_only=True, return_predecessors=True
        )
        by_layer = dist.reshape(layers, n)
        if st.limits_by_count is not None:
            most = np.asarray(st.limits_by_count, dtype=float)[:layers, None]
            by_layer = np.where(by_layer <= most, by_layer, np.inf)
        best = by_layer.min(axis=0)
        count = np.where(np.isfinite(best), by_layer.argmin(axis=0), -1)
        began = came.reshape(layers, n)[np.maximum(count, 0), np.arange(n)]  # node the path began at
        ent = np.where(np.isfinite(best), origin[np.maximum(began, 0) % n], -1)
        dists.append(best)
        counts.append(count)
        entries.append(ent)
        began_at.append(came)
        reached = np.isfinite(best)
        origin = np.where(reached, ent, -1)
        begin = reached
    return StagedTrace(list(stages), dists, counts, entries, began_at)
