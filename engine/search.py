"""Shortest paths over the location graph with per-edge costs: the searches every ruleset shares.

Costs live in :class:`EdgeCosts`, an ``(N, D)`` array per directed edge (see :mod:`.board`), in exact
internal units of 1/``MP_UNIT`` MP. ``MP_UNIT`` = 120 holds every fraction the five rulebooks use
exactly (1/2, 1/3, 1/4, 1/6, 1/8, 1/10, 1/12, 1/24...): sums stay integers, which float64 represents
exactly, so 1/12 + 1/12 + 1/6 is 1/3 and never 0.33333. A value that is no multiple of 1/120 is
refused rather than rounded. ``inf`` marks a step that may not be taken; ``why`` then says which
:class:`~.verdict.Reason` forbids it.

Searches run in scipy.sparse.csgraph: one Dijkstra for a unit's reach (bounded by its MA), one
multi-source Dijkstra per side and source kind for supply (never one per unit), and staged searches
(ground → rail → ground) through a virtual source node that carries each stage's arrival costs.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from ..errors import InputError
from .verdict import Reason

MP_UNIT = 120  # 1 MP = 120 internal units; 1/10 MP = 12, 1/6 MP = 20, 1/12 = 10, 1/24 = 5
INF = np.inf


class InexactMP(InputError):
    """An MP value that is no multiple of 1/MP_UNIT: it cannot be held exactly."""


def units(mp: Fraction | int) -> float:
    """MP → internal units (exact: every MP value of the rules is a multiple of 1/MP_UNIT)."""
    if isinstance(mp, int):
        return float(mp * MP_UNIT)
    # a float is taken as the decimal it prints as (4.3, not 4.29999...)
    f = mp if isinstance(mp, Fraction) else Fraction(repr(mp)) if isinstance(mp, float) else Fraction(mp)
    scaled = f * MP_UNIT
    if scaled.denominator != 1:
        raise InexactMP(f"{mp} MP is no multiple of 1/{MP_UNIT} MP: railhead cannot count it exactly")
    return float(scaled.numerator)


_BACKS: dict[int, tuple] = {}


def _keep(cache: dict[int, tuple], nbr: np.ndarray, value) -> None:
    """Keep ``value`` in ``cache`` for the neighbour table ``nbr`` while the table lives."""
    import weakref

    key = id(nbr)
    cache[key] = (weakref.ref(nbr, lambda _r: cache.pop(key, None)), value)


def _kept(cache: dict[int, tuple], nbr: np.ndarray):
    """What ``cache`` keeps for ``nbr`` (:func:`_keep`), or None."""
    known = cache.get(id(nbr))
    return known[1] if known is not None and known[0]() is nbr else None


def register_back(nbr: np.ndarray, back) -> None:
    """Remember the back-slot table of a neighbour table (the map's arrays do this once), or a
    function that makes it when first asked (a window's)."""
    _keep(_BACKS, nbr, back)


def back_of(nbr: np.ndarray) -> np.ndarray:
    """The back-slot table of ``nbr``: ``nbr[nbr[i, s], back[i, s]] == i`` (-1 where none)."""
    known = _kept(_BACKS, nbr)
    if known is not None:
        if callable(known):
            known = known()
            register_back(nbr, known)
        return known
    safe = np.where(nbr >= 0, nbr, 0)
    match = nbr[safe] == np.arange(len(nbr))[:, None, None]  # (N, D, D)
    back = np.where((nbr >= 0) & match.any(axis=2), match.argmax(axis=2), -1)
    register_back(nbr, back)
    return back


_MP: dict[int, Fraction] = {}  # the MP values met so far, by internal units (a Fraction is immutable)


def mp(value: float) -> Fraction:
    """Internal units → MP (exact)."""
    k = int(round(value))
    f = _MP.get(k)
    if f is None:
        f = Fraction(k, MP_UNIT)
        if len(_MP) < 4096:  # the costs of a game's steps and moves: a few hundred values
            _MP[k] = f
    return f


@dataclass
class EdgeCosts:
    """Cost of every directed step for one unit (or one class of units) in one position.

    Its arrays are never written in place (:meth:`add` and :meth:`forbid` bind new ones; ``why``
    is copied before :meth:`forbid` writes it where a copy shares it), so :meth:`copy` shares them."""

    cost: np.ndarray  # (N, D) float, internal units, inf where the step is not allowed
    why: np.ndarray  # (N, D) int, index into reasons, -1 where allowed
    reasons: list[Reason]
    # name -> (N, D) internal units (a dict, or a mapping that reads them lazily: .window)
    parts: MutableMapping[str, np.ndarray] = field(default_factory=dict)
    part_rules: dict[str, str] = field(default_factory=dict)
    terrain_only: np.ndarray | None = None  # cost before ZOC, for rules that test terrain alone
    _graph: sp.csr_matrix | None = field(default=None, repr=False)
    _reverse_graph: sp.csr_matrix | None = field(default=None, repr=False)
    _why_shared: bool = field(default=False, repr=False)  # another EdgeCosts holds this ``why``

    @classmethod
    def start(cls, shape: tuple[int, int]) -> EdgeCosts:
        return cls(np.zeros(shape), np.full(shape, -1, dtype=np.int64), [])

    def add(self, name: str, value: np.ndarray, rule: str) -> None:
        """Add a cost component (internal units) that the step explanation will list."""
        self.cost = self.cost + value
        self._graph = None
        held = self.parts.get(name)
        if held is None and isinstance(value, np.ndarray) and value.dtype.kind == "f":
            self.parts[name] = value  # a new part is the array itself (none is written in place)
        else:
            self.parts[name] = (0 if held is None else held) + value
        self.part_rules[name] = rule
        self._reverse_graph = None

    def forbid(self, mask: np.ndarray, rule: str, message: str) -> None:
        """Forbid the steps in ``mask``; the first reason given for a step is the one reported."""
        self.reasons.append(Reason(rule, message))
        fresh = mask & (self.why < 0)
        if self._why_shared:
            self.why, self._why_shared = self.why.copy(), False
        self.why[fresh] = len(self.reasons) - 1
        self.cost = np.where(mask, INF, self.cost)
        self._graph = self._reverse_graph = None

    def copy(self) -> EdgeCosts:
        """Costs to change apart from these: the arrays shared (none is written in place; ``why``
        is copied when first forbidden in either)."""
        self._why_shared = True
        parts = self.parts.copy() if hasattr(self.parts, "copy") else dict(self.parts)
        return EdgeCosts(
            self.cost,
            self.why,
            list(self.reasons),
            parts,
            dict(self.part_rules),
            self.terrain_only,
            _why_shared=True,
        )

    def graph(self, nbr: np.ndarray, reverse: bool = False) -> sp.csr_matrix:
        """The allowed steps as a CSR matrix (built once per cost array); ``reverse``: every step
        turned round, keeping its cost, for searches *toward* the sources."""
        if reverse:
            if self._reverse_graph is None:
                self._reverse_graph = csr(nbr, reversed_costs(nbr, self.cost))
            return self._reverse_graph
        if self._graph is None:
            self._graph = csr(nbr, self.cost)
        return self._graph

    def reason(self, i: int, d: int) -> Reason | None:
        k = self.why[i, d]
        return None if k < 0 else self.reasons[k]

    def step_parts(self, i: int, d: int) -> tuple[tuple[str, Fraction, str], ...]:
        out = []
        at = getattr(self.parts, "at", None)  # a lazy mapping reads one step without the array
        for name in self.parts:
            arr = at(name, i, d) if at is not None else self.parts[name]
            v = arr[i, d] if isinstance(arr, np.ndarray) else arr
            if v:
                out.append((name, mp(v), self.part_rules[name]))
        return tuple(out)


def csr(nbr: np.ndarray, cost: np.ndarray, extra_nodes: int = 0) -> sp.csr_matrix:
    """Sparse matrix of the allowed directed steps (finite cost); zero costs are kept as edges.

    Built directly in CSR form: a boolean mask walks the (N, 6) arrays row by row, so the steps
    come out grouped by the hex they leave and no sort is needed."""
    ok = (nbr >= 0) & np.isfinite(cost)
    n = nbr.shape[0] + extra_nodes
    small = nbr.size < 2**31 and n < 2**31  # scipy's own index type then: no copy to make it
    index = np.int32 if small else np.int64
    indptr = np.empty(n + 1, dtype=index)
    indptr[0] = 0
    if nbr.shape[0]:  # the running count of allowed steps, read at each row's end (a sum along
        # the short rows is several times slower)
        indptr[1 : nbr.shape[0] + 1] = np.cumsum(ok.ravel(), dtype=index)[nbr.shape[1] - 1 :: nbr.shape[1]]
    indptr[nbr.shape[0] + 1 :] = indptr[nbr.shape[0]]
    return sp.csr_matrix((cost[ok], (_narrow(nbr) if small else nbr)[ok], indptr), shape=(n, n))


_NARROW: dict[int, tuple] = {}


def _narrow(nbr: np.ndarray) -> np.ndarray:
    """``nbr`` as 32-bit integers (kept per neighbour table, as its back-slot table is)."""
    narrow = _kept(_NARROW, nbr)
    if narrow is None:
        narrow = nbr.astype(np.int32)
        _keep(_NARROW, nbr, narrow)
    return narrow


def reversed_costs(nbr: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """(N, D) costs of the steps turned round: entry (j, e) is the cost of the step from the
    neighbour in slot e of j into j. Searching these from the sources gives distances *to*
    them along the forward costs, in the same layout and without transposing a matrix."""
    ok, flat = _reverse_index(nbr)
    return np.where(ok, cost.ravel()[flat], INF)


_REVERSE: dict[int, tuple] = {}


def _reverse_index(nbr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per slot of ``nbr``, whether the step turns round and the flat index of the turned-round
    step in an (N, D) array: built once per neighbour table, as its back-slot table is."""
    known = _REVERSE.get(id(nbr))
    if known is not None and known[0]() is nbr:
        return known[1]
    import weakref

    back = back_of(nbr)
    ok = (nbr >= 0) & (back >= 0)
    flat = np.where(ok, nbr * nbr.shape[1] + back, 0)
    key = id(nbr)
    _REVERSE[key] = (weakref.ref(nbr, lambda _r: _REVERSE.pop(key, None)), (ok, flat))
    return ok, flat


def search(
    nbr: np.ndarray,
    cost: np.ndarray,
    sources: np.ndarray | list[int] | int,
    limit: float = INF,
    reverse: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Dijkstra from one or several sources at once: (distance, predecessor) for every hex.

    With several sources the distance is to the nearest one (one search, not one per source).
    ``reverse`` searches the transposed graph: distances *to* the sources along forward costs
    (a supply line traced from the unit to its HQ, searched once from all HQs).
    """
    if reverse:
        return search_graph(csr(nbr, reversed_costs(nbr, cost)), sources, limit)
    return search_graph(csr(nbr, cost), sources, limit)


def search_graph(
    g: sp.csr_matrix, sources, limit: float = INF, reverse: bool = False, with_sources: bool = False
) -> tuple[np.ndarray, ...]:
    """:func:`search` over a prebuilt CSR graph."""
    if reverse:
        g = g.T.tocsr()
    src = np.atleast_1d(np.asarray(sources, dtype=np.int64))
    if src.size == 0:
        n = g.shape[0]
        none = (np.full(n, INF), np.full(n, -9999, dtype=np.int64))
        return (*none, np.full(n, -9999, dtype=np.int64)) if with_sources else none
    dist, pred, nearest = dijkstra(
        g, directed=True, indices=src, min_only=True, limit=limit, return_predecessors=True
    )
    return (dist, pred, nearest) if with_sources else (dist, pred)


def nearest_among(g: sp.csr_matrix, sources, among: np.ndarray, ids) -> list[str]:
    """The ids (``ids[i]``) of the locations ``among`` (a mask) nearest to any of ``sources`` over
    ``g`` (a hop graph counts locations), every one at that distance, sorted; [] when none of them
    can be reached."""
    dist, _ = search_graph(g, sources)
    cand = np.flatnonzero(among & np.isfinite(dist))
    if cand.size == 0:
        return []
    best = dist[cand].min()
    return sorted(ids[i] for i in cand[dist[cand] == best])


def search_each(g: sp.csr_matrix, sources: np.ndarray, limit: float = INF) -> tuple[np.ndarray, np.ndarray]:
    """One Dijkstra per source over a prebuilt CSR graph, in one call: (K, N) distances and
    predecessors, row k exactly what :func:`search_graph` gives for ``sources[k]`` alone (scipy
    runs each source's search on its own, with the same limit)."""
    src = np.asarray(sources, dtype=np.int64)
    dist, pred = dijkstra(g, directed=True, indices=src, limit=limit, return_predecessors=True)
    return np.atleast_2d(dist), np.atleast_2d(pred)


def search_from_costs(
    nbr: np.ndarray, cost: np.ndarray, initial: np.ndarray, limit: float = INF
) -> tuple[np.ndarray, np.ndarray]:
    """Dijkstra where each hex may start with its own initial cost (inf = not a start).

    A virtual node N carries an edge to every start hex weighted by its initial cost; predecessors
    that point at N are returned as -1 (the path starts there).
    """
    n = nbr.shape[0]
    starts = np.flatnonzero(np.isfinite(initial))
    if starts.size == 0:
        return np.full(n, INF), np.full(n, -9999, dtype=np.int64)
    ok = (nbr >= 0) & np.isfinite(cost)
    rows = np.concatenate([np.nonzero(ok)[0], np.full(starts.size, n)])
    cols = np.concatenate([nbr[ok], starts])
    vals = np.concatenate([cost[ok], initial[starts]])
    g = sp.csr_matrix((vals, (rows, cols)), shape=(n + 1, n + 1))
    dist, pred = dijkstra(g, directed=True, indices=n, limit=limit, return_predecessors=True)
    pred = pred[:n].copy()
    pred[pred == n] = -1
    return dist[:n], pred


def path_to(pred: np.ndarray, target: int) -> list[int]:
    """Hexes from the search's source to ``target`` following predecessors."""
    out = [target]
    seen = {target}
    while pred[out[-1]] >= 0:
        nxt = int(pred[out[-1]])
        if nxt in seen:  # defensive: a cycle would mean a corrupt predecessor array
            break
        out.append(nxt)
        seen.add(nxt)
    return out[::-1]


def edge_direction(nbr: np.ndarray, i: int, j: int) -> int | None:
    hits = np.flatnonzero(nbr[i] == j)
    return int(hits[0]) if hits.size else None
