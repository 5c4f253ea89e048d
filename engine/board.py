"""A map and a position as numpy arrays, shared by every ruleset.

Locations (the hexes of every sheet, then areas, then boxes) are numbered as in the map's
:class:`~railhead.mapdata.graph.LocationGraph`; a *directed edge* is a pair ``(i, s)``: leave
location ``i`` by its slot ``s`` into ``neighbours[i, s]``. For a hex, slots 0-5 are its six grid
directions (a seam's neighbour fills the direction it lies in); further slots hold links (ferries,
straits, sea lanes), area borders and box links, so every per-edge quantity is an ``(N, D)`` array
and a path step is one lookup. ``back[i, s]`` is the slot of the neighbour that leads back.
``MapArrays`` holds what depends on the map only (terrain, hexside features, lines) and is cached
per map; ``Board`` adds the position: where units stand, markers, location status (zones of
control: :mod:`.zoc`; stacks: :mod:`.stacking`).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from functools import cached_property
from itertools import repeat

import numpy as np
import scipy.sparse as sp

from ..mapdata.graph import location_graph
from ..mapdata.model import MapData
from .search import csr, register_back
from .state import GameState
from .values import ChartValues


class MapArrays:
    """Static arrays of one map."""

    def __init__(self, m: MapData):
        self.map = m
        self.graph = location_graph(m)
        self.ids = self.graph.ids
        self.index = self.graph.index
        self.n = len(self.ids)
        self.nbr = self.graph.neighbours  # (N, D), -1 where a slot has no edge
        self.valid = self.nbr >= 0
        # the slot of the neighbour that leads back: nbr[nbr[i, s], back[i, s]] == i
        self.back = self.graph.back
        register_back(self.nbr, self.back)
        self._side_cache: dict[tuple, np.ndarray] = {}

    def map_cached(self, key, build):
        """A value over the map's locations (an array per location, or per edge), built once by
        ``build(arrays)`` on the whole map; a window of the map sees it sliced to its locations."""
        if key not in self._side_cache:
            self._side_cache[key] = build(self)
        return self._side_cache[key]

    @cached_property
    def id_array(self) -> np.ndarray:
        """The location ids as an object array (to take many at once)."""
        return np.array(self.ids, dtype=object)

    @cached_property
    def safe_nbr(self) -> np.ndarray:
        """``nbr`` with 0 where a slot has no edge: for gathering per-location values per edge."""
        return np.where(self.valid, self.nbr, 0)

    @cached_property
    def hop_graph(self) -> sp.csr_matrix:
        """Every edge with weight 1, for counting steps (windows around a unit)."""
        return csr(self.nbr, np.ones(self.nbr.shape))

    @property
    def degree(self) -> int:
        """D: slots per location (6 on a map of plain hex grids)."""
        return self.nbr.shape[1]

    def mode_allowed(self, mode: str) -> np.ndarray:
        """(N, D) bool: the edge may be used in ``mode`` (grid sides, seams and adjacent links
        always; other links and borders when they list no modes or list this one)."""
        key = ("mode-allowed", mode)
        if key not in self._side_cache:
            out = self.valid.copy()
            info = self.graph.edge_info
            k = self.graph.edge
            for e, edge in enumerate(info):
                if edge.modes is not None and mode not in edge.modes:
                    out[k == e] = False
            self._side_cache[key] = out
        return self._side_cache[key]

    def edge_attr(self, name: str, default=None) -> np.ndarray:
        """(N, D) object: an attribute of each link or border edge (``cost`` of a ferry...)."""
        key = ("edge-attr", name, default)
        if key not in self._side_cache:
            out = np.full(self.nbr.shape, default, dtype=object)
            for e, edge in enumerate(self.graph.edge_info):
                if name in edge.attrs:
                    out[self.graph.edge == e] = edge.attrs[name]
            self._side_cache[key] = out
        return self._side_cache[key]

    @cached_property
    def location_kind(self) -> np.ndarray:
        """Per location: 0 hex, 1 area, 2 box."""
        return self.graph.kind

    @cached_property
    def irregular(self) -> np.ndarray:
        """Locations with an edge that is not a plain same-sheet grid side (seams, links, areas,
        boxes): window searches, which assume one grid around a unit, must not cover them."""
        odd = ((self.graph.edge >= 0) & self.valid).any(axis=1) | (self.graph.kind != 0)
        return odd

    # -------------------------------------------------------------- hexes
    def record(self, loc: str):
        """The map's record of a location: its hex, area or box (``terrain``, ``features``,
        ``attrs``)."""
        m = self.map
        return m.hexes.get(loc) or m.areas.get(loc) or m.boxes.get(loc)

    @cached_property
    def _records(self) -> list:
        """:meth:`record` of every location, in index order (found once per map)."""
        hexes, areas, boxes = self.map.hexes, self.map.areas, self.map.boxes
        return [hexes.get(h) or areas.get(h) or boxes.get(h) for h in self.ids]

    @cached_property
    def hex_terrain(self) -> np.ndarray:
        """Terrain of each location (None for areas and boxes, which have none)."""
        return np.array([getattr(r, "terrain", None) for r in self._records], dtype=object)

    def hex_feature(self, name: str) -> np.ndarray:
        key = ("hex_feature", name)
        if key not in self._side_cache:
            self._side_cache[key] = np.array(
                [name in getattr(r, "features", ()) for r in self._records], dtype=bool
            )
        return self._side_cache[key]

    def hex_attr(self, name: str) -> np.ndarray:
        """An attribute of each location's map record (hex, area or box attrs)."""
        key = ("hex_attr", name)
        if key not in self._side_cache:
            self._side_cache[key] = np.array([r.attrs.get(name) for r in self._records], dtype=object)
        return self._side_cache[key]

    # -------------------------------------------------------------- hexsides
    def _paint(self, pairs: list[tuple[str, str]], values: list, fill, dtype) -> np.ndarray:
        """(N, D): each pair's value on both directed edges between its two locations (pairs that
        are no edge of the graph are skipped); the last value given for an edge wins."""
        out = np.full(self.nbr.shape, fill, dtype=dtype)
        if not pairs:
            return out
        vals = np.empty(len(values), dtype=dtype)
        vals[:] = values
        i, d, j, e, kept = self._paint_index(pairs)
        vals = vals[kept]
        out[i, d] = vals
        out[j[e >= 0], e[e >= 0]] = vals[e >= 0]
        return out

    @cached_property
    def _hexside_edges(self) -> tuple[list, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The map's hexside records that are edges of the graph, with both directed edges of
        each, (i, d) and (j, e) (e = -1 where the step back is no edge): found once per map and
        shared by every hexside array."""
        records = list(self.map.hexsides.values())
        ij = self._paint_index([s.hexes for s in records])
        i, d, j, e, keep = ij
        return [records[k] for k in keep.tolist()], i, d, j, e

    def _paint_index(self, pairs: list[tuple[str, str]]):
        """Per pair of location ids: the directed edge (i, d) between them, the way back (j, e),
        and which pairs are edges of the graph."""
        get = self.index.get
        first = np.fromiter(map(get, [p[0] for p in pairs], repeat(-1)), np.int64, len(pairs))
        second = np.fromiter(map(get, [p[1] for p in pairs], repeat(-1)), np.int64, len(pairs))
        known = np.flatnonzero((first >= 0) & (second >= 0))
        i, j = first[known], second[known]
        match = self.nbr[i] == j[:, None]  # (K, D)
        ok = match.any(axis=1)
        i, j, d = i[ok], j[ok], match[ok].argmax(axis=1)
        return i, d, j, self.back[i, d], known[ok]

    def _paint_sides(self, values: np.ndarray, chosen: np.ndarray, fill, dtype) -> np.ndarray:
        """(N, D): ``values[k]`` (per record of :attr:`_hexside_edges`) where ``chosen[k]``."""
        _, i, d, j, e = self._hexside_edges
        out = np.full(self.nbr.shape, fill, dtype=dtype)
        i, d, j, e, vals = i[chosen], d[chosen], j[chosen], e[chosen], values[chosen]
        out[i, d] = vals
        back = e >= 0
        out[j[back], e[back]] = vals[back]
        return out

    def side_terrain(self, default: str = "") -> np.ndarray:
        """(N, D) hexside terrain names (``default`` where the map records none)."""
        key = ("side_terrain", default)
        if key not in self._side_cache:
            records = self._hexside_edges[0]
            terrain = np.array([s.terrain for s in records] + [None], dtype=object)[:-1]
            self._side_cache[key] = self._paint_sides(terrain, np.not_equal(terrain, None), default, object)
        return self._side_cache[key]

    def side_terrain_code(
        self, names: list[str], default: str, aliases: Mapping[str, str] | None = None
    ) -> tuple[np.ndarray, list[str]]:
        """(N, D) int16: each hexside's terrain as its place in ``names`` (``default`` where the
        map records none; ``aliases`` give other spellings of a name), and the terrains the map's
        hexsides use that ``names`` lacks (sorted; their slots hold -1). Read per hexside record,
        not per directed slot."""
        key = ("side_terrain_code", tuple(names), default, tuple(sorted((aliases or {}).items())))
        if key not in self._side_cache:
            aliases = aliases or {}
            number = {n: k for k, n in enumerate(names)}
            records = self._hexside_edges[0]
            found = [aliases.get(s.terrain, s.terrain) if s.terrain else None for s in records]
            code = np.fromiter((number.get(f, -1) for f in found), np.int16, len(found))
            given = np.fromiter((f is not None for f in found), bool, len(found))
            fallback = aliases.get(default, default)
            out = self._paint_sides(code, given, number.get(fallback, -1), np.int16)
            unknown = {f for f in found if f is not None and f not in number}
            if fallback not in number and (self.valid & ~self._paint_sides(given, given, False, bool)).any():
                unknown.add(fallback)
            self._side_cache[key] = (out, sorted(unknown))
        return self._side_cache[key]

    @cached_property
    def _side_features(self) -> dict[str, list[int]]:
        """Feature name -> the places in :attr:`_hexside_edges` of the records carrying it: one
        pass over the hexsides for every feature asked (most carry none)."""
        out: dict[str, list[int]] = {}
        for k, s in enumerate(self._hexside_edges[0]):
            for f in s.features:
                out.setdefault(f, []).append(k)
        return out

    def side_feature(self, name: str) -> np.ndarray:
        """(N, D) bool: the hexside carries feature ``name`` (river, major_river, border...)."""
        key = ("side_feature", name)
        if key not in self._side_cache:
            has = np.zeros(len(self._hexside_edges[0]), dtype=bool)
            has[self._side_features.get(name, [])] = True
            self._side_cache[key] = self._paint_sides(has, has, False, bool)
        return self._side_cache[key]

    def line_attr(self, kind: str, attr: str | None = None, default: str = "yes") -> np.ndarray:
        """(N, D) object array: for each hexside a line of ``kind`` crosses, its ``attr`` value
        (``default`` when the line has no such attribute); None where no such line crosses."""
        key = ("line", kind, attr, default)
        if key not in self._side_cache:
            pairs, values = [], []
            for line in self.map.lines:
                if line.kind == kind:
                    value = line.attrs.get(attr, default) if attr else default
                    edges = list(line.edges())
                    pairs += edges
                    values += [value] * len(edges)
            self._side_cache[key] = self._paint(pairs, values, None, object)
        return self._side_cache[key]

    # -------------------------------------------------------------- windows (bulk searches)
    @cached_property
    def _axial_lookup(self) -> tuple[np.ndarray, np.ndarray, dict[int, tuple]]:
        g = self.graph
        q = np.zeros(self.n, dtype=np.int64)
        r = np.zeros(self.n, dtype=np.int64)
        tables = {}
        for s, sheet in enumerate(self.map.sheets):
            mask = np.flatnonzero(g.sheet == s)
            if mask.size == 0:
                continue
            qs, rs = sheet.grid.to_axial(g.cols[mask], g.rows[mask])
            q[mask], r[mask] = qs, rs
            q0, r0 = qs.min(), rs.min()
            table = np.full((qs.max() - q0 + 1, rs.max() - r0 + 1), -1, dtype=np.int64)
            table[qs - q0, rs - r0] = mask
            tables[s] = (q0, r0, table)
        return q, r, tables

    def window_offsets(self, radius: int) -> np.ndarray:
        """Axial offsets of every hex within ``radius`` (W, 2)."""
        key = ("win-off", radius)
        if key not in self._side_cache:
            rng = np.arange(-radius, radius + 1)
            dq, dr = np.meshgrid(rng, rng, indexing="ij")
            keep = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2 <= radius
            self._side_cache[key] = np.column_stack([dq[keep], dr[keep]])
        return self._side_cache[key]

    def window_centre(self, radius: int) -> int:
        """The cell of :meth:`window_offsets` (``radius``) that is the window's own hex."""
        return int(np.flatnonzero(~self.window_offsets(radius).any(axis=1))[0])

    @cached_property
    def sheet_orientation(self) -> np.ndarray:
        """Per location, the orientation of its sheet ("flat", "pointy"; None off the grids)."""
        names = np.array([s.grid.orientation for s in self.map.sheets] + [None], dtype=object)
        return names[self.graph.sheet]

    def window_neighbours(self, radius: int, orientation: str) -> np.ndarray:
        """(W, 6): the window cell across each side of each window cell, -1 outside, for a sheet
        of ``orientation`` (the direction order differs between flat and pointy sheets)."""
        key = ("win-nbr", radius, orientation)
        if key not in self._side_cache:
            from ..mapdata.grid import _AXIAL_DIRECTIONS

            offs = self.window_offsets(radius)
            where = {(int(a), int(b)): k for k, (a, b) in enumerate(offs)}
            dirs = _AXIAL_DIRECTIONS[orientation]
            out = np.array(
                [[where.get((int(a) + dq, int(b) + dr), -1) for dq, dr in dirs] for a, b in offs],
                dtype=np.int64,
            )
            self._side_cache[key] = out
        return self._side_cache[key]

    def windows(self, starts: np.ndarray, radius: int) -> np.ndarray:
        """(U, W) global hex index of each window cell around each start (-1 off the sheet)."""
        q, r, tables = self._axial_lookup
        offs = self.window_offsets(radius)
        out = np.full((len(starts), len(offs)), -1, dtype=np.int64)
        sheet_of = self.graph.sheet[starts]
        for s, (q0, r0, table) in tables.items():
            rows = np.flatnonzero(sheet_of == s)
            if rows.size == 0:
                continue
            qq = q[starts[rows]][:, None] + offs[:, 0] - q0
            rr = r[starts[rows]][:, None] + offs[:, 1] - r0
            inside = (qq >= 0) & (qq < table.shape[0]) & (rr >= 0) & (rr < table.shape[1])
            vals = np.full(qq.shape, -1, dtype=np.int64)
            vals[inside] = table[qq[inside], rr[inside]]
            out[rows] = vals
        return out

    def edge_slot(self, a: str, b: str) -> tuple[int, int] | None:
        """(i, d) of the step a -> b, or None if they are not adjacent (or unknown)."""
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return None
        row = self.nbr[i].tolist()  # a handful of slots: a list search beats a numpy call
        return (i, row.index(j)) if j in row else None


