"""A position seen through a window: the locations within some steps of a unit, as a board of its own.

A move, or a unit's reach, depends only on the locations the unit can get to and on what stands
next to them. On a 30,000-hex map, building a position's cost arrays for every question costs far
more than the question; a window of a few hundred locations answers it the same, as long as the
ruleset's costs are *local*: a step's cost depends only on the map, on units within
:attr:`~.ruleset.Ruleset.influence_radius` steps of it, and on the state's locations there. The
ruleset says how far a unit can go (:meth:`~.ruleset.Ruleset.reach_radius`); the window takes that
plus the influence radius, so every cost inside it is the whole board's. Where the ruleset also
gives a lower bound of every step's cost (:class:`ReachBound`), the window is the locations that
bound lets the unit reach, plus the influence radius (:func:`bounded_windows`): every path within
the unit's allowance stays inside, with its costs the whole board's.

:class:`WindowArrays` slices the map's arrays (and whatever rulesets cached on them) to the window;
:func:`window_board` makes the board; :func:`merge_window` puts a window's next position back into
the whole one.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from .board import Board, MapArrays, UnitColumns
from .search import EdgeCosts, back_of, csr, register_back
from .state import GameState
from .values import ChartValues


class _SlicedCache(MutableMapping):
    """A window's view of the map's cache: entries the map already computed are sliced to the
    window's rows on first use; new entries are the window's own."""

    def __init__(self, parent: dict, keep: np.ndarray, n: int):
        self.parent, self.keep, self.n, self.own = parent, keep, n, {}

    def _slice(self, v: Any) -> Any:
        return _sliced(v, self.keep, self.n)

    def __contains__(self, key: object) -> bool:
        return key in self.own or (key in self.parent and not _positional(key))

    def __getitem__(self, key):
        if key not in self.own:
            if _positional(key) or key not in self.parent:
                raise KeyError(key)
            self.own[key] = self._slice(self.parent[key])
        return self.own[key]

    def __setitem__(self, key, value) -> None:
        self.own[key] = value

    def __delitem__(self, key) -> None:
        del self.own[key]

    def __iter__(self):
        return iter(self.own)

    def __len__(self) -> int:
        return len(self.own)


def _sliced(v: Any, keep: np.ndarray, n: int) -> Any:
    """``v`` (an array over ``n`` locations, costs, a dict or tuple of them) cut to the rows
    ``keep``. A function of its arguments alone: a sliced dict holds no reference back to the
    window's cache, so a window's arrays are freed with it, not at the collector's next pass."""
    if isinstance(v, np.ndarray) and v.ndim and v.shape[0] == n:
        return v.take(keep, axis=0)
    if isinstance(v, EdgeCosts):
        return EdgeCosts(
            _sliced(v.cost, keep, n),
            _sliced(v.why, keep, n),
            list(v.reasons),
            _SlicedParts(v.parts, keep, n),
            dict(v.part_rules),
            None if v.terrain_only is None else _sliced(v.terrain_only, keep, n),
        )
    if isinstance(v, dict):
        return _SlicedDict(v, functools.partial(_sliced, keep=keep, n=n))
    if isinstance(v, tuple):
        return tuple(_sliced(x, keep, n) for x in v)
    return v


class _SlicedDict(Mapping):
    """A cached dict of arrays seen through the window: each entry is sliced when first read (a
    question reads a few entries of a table of many)."""

    def __init__(self, whole: dict, slicer) -> None:
        self.whole, self.slicer, self.done = whole, slicer, {}

    def __getitem__(self, key):
        if key not in self.done:
            self.done[key] = self.slicer(self.whole[key])
        return self.done[key]

    def __iter__(self):
        return iter(self.whole)

    def __len__(self) -> int:
        return len(self.whole)