def _plain(key) -> bool:
    """Whether a key is made of plain values only (text, numbers, booleans, None, tuples of them)."""
    if isinstance(key, tuple):
        return all(_plain(k) for k in key)
    return key is None or isinstance(key, str | int | float | bool)


_ARRAYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_FLAG_SLOTS: dict = {}  # a unit-flag question's key -> its number in the units' memos


def _flag_slot(key) -> int:
    """A small number for a plain unit-flag key: hashed at once, unlike a tuple."""
    slot = _FLAG_SLOTS.get(key)
    if slot is None:
        slot = _FLAG_SLOTS[key] = len(_FLAG_SLOTS)
    return slot


def _unit_flags(units, slot: int, pred) -> np.ndarray:
    """``pred(u)`` of each unit, kept on the unit object under ``slot`` (:meth:`Board.unit_flags`)."""
    flags = []  # a list, made an array at the end: no numpy call per unit
    for u in units:
        memo = u.__dict__.get("_flags")
        if memo is None:
            memo = {}
            object.__setattr__(u, "_flags", memo)
        flag = memo.get(slot)
        if flag is None:
            flag = memo[slot] = bool(pred(u))
        flags.append(flag)
    return np.array(flags, dtype=bool)


def _changed(column: np.ndarray, rows: list[int], values) -> np.ndarray:
    """``column`` with ``values`` at ``rows``: itself where it holds them already, else a copy."""
    if not rows:
        return column
    values = np.asarray(values, dtype=column.dtype)
    if (column[rows] == values).all():
        return column
    out = column.copy()
    out[rows] = values
    return out


class UnitColumns:
    """Per-unit values over one tuple of units (a whole position's), in its order: the side, the
    strength, and the answers of the lasting unit-flag questions asked so far
    (:meth:`Board.unit_flags`). The boards of windows cut from that position
    (:func:`.window.board_of`) read theirs as rows of these, instead of asking each of their units
    again for every board. Made from the columns of the tuple before it where only the units at
    the places ``changed`` differ (a level of moves made, :mod:`.sequence`): only those rows are
    asked again."""

    def __init__(self, units: tuple, before: UnitColumns | None = None, changed=()) -> None:
        self.units = units
        self._flags: dict[int, np.ndarray] = {}
        self._preds: dict[int, object] = {}
        if before is not None and len(before.units) == len(units):
            rows = sorted(changed)
            moved = [units[k] for k in rows]
            # a column none of whose changed rows differs is shared (none is written in place)
            self.side = _changed(before.side, rows, [u.side for u in moved])
            self.strength = _changed(before.strength, rows, [u.strength or 0 for u in moved])
            for slot, flags in before._flags.items():
                pred = self._preds[slot] = before._preds[slot]
                self._flags[slot] = _changed(flags, rows, _unit_flags(moved, slot, pred)) if rows else flags
        else:
            self.side = np.array([u.side for u in units], dtype=object)
            self.strength = np.array([u.strength or 0 for u in units], dtype=float)

    def flags(self, slot: int, pred) -> np.ndarray:
        """``pred(u)`` of every unit (``slot``: the question's number, :func:`_flag_slot`)."""
        got = self._flags.get(slot)
        if got is None:
            got = self._flags[slot] = _unit_flags(self.units, slot, pred)
            self._preds[slot] = pred
        return got