class _SlicedParts(MutableMapping):
    """The cost parts of the map's :class:`~.search.EdgeCosts` seen through a window: a part is
    sliced to the window's rows when first read as an array (most windows' moves never list a
    step's parts), one step's value is read from the map's part (:meth:`at`), and parts set or
    removed are the window's own. Copies share the slices (no part is written in place)."""

    def __init__(self, whole: Mapping, keep: np.ndarray, n: int, done=None, own=None, gone=None) -> None:
        self.whole, self.keep, self.n = whole, keep, n
        self.done: dict = {} if done is None else done  # slices made, shared by the copies
        self.own: dict = {} if own is None else own  # parts set here
        self.gone: set = set() if gone is None else gone  # the map's parts removed here

    def __getitem__(self, key):
        if key in self.own:
            return self.own[key]
        if key in self.gone or key not in self.whole:
            raise KeyError(key)
        got = self.done.get(key)
        if got is None:
            got = self.done[key] = _sliced(self.whole[key], self.keep, self.n)
        return got

    def at(self, key, i: int, d: int):
        """The part ``key`` of step (``i``, ``d``) (``i`` a window location), or the part itself
        where it is no per-step array."""
        if key not in self.own and key not in self.gone:
            arr = self.whole[key]
            if isinstance(arr, np.ndarray) and arr.ndim == 2 and arr.shape[0] == self.n:
                return arr[self.keep[i], d]
        return self[key]

    def __setitem__(self, key, value) -> None:
        self.own[key] = value

    def __delitem__(self, key) -> None:
        if key not in self:
            raise KeyError(key)
        self.own.pop(key, None)
        if key in self.whole:
            self.gone.add(key)

    def __contains__(self, key: object) -> bool:
        return key in self.own or (key in self.whole and key not in self.gone)

    def __iter__(self):
        # as a dict: the map's parts in their order (one set again keeps its place), then those
        # set here (one removed and set again goes last)
        yield from (k for k in self.whole if k not in self.gone)
        yield from (k for k in self.own if k not in self.whole or k in self.gone)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def copy(self) -> _SlicedParts:
        return _SlicedParts(self.whole, self.keep, self.n, self.done, dict(self.own), set(self.gone))


class _WindowIds(Sequence):
    """A window's location ids (its index -> id), read through the map's: no list of its own to
    build for every window (a question names a few of them)."""

    def __init__(self, whole: list[str], keep: np.ndarray) -> None:
        self.whole, self.keep = whole, keep

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self.whole[i] for i in self.keep[k].tolist()]
        return self.whole[self.keep[k]]

    def __len__(self) -> int:
        return len(self.keep)

    def __iter__(self):
        return map(self.whole.__getitem__, self.keep.tolist())


class _LocalIndex(Mapping):
    """A window's location index (id -> the window's index), read through the map's index: no
    dict of its own to build for every window."""

    def __init__(self, whole: Mapping[str, int], local: np.ndarray, ids: list[str]):
        self.whole, self.local, self.ids = whole, local, ids

    def __getitem__(self, key: str) -> int:
        k = int(self.local[self.whole[key]])
        if k < 0:
            raise KeyError(key)
        return k

    def __contains__(self, key: object) -> bool:
        g = self.whole.get(key)  # type: ignore[call-overload]
        return g is not None and self.local[g] >= 0

    def get(self, key, default=None):
        g = self.whole.get(key)
        if g is None:
            return default
        k = int(self.local[g])
        return default if k < 0 else k

    def __iter__(self):
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


def _positional(key: object) -> bool:
    """Cache entries about window templates, not locations: never sliced."""
    return isinstance(key, tuple) and bool(key) and str(key[0]).startswith("win-")