def map_arrays(m: MapData) -> MapArrays:
    """The cached MapArrays of a map (built once per MapData object)."""
    arr = _ARRAYS.get(m)
    if arr is None:
        arr = MapArrays(m)
        _ARRAYS[m] = arr
    return arr


class Board:
    """A position on a map, as arrays. Built once per state; never changes."""

    def __init__(self, m: MapData, state: GameState, *, values: ChartValues | None = None):
        self._setup(map_arrays(m), state, values)

    @classmethod
    def on(
        cls,
        arrays: MapArrays,
        state: GameState,
        *,
        values: ChartValues | None = None,
        unit_hex: np.ndarray | None = None,
        columns: UnitColumns | None = None,
        rows: np.ndarray | None = None,
    ) -> Board:
        """A board over given arrays (a window of the map, :mod:`.window`); ``unit_hex``: each
        unit's location index in ``arrays``, in state order, when the caller knows them;
        ``columns`` and ``rows``: the units are ``columns.units[rows]`` (a window of a whole
        position), whose per-unit values the board reads from ``columns``."""
        board = cls.__new__(cls)
        board._setup(arrays, state, values, unit_hex)
        if columns is not None:
            board._columns, board._rows = columns, rows
        return board

    def _setup(
        self,
        arrays: MapArrays,
        state: GameState,
        values: ChartValues | None,
        unit_hex: np.ndarray | None = None,
    ) -> None:
        self.arrays = arrays
        self.map = arrays.map
        self.state = state
        self.values = values or ChartValues.empty()
        self.n = arrays.n
        if unit_hex is None:
            index = arrays.index
            unit_hex = np.array([index[u.hex] for u in state.units], dtype=np.int64)
        self.unit_hex = unit_hex
        self._cache: dict = {}
        self._columns: UnitColumns | None = None  # the whole position's per-unit values (Board.on)
        self._rows: np.ndarray | None = None

    @property
    def nbr(self) -> np.ndarray:
        return self.arrays.nbr

    @property
    def back(self) -> np.ndarray:
        return self.arrays.back

    def dice(self):
        """The dice of one question about this position (the state's given rolls, then its seed)."""
        from .dice import Dice

        return Dice(self.state.seed, self.state.rolls)

    def idx(self, hex_id: str) -> int:
        return self.arrays.index[hex_id]

    @cached_property
    def unit_side(self) -> np.ndarray:
        """Side of each unit of the position, in state order."""
        if self._columns is not None:
            return self._columns.side[self._rows]
        return np.array([u.side for u in self.state.units], dtype=object)

    @cached_property
    def unit_strength(self) -> np.ndarray:
        if self._columns is not None:
            return self._columns.strength[self._rows]
        return np.array([u.strength or 0 for u in self.state.units], dtype=float)

    def unit_flags(self, key, pred) -> np.ndarray:
        """Per unit (state order), ``pred(unit)``: computed once per position under ``key``.
        ``key`` names everything ``pred`` reads besides the unit. A key of plain values (text,
        numbers, tuples of them) names a lasting question: its answers are also kept on each unit
        object for the next position (a log's positions share most units; a changed unit is a new
        object). A key holding anything else (a function, a position) is not kept: it would keep
        that object alive as long as the unit, and name a question no later position asks."""
        units = self.state.units
        if not _plain(key):
            return self.cached(
                ("unit-flags", key), lambda: np.fromiter((bool(pred(u)) for u in units), bool, len(units))
            )

        slot = _flag_slot(key)
        columns = self._columns
        if columns is not None:  # rows of the whole position's answers
            return self.cached(("unit-flags", key), lambda: columns.flags(slot, pred)[self._rows])
        return self.cached(("unit-flags", key), lambda: _unit_flags(units, slot, pred))

    def hexes_holding(self, selected: np.ndarray) -> np.ndarray:
        """Hexes holding at least one of the ``selected`` units (a per-unit bool mask)."""
        out = np.zeros(self.n, dtype=bool)
        out[self.unit_hex[selected]] = True
        return out

    def strength_in_hexes(self, selected: np.ndarray) -> np.ndarray:
        """Per hex, the summed strength of the ``selected`` units there."""
        return np.bincount(self.unit_hex[selected], weights=self.unit_strength[selected], minlength=self.n)

    def units_mask(self, pred) -> np.ndarray:
        """Hexes holding at least one unit for which ``pred(unit)`` is true (not cached: for
        one-off questions; :meth:`unit_flags` keeps a per-unit answer for the position)."""
        units = self.state.units
        return self.hexes_holding(np.fromiter((bool(pred(u)) for u in units), bool, len(units)))

    def marker(self, name: str) -> np.ndarray:
        key = ("marker", name)
        if key not in self._cache:
            self.state.check_name("marker", name)
            out = np.zeros(self.n, dtype=bool)
            for h, hs in self.state.hexes.items():
                if name in hs.markers:
                    out[self.arrays.index[h]] = True
            self._cache[key] = out
        return self._cache[key]

    def location_field(self, field: str) -> np.ndarray:
        """Per location, its ``owner`` or a status field the ruleset declares (None where the
        state sets none)."""
        key = ("hexstate", field)
        if key not in self._cache:
            if field != "owner":
                self.state.check_name("location status field", field)
            out = np.full(self.n, None, dtype=object)
            for h, hs in self.state.hexes.items():
                out[self.arrays.index[h]] = hs.owner if field == "owner" else hs.fields.get(field)
            self._cache[key] = out
        return self._cache[key]

    def cached(self, key, build):
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]