class WindowArrays(MapArrays):
    """The map's arrays restricted to the locations ``keep`` (sorted global indices): neighbours
    outside the window are cut (-1); every per-location and per-edge array is the map's, sliced."""

    def __init__(self, parent: MapArrays, keep: np.ndarray):
        self.parent = parent
        self.keep = keep
        self.map = parent.map
        self.graph = parent.graph
        self.ids = _WindowIds(parent.ids, keep)
        self.n = len(keep)
        local = np.full(parent.n + 1, -1, dtype=np.int64)
        local[keep] = np.arange(self.n)
        self.local = local  # global location index -> the window's (-1 outside)
        self.index = _LocalIndex(parent.index, local, self.ids)
        self.nbr = local.take(parent.nbr.take(keep, axis=0))  # parent's -1 maps to local[-1] == -1
        self.valid = self.nbr >= 0
        # the back-slot table, sliced when first asked (the function holds no reference to the
        # window's neighbour table, whose lifetime keeps the entry)
        register_back(self.nbr, functools.partial(_window_back, parent.back, keep, self.valid))
        self._side_cache = _SlicedCache(parent._side_cache, keep, parent.n)

    @cached_property
    def back(self) -> np.ndarray:
        return back_of(self.nbr)

    @cached_property
    def id_array(self) -> np.ndarray:
        return self.parent.id_array[self.keep]

    # per-location and per-edge arrays: the map's, computed (and cached) once for the whole map
    @cached_property
    def hex_terrain(self) -> np.ndarray:
        return self.parent.hex_terrain[self.keep]

    @cached_property
    def location_kind(self) -> np.ndarray:
        return self.parent.location_kind[self.keep]

    @cached_property
    def irregular(self) -> np.ndarray:
        return self.parent.irregular[self.keep]

    @cached_property
    def sheet_orientation(self) -> np.ndarray:
        return self.parent.sheet_orientation[self.keep]

    def map_cached(self, key, build):
        if key not in self._side_cache.own:
            self._side_cache.own[key] = self._side_cache._slice(self.parent.map_cached(key, build))
        return self._side_cache.own[key]

    def hex_feature(self, name: str) -> np.ndarray:
        return self.parent.hex_feature(name)[self.keep]

    def hex_attr(self, name: str) -> np.ndarray:
        return self.parent.hex_attr(name)[self.keep]

    def side_terrain(self, default: str = "") -> np.ndarray:
        return self.parent.side_terrain(default)[self.keep]

    def side_terrain_code(self, names, default, aliases=None):
        code, unknown = self.parent.side_terrain_code(names, default, aliases)
        return code[self.keep], unknown

    def side_feature(self, name: str) -> np.ndarray:
        return self.parent.side_feature(name)[self.keep]

    def line_attr(self, kind: str, attr: str | None = None, default: str = "yes") -> np.ndarray:
        return self.parent.line_attr(kind, attr, default)[self.keep]

    def mode_allowed(self, mode: str) -> np.ndarray:
        return self.parent.mode_allowed(mode)[self.keep] & self.valid

    def edge_attr(self, name: str, default=None) -> np.ndarray:
        return self.parent.edge_attr(name, default)[self.keep]

    def windows(self, starts: np.ndarray, radius: int) -> np.ndarray:
        raise NotImplementedError(
            "a window board answers single-unit questions; bulk searches run on the map"
        )


def _window_back(back: np.ndarray, keep: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """The back-slot table of the window ``keep`` of a map whose table is ``back``."""
    return np.where(valid, back.take(keep, axis=0), -1)


def locations_within(arrays: MapArrays, center: int, radius: int) -> np.ndarray:
    """Global indices of the locations at most ``radius`` steps (over any edge) from ``center``:
    a table lookup on a plain grid, a bounded search elsewhere."""
    if arrays.location_kind[center] == 0:
        win = arrays.windows(np.array([center]), radius)[0]
        win = np.sort(win[win >= 0])
        if not arrays.irregular[win].any():
            return win
    dist = dijkstra(arrays.hop_graph, directed=True, indices=center, limit=radius + 0.5)
    return np.flatnonzero(np.isfinite(dist))


@dataclass(frozen=True, eq=False)
class ReachBound:
    """What bounds a unit's move tighter than a radius (:meth:`~.ruleset.Ruleset.reach_bound`):
    ``costs`` (N, D), each step's cost over the whole map as no position makes it cheaper (inf:
    never allowed); ``limit``, the unit's budget in them; ``step``, where one step more may go
    beyond the budget: ``"start"`` (one step from the start), ``"reached"`` (from anywhere
    reached) or None."""

    costs: np.ndarray
    limit: float
    step: str | None

    def covers(self, other: ReachBound) -> bool:
        """Whether every location ``other`` lets the unit reach, this lets it reach."""
        wider = {"reached": 2, "start": 1, None: 0}
        return (
            self.costs is other.costs and self.limit >= other.limit and wider[self.step] >= wider[other.step]
        )


def _cheapest(costs: np.ndarray) -> float:
    """The cheapest step of a cost array (kept per array: a map's costs are asked about again and again)."""
    key = id(costs)
    got = _CHEAPEST.get(key)
    if got is None or got[0]() is not costs:
        finite = costs[np.isfinite(costs)]
        low = float(finite.min()) if finite.size else 0.0
        _CHEAPEST[key] = got = (weakref.ref(costs, lambda _r: _CHEAPEST.pop(key, None)), low)
    return got[1]


_CHEAPEST: dict[int, tuple] = {}


def bounded_windows(
    arrays: MapArrays, centres: np.ndarray, bounds: list[ReachBound], influence: int
) -> list[np.ndarray]:
    """Each unit's window under its bound (sorted global location indices): the locations its
    ``bound.costs`` let it reach from ``centres[k]`` within ``bound.limit``, one step more where
    ``bound.step`` allows, and every location within ``influence`` steps of those. Units whose
    costs are one array and whose budget allows as many steps are searched together, each in
    its own copy of the hex patch it can reach (one scipy call per group, no units x locations
    matrix); a unit whose patch would reach a seam, a link, an area or a box, or that stands
    off the grids, gets its own search over the map."""
    out: list[np.ndarray | None] = [None] * len(bounds)
    centres = np.asarray(centres, dtype=np.int64)
    groups: dict[tuple, list[int]] = {}
    for k, b in enumerate(bounds):
        low = _cheapest(b.costs)
        if low <= 0 or not np.isfinite(b.limit) or arrays.location_kind[centres[k]] != 0:
            out[k] = bounded_window(arrays, int(centres[k]), b, influence)
            continue
        hops = int(b.limit // low)
        key = (id(b.costs), hops, b.step, str(arrays.sheet_orientation[centres[k]]))
        groups.setdefault(key, []).append(k)
    for (_, hops, step, orient), ks in groups.items():
        costs = bounds[ks[0]].costs
        for start in range(0, len(ks), _CHUNK):
            rows = np.array(ks[start : start + _CHUNK], dtype=np.int64)
            limits = np.array([bounds[k].limit for k in rows.tolist()])
            found = _patch_windows(arrays, costs, centres[rows], limits, hops, step, orient, influence)
            for k, keep in zip(rows.tolist(), found, strict=True):
                out[k] = (
                    keep
                    if keep is not None
                    else bounded_window(arrays, int(centres[k]), bounds[k], influence)
                )
    return out  # type: ignore[return-value]


_CHUNK = 2048  # units searched in one call: a patch each, so memory stays a few MB


def _patch_windows(
    arrays: MapArrays,
    costs: np.ndarray,
    centres: np.ndarray,
    limits: np.ndarray,
    hops: int,
    step: str | None,
    orientation: str,
    influence: int,
) -> list[np.ndarray | None]:
    """:func:`bounded_windows` of units whose budgets allow ``hops`` steps, on sheets of one
    orientation: the search runs on each unit's patch of ``hops`` steps (a copy of the grid
    around it), the step beyond and the influence on the patch of ``hops`` + those; None for a
    unit whose patch is not plain grid."""
    outer = hops + (1 if step else 0) + influence
    win = arrays.windows(centres, outer)  # (U, W) global index or -1
    odd = (arrays.irregular[np.maximum(win, 0)] & (win >= 0)).any(axis=1)
    inner, inner_nbr = _inner_cells(arrays, hops, outer, orientation)
    sub = win[:, inner]  # the search patch, as cells of the outer one
    n_units, width = sub.shape
    degree = arrays.degree
    src_cell, dirs = np.nonzero(inner_nbr >= 0)  # patch edges, sorted by source cell
    dst_cell = inner_nbr[src_cell, dirs]
    g_src = sub[:, src_cell]
    w = costs.ravel()[np.maximum(g_src, 0) * degree + dirs]
    ok = (g_src >= 0) & (sub[:, dst_cell] >= 0) & np.isfinite(w)
    base = (np.arange(n_units) * width)[:, None]
    indices = (base + dst_cell)[ok]
    per_row = np.bincount((base + src_cell)[ok], minlength=n_units * width)
    indptr = np.concatenate([[0], np.cumsum(per_row)])
    graph = sp.csr_matrix((w[ok], indices, indptr), shape=(n_units * width, n_units * width))
    centre = arrays.window_centre(hops)
    dist = dijkstra(
        graph, directed=True, indices=base[:, 0] + centre, min_only=True, limit=float(limits.max())
    ).reshape(n_units, width)
    mask = np.zeros(win.shape, dtype=bool)
    mask[:, inner] = dist <= limits[:, None]
    around = arrays.window_neighbours(outer, orientation)  # (W, 6) outer cell or -1
    if step == "start":
        first = around[arrays.window_centre(outer)]
        mask[:, first[first >= 0]] = True
    for _ in range((1 if step == "reached" else 0) + influence):
        padded = np.concatenate([mask, np.zeros((n_units, 1), dtype=bool)], axis=1)
        mask |= padded[:, around].any(axis=2)  # -1 reads the padding column
    cells = np.sort(np.where(mask & (win >= 0), win, -1), axis=1)
    starts = (cells < 0).sum(axis=1).tolist()
    return [None if bad else row[s:] for row, s, bad in zip(cells, starts, odd.tolist(), strict=True)]


def _inner_cells(arrays: MapArrays, hops: int, outer: int, orientation: str) -> tuple[np.ndarray, np.ndarray]:
    """The cells of the ``outer`` patch within ``hops`` of its centre (in the ``hops`` patch's
    order), and the ``hops`` patch's neighbour table."""
    key = ("win-inner", hops, outer, orientation)
    cache = arrays._side_cache
    if key not in cache:
        where = {(int(a), int(b)): k for k, (a, b) in enumerate(arrays.window_offsets(outer))}
        inner = np.array([where[(int(a), int(b))] for a, b in arrays.window_offsets(hops)], dtype=np.int64)
        cache[key] = (inner, arrays.window_neighbours(hops, orientation))
    return cache[key]


def bounded_window(arrays: MapArrays, centre: int, bound: ReachBound, influence: int) -> np.ndarray:
    """:func:`bounded_windows` of one unit, by a search over the whole map."""
    dist = dijkstra(csr(arrays.nbr, bound.costs), directed=True, indices=centre, limit=bound.limit)
    mask = dist <= bound.limit
    if bound.step == "start":
        around = arrays.nbr[centre]
        mask[around[around >= 0]] = True
    for _ in range((1 if bound.step == "reached" else 0) + influence):
        around = arrays.nbr[mask].ravel()
        mask[around[around >= 0]] = True
    return np.flatnonzero(mask)


def locations_near(arrays: MapArrays, centres: list[int], radius: int) -> np.ndarray:
    """Global indices of the locations at most ``radius`` steps from any of ``centres``, sorted."""
    starts = np.asarray(centres, dtype=np.int64)
    if radius == 1:  # the centres and their neighbours, over any edge
        around = arrays.nbr[starts].ravel()
        return np.unique(np.concatenate([starts, around[around >= 0]]))  # a dozen: sorting is cheap
    if (arrays.location_kind[starts] == 0).all():
        win = arrays.windows(starts, radius).ravel()
        win = np.unique(win[win >= 0])
        if not arrays.irregular[win].any():
            return win
    return np.unique(np.concatenate([locations_within(arrays, int(c), radius) for c in starts]))


def window_board(
    arrays: MapArrays,
    state: GameState,
    unit_loc: np.ndarray,
    center: int,
    radius: int,
    values: ChartValues | None = None,
    columns: UnitColumns | None = None,
) -> Board:
    """The board of the locations within ``radius`` of ``center``: the state's units standing
    there (``unit_loc``: each unit's location index, in state order) and its location status
    (``columns``: as :func:`board_of`)."""
    keep = locations_within(arrays, center, radius)
    return board_of(WindowArrays(arrays, keep), state, unit_loc, values, columns)


def board_of(
    sub: WindowArrays,
    state: GameState,
    unit_loc: np.ndarray,
    values: ChartValues | None = None,
    columns: UnitColumns | None = None,
) -> Board:
    """The board of a window (``sub``, any set of locations: several windows that do not touch
    make one board whose parts answer each its own question): the state's units standing there
    (``unit_loc``: each unit's location index, in state order) and its location status.
    ``columns``: the per-unit values of the state's units, read by the board for its own (used
    only where they are of the state's very units)."""
    where = sub.local[unit_loc]
    chosen = np.flatnonzero(where >= 0)
    units = tuple(state.units[k] for k in chosen.tolist())
    hexes = {h: s for h, s in state.hexes.items() if h in sub.index}
    if columns is not None and columns.units is not state.units:
        columns = None
    return Board.on(
        sub,
        replace(state, units=units, hexes=MappingProxyType(hexes)),
        values=values,
        unit_hex=where[chosen],
        columns=columns,
        rows=chosen,
    )


def merge_window(
    whole: GameState,
    before: GameState,
    after: GameState,
    order: Mapping[str, int] | None = None,
    changed_ids: Iterable[str] | None = None,
) -> GameState:
    """``whole`` with what changed between a window's position ``before`` and ``after``: its units
    (moved, changed or removed), the status of its locations, ledgers and the rolls taken.
    ``order`` (unit id -> its place in ``whole.units``) saves a pass over every unit, and
    ``changed_ids`` (the only units that may have changed, none removed) a pass over the window's."""
    if changed_ids is not None:
        changed = {}
        for uid in changed_ids:  # a move keeps the units' order: look where they were before
            k = before.place_of(uid)
            if k is None:
                continue
            u = after.units[k] if k < len(after.units) else None
            changed[uid] = u if u is not None and u.id == uid else after.unit(uid)
        gone: set[str] = set()
    elif len(after.units) == len(before.units) and all(
        a.id == b.id for a, b in zip(after.units, before.units, strict=True)
    ):  # the same units in the same order (a move's usual change): compare them pairwise
        changed = {a.id: a for a, b in zip(after.units, before.units, strict=True) if a is not b}
        gone = set()
    else:
        old = {u.id: u for u in before.units}
        changed = {u.id: u for u in after.units if old.get(u.id) is not u}
        gone = set(old) - {u.id for u in after.units}
    if gone or order is None:
        units = tuple(changed.get(u.id, u) for u in whole.units if u.id not in gone)
    else:
        listed = list(whole.units)
        for uid, u in changed.items():
            listed[order[uid]] = u
        units = tuple(listed)
    hexes: Mapping[str, Any] = whole.hexes
    if after.hexes is not before.hexes:
        merged = dict(whole.hexes)
        for h in before.hexes:
            merged.pop(h, None)
        merged.update(after.hexes)
        hexes = MappingProxyType(merged)
    return replace(whole, units=units, hexes=hexes, ledgers=after.ledgers, rolls=after.rolls)
