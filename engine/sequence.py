"""A sequence of moves judged in order, as a log of a game replays: each move's verdict, and the
position after each.

Each move is judged as a move of the unit with its full allowance, in the phase and with the
phasing side set by :meth:`MoveSequence.set_phase` (a log's turn tracker says them), else in the
move's own phase with the unit's side as the phasing side; a move the sequence of play forbids
(a non-phasing unit in a movement phase) is illegal with its rule. A log does not say in which
mode a unit moved: a move is legal if the unit could have made it in any mode the phase allows
its side (:meth:`MoveSequence.modes`: ground first, then the others in the order declared; only
ground with no phase set), and is made as that mode makes it (capacity spent, what the phase
records), so later moves see it; else the refusal of the mode that came closest is reported
(:func:`_closest`), naming the modes tried. ``on_mode`` is told the mode each move was judged in.

Where the ruleset bounds how far a unit can go (:meth:`~.ruleset.Ruleset.reach_radius`), a move
is judged on a window of the map around the unit (:mod:`.window`): on a large map that is what
keeps a long log fast. Where it also says what a step costs at least
(:meth:`~.ruleset.Ruleset.reach_bound`: the map's costs, which no position lowers), the window is
the locations those costs let the unit reach with its allowance, one step more where a minimum
move allows it, and the ring of locations whose units change those costs: on varied ground a
small part of the disk of its radius. A move to a location beyond that is judged on the disk of
as many steps as the location is away (to say why it cannot get there), as before. A refused move
is explained along the cheapest path ignoring the allowance *within its window*.

Moves are queued (:meth:`MoveSequence.submit`) and judged when asked (:meth:`MoveSequence.flush`).
A move's verdict depends on nothing outside its window, so moves are put in *levels*: a move's
level is one more than the highest level of the queued moves whose windows its window touches.
The windows of one level are disjoint and every move a move depends on is in a lower level, so
judging level by level, each level on one board of its windows (its arrays and each side's costs
built once for all its moves), gives every move the verdict and the position judging the moves one
by one in log order would: a long log over a large map becomes a few dozen boards instead of one
per move. A refused move is explained on a board of its own window (a board of several windows
may hold a cheaper path through another move's window): the level's board where no other window
there overlaps or touches its own, else a board shared by refused moves whose windows are apart.
Where a piece stands when its move is judged is where the log put it, legal or not, so a unit's
queued moves need not be judged before its next one is queued. On each side's board of a level,
once the reaches are searched, the ruleset may make the legal moves many at once
(:meth:`~.ruleset.Ruleset.made_moves`: the unit each leaves, as judging it alone and applying it
would); every move it does not make is judged one at a time, as before.

A move ground does not make legal, in a phase allowing other modes, is judged in them on the
whole map (or a window of the mode's own reach): its flush is judged again in log order, where it
can be judged where it stands.

A unit the log takes off the map (eliminated, or taken to a box off it: :meth:`MoveSequence.remove`)
is queued as a move is: its place's influence is what it changes, as a move's start. It goes on
the level of the highest queued move whose window that touches, and is taken off once that level
is judged: the moves before it that could see the unit see it, and every later move whose window
it touches goes in a higher level, where it is gone. A unit brought back onto the map
(:meth:`MoveSequence.restore`) enters once the queued moves are judged, as :meth:`MoveSequence.enter`.

Two things can break that independence, and both are checked as the levels are judged: a move
that changes what every move reads (the state's ledgers or the rolls taken) while judging out of
log order, and a unit whose window has grown since its move was queued (its own earlier move
changed what bounds its reach). Either way the position goes back to where the flush began and
the moves are judged again in log order (windows that touch then wait for each other, as
consecutive moves), and if a window grows then too, one by one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

import numpy as np
from scipy.sparse.csgraph import dijkstra

from ..errors import InputError
from ..mapdata.model import MapData
from .board import Board, UnitColumns
from .phases import is_phasing
from .state import GameState
from .values import ChartValues
from .window import (
    ReachBound,
    WindowArrays,
    board_of,
    bounded_windows,
    locations_near,
    locations_within,
    merge_window,
    window_board,
)

Verdict = dict[str, str] | None  # None: legal; else the rule that stops the move and why

SCHEDULES = ("footprints", "windows", "log order")
"""How moves are put in levels, each trusting less of what moves change than the one before:

* ``footprints``: a move changes only where its unit stands (its start and end, and what they
  influence). A move goes above every queued move whose start or end influences its window, and
  not below any whose window its own start or end influences (on one level, each move sees the
  level's first position: a later move's change is not seen by an earlier one, as in log order).
* ``windows``: a move may change anything in its window (a unit it removes, a location's status):
  a move goes above every queued move whose window touches its own.
* ``log order``: moves change what every move reads (ledgers, rolls): as ``windows``, and never
  below a move before it in the log.
"""


@dataclass(slots=True, eq=False)
class _Queued:
    """A queued move or removal; ``level`` is set as it is put in a level (:meth:`MoveSequence._enqueue`,
    a plain slotted object: one is made per move of a long log)."""

    seq: int  # place in the log
    tag: Any
    uid: str
    dest: str
    centre: int  # where the unit stands when the move is judged
    radius: int  # the unit's reach radius when queued (its window is this plus the influence)
    bound: ReachBound | None  # what bounds its window tighter (None: the radius does)
    unit: Any  # the unit as queued: while it is the same object, so are its radius and bound
    keep: np.ndarray  # the window: sorted global location indices (a removal: its influence)
    near: np.ndarray  # the influence of the move's start and end (location indices, maybe repeated)
    level: int

    @property
    def removal(self) -> bool:
        """A unit the log takes off the map (:meth:`MoveSequence.remove`), not a move."""
        return self.dest is None


@dataclass
class _Later:
    """A refusal found after its level (:meth:`MoveSequence._explain_later`): the move, its unit,
    the units in its window and where they stand, its locations' status, and the verdict (filled
    in then)."""

    q: _Queued
    unit: Any
    units: tuple
    loc: np.ndarray
    hexes: dict
    why: dict


class _Replan(Exception):
    """The levels cannot be judged as queued: ``"wider"`` (a move changed more than its own
    unit's place, so more than its start and end), ``"order"`` (a move changed ledgers or rolls
    while the flush judged out of log order), ``"window"`` (a unit's window grew after it was
    queued) or ``"modes"`` (a move is not legal as a ground move and its phase allows other
    modes, which are judged on the whole map: the flush is judged again in log order, the
    ``log order`` schedule for this flush only, and there such a move is judged in its modes
    where it stands)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class MoveSequence:
    """The position as a sequence of moves replays, judged move by move (see the module)."""

    def __init__(self, rs, m: MapData, state: GameState, values: ChartValues | None = None):
        self.rs, self.m, self.values = rs, m, values
        self.full = Board(m, state, values=values)  # the map's caches, and what bounds a unit's reach
        self.arrays = self.full.arrays
        self._set(state)
        self._raw: list[tuple] = []  # moves submitted, their windows not yet found
        # the level each move queued in levels was first put in, in log order (a replan may judge
        # them otherwise: in log order, or one by one)
        self.levels_planned: list[int] = []
        self._queued: list[_Queued] = []
        n = self.arrays.n
        self._win_level = np.full(n, -1, dtype=np.int32)  # highest queued level whose window covers
        self._near_level = np.full(n, -1, dtype=np.int32)  # ... whose start or end influences
        self._top = -1
        self._ahead: dict[str, int] = {}  # unit id -> where its queued moves leave it
        self._leaving: set[str] = set()  # units a queued removal takes off the map
        self.off: dict[str, Any] = {}  # unit id -> the unit as the log took it off the map
        self._seq = 0
        self.schedule = SCHEDULES[0]  # the first that holds for this ruleset's moves
        self.phase: str | None = None  # the phase moves are judged in (None: each move's own)
        self.phasing: str | None = None  # the phasing side (None: the moving unit's side)
        # told (moves judged, moves being judged) after each level of a flush: a long log's
        # moves are judged at its end, so that is where a progress bar moves
        self.on_judged: Callable[[int, int], None] | None = None
        # told (tag, mode) as each move is judged: the mode it was judged in (legal in that mode,
        # or the mode whose refusal is reported)
        self.on_mode: Callable[[Any, str], None] | None = None
        self._modes: dict[tuple, tuple[str, ...]] = {}
        self._known: dict[str, tuple] = {}  # unit id -> (unit, its reach radius, its bound)
        self._bounded: dict[tuple, tuple] = {}  # (place, bound) -> (its costs, the window it bounds)

    def set_phase(self, phase: str | None, phasing: str | None) -> list[tuple[Any, Verdict]]:
        """Judge the moves queued so far, then judge the next ones in ``phase`` with ``phasing``
        as the phasing side (a log's turn tracker says when the phase changes); returns the moves
        judged meanwhile."""
        if (phase, phasing) == (self.phase, self.phasing):
            return []
        judged = self.flush()
        self.phase, self.phasing = phase, phasing
        return judged

    def place(self, uid: str, dest: str) -> list[tuple[Any, Verdict]]:
        """Put the unit where the log put it without judging the move (a set-up move, a move in a
        phase nobody named); returns the queued moves judged first."""
        judged = self.flush()
        if self.on_map(uid):
            self._place(self.unit(uid), dest)
            self._commit()
        return judged

    def enter(self, unit) -> list[tuple[Any, Verdict]]:
        """Add a unit the position did not hold, where it stands (a reinforcement a log places
        from off the map); returns the queued moves judged first."""
        judged = self.flush()
        self._commit()
        self._set(self.state.replace(units=(*self.state.units, unit)))
        return judged

    def remove(self, uid: str) -> None:
        """Take the unit off the map where the log left it (eliminated, or taken to a box off the
        map), in log order: queued as a move is (its place's influence is what it changes), so the
        moves queued before it see the unit and those after it do not. Kept in :attr:`off`."""
        if not self.on_map(uid):
            return
        centre = self._ahead.pop(uid, int(self.loc[self.order[uid]]))
        self._raw.append((self._seq, None, uid, None, centre, 0, None, self.unit(uid)))
        self._seq += 1
        self._leaving.add(uid)

    def taken_off(self, uid: str) -> bool:
        """Whether the log took the unit off the map (:meth:`remove`) and has not brought it back."""
        return uid in self._leaving or (uid in self.off and uid not in self.order)

    def restore(self, uid: str, dest: str) -> list[tuple[Any, Verdict]]:
        """Bring a unit the log took off the map (:meth:`remove`) back onto it at ``dest`` (a
        reinforcement, a rebuilt unit), as the unit it was when taken off; returns the queued
        moves judged first (as :meth:`enter`)."""
        judged = self.flush()
        unit = self.off.pop(uid)
        return [*judged, *self.enter(replace(unit, hex=dest))]

    def _take_off(self, uids: list[str]) -> None:
        """Apply removals: the units leave the position (see :meth:`remove`)."""
        gone = {u for u in uids if u in self.order}
        if not gone:
            return
        self._commit()
        for u in gone:
            self.off[u] = self.state.units[self.order[u]]
        self._set(self.state.replace(units=tuple(u for u in self.state.units if u.id not in gone)))

    def _judging_state(self, unit, level: bool = False) -> GameState:
        """The position a move of ``unit`` is judged in: the phase set, else the move's own (the
        state names none), and the phasing side set, else the unit's. ``level``: for a board of
        windows on the level being judged, which the level's moves made so far do not touch (their
        units may wait in :attr:`_pending`); else those moves are put in the position first."""
        if not level:
            self._commit()
        named = {"phase": self.phase, "phase_named": True} if self.phase is not None else {}
        return self.state.replace(active_side=self.phasing or unit.side, **named)

    def _set(self, state: GameState) -> None:
        """A new whole position: where each unit is and its place in the state's units."""
        self.state = state
        self.columns = UnitColumns(state.units)  # per-unit values the boards of windows read
        self._pending: dict[int, Any] = {}  # place in state.units -> the unit a move left there
        index = self.arrays.index
        self.order = {u.id: k for k, u in enumerate(state.units)}
        self.loc = np.array([index[u.hex] for u in state.units], dtype=np.int64)

    def unit(self, uid: str):
        k = self.order[uid]
        return self._pending.get(k) or self.state.units[k]

    def _commit(self) -> None:
        """Put the units the moves of a level left in the position (one new tuple of units for
        the level, not one per move)."""
        if self._pending:
            units = list(self.state.units)
            for k, u in self._pending.items():
                units[k] = u
            self.state = self.state.replace(units=tuple(units))
            self.columns = UnitColumns(self.state.units, self.columns, self._pending)
            self._pending = {}

    def on_map(self, uid: str) -> bool:
        """Whether the unit is still in the position once the queued removals are made (a move, or
        the log: :meth:`remove`, may remove units)."""
        return uid in self.order and uid not in self._leaving

    def position(self, uid: str) -> str:
        """Where the unit stands once its queued moves are judged: the last place the log put it."""
        at = self._ahead.get(uid)
        return self.unit(uid).hex if at is None else self.arrays.ids[at]

    # ------------------------------------------------------------------ queueing
    def submit(self, tag: Any, unit, dest: str) -> list[tuple[Any, Verdict]]:
        """Queue the move of ``unit`` to ``dest``; returns (tag, verdict) of the moves judged
        meanwhile (none, unless this move has no window: then every queued move and this one)."""
        uid = unit.id
        centre = self._ahead.get(uid, int(self.loc[self.order[uid]]))
        radius, bound = self._bounds(unit)
        if radius is None or self.modes(unit)[0] != "ground":  # judged alone, after everything queued
            judged = self.flush()  # (no window, or no ground move in this phase)
            alone = self._judge_alone(uid, dest, tag)
            self._commit()
            return [*judged, (tag, alone)]
        self._raw.append((self._seq, tag, uid, dest, centre, radius, bound, unit))
        self._seq += 1
        self._ahead[uid] = self.arrays.index[dest]
        return []

    def _bounds(self, unit) -> tuple[int | None, ReachBound | None]:
        """The unit's reach radius and bound in ground moves: worked out again only when the unit
        changed in more than its place (they do not depend on where it stands)."""
        known = self._known.get(unit.id)
        if known is None or not _same_but_place(known[0], unit):
            bound = self.rs.reach_bound(self.full, unit, "ground")
            known = self._known[unit.id] = (unit, self.rs.reach_radius(self.full, unit, "ground"), bound)
        return known[1], known[2]

    def _windows(self, raw: list[tuple]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each queued move's window (sorted location indices) and the influence of its start
        and end (location indices), found for all the moves at once."""
        a, infl = self.arrays, self.rs.influence_radius
        centres = np.array([r[4] for r in raw], dtype=np.int64)
        dests = np.array([a.index[r[3]] for r in raw], dtype=np.int64)
        reach = np.array([r[5] for r in raw], dtype=np.int64) + infl
        keeps: list[np.ndarray | None] = [None] * len(raw)
        # the locations each unit can reach by its bound, and what influences them: they depend
        # on the map alone, so each (place, bound) is searched once for the whole replay
        todo: dict[tuple, list[int]] = {}
        for k, r in enumerate(raw):
            b = r[6]
            if b is not None:
                key = (r[4], id(b.costs), b.limit, b.step)
                known = self._bounded.get(key)
                if known is not None and known[0] is b.costs:  # (the same array, not a later one
                    keeps[k] = known[1]  # that took its id)
                else:
                    todo.setdefault(key, []).append(k)
        if todo:
            firsts = [ks[0] for ks in todo.values()]
            found = bounded_windows(a, centres[firsts], [raw[k][6] for k in firsts], infl)
            for (key, ks), keep in zip(todo.items(), found, strict=True):
                self._bounded[key] = (raw[ks[0]][6].costs, keep)
                for k in ks:
                    keeps[k] = keep
        plain = (a.location_kind[centres] == 0) & np.array([r[6] is None for r in raw])
        for size in np.unique(reach[plain]).tolist():
            rows = np.flatnonzero(plain & (reach == size))
            win = np.sort(a.windows(centres[rows], size), axis=1)
            odd = (a.irregular[np.maximum(win, 0)] & (win >= 0)).any(axis=1)
            for k, row, bad in zip(rows.tolist(), win, odd.tolist(), strict=True):
                if not bad:
                    keeps[k] = row[np.searchsorted(row, 0) :]
        nears: list[np.ndarray] | None = None
        if infl == 1:  # start, end and their neighbours, for every move in one gather (repeats do
            # no harm where they are used, as maxima; a slot with no neighbour repeats the start)
            ends = np.stack([centres, dests], axis=1)
            near = np.concatenate([ends, a.nbr[ends].reshape(len(raw), -1)], axis=1)
            nears = list(np.where(near >= 0, near, centres[:, None]))
        out = []
        for k in range(len(raw)):
            keep = keeps[k]
            if keep is None:
                keep = locations_within(a, int(centres[k]), int(reach[k]))
            near_k = (
                nears[k] if nears is not None else locations_near(a, [int(centres[k]), int(dests[k])], infl)
            )
            out.append((keep, near_k))
        return out

    def _enqueue(self, q: _Queued) -> None:
        """Put the move in the lowest level the schedule allows (see :data:`SCHEDULES`). A removal
        goes on the level of the highest move whose window holds what it influences (made after
        that level's moves are judged), and every later move whose window touches that goes above
        it (as above a move's start); with the ``log order`` schedule, every later move does."""
        if q.removal:
            level = max(int(self._win_level[q.near].max()), self._top if self.schedule == "log order" else -1)
            self._win_level[q.near] = np.maximum(self._win_level[q.near], level)
            self._near_level[q.near] = np.maximum(self._near_level[q.near], level)
            self._top = max(self._top, level + 1 if self.schedule == "log order" else level)
            q.level = level
            self._queued.append(q)
            return
        top = np.maximum.reduce  # (the reduction itself: .max() goes through numpy's Python layers)
        if self.schedule == "footprints":
            level = max(int(top(self._near_level[q.keep])) + 1, int(top(self._win_level[q.near])))
        else:  # above every queued move whose window touches its own
            level = int(top(self._win_level[q.keep])) + 1
        if self.schedule == "log order":
            level = max(level, self._top)
        self._win_level[q.keep] = np.maximum(self._win_level[q.keep], level)
        self._near_level[q.near] = np.maximum(self._near_level[q.near], level)
        self._top = max(self._top, level)
        q.level = level
        self._queued.append(q)

    def _clear_queue(self) -> list[_Queued]:
        queued, self._queued = self._queued, []
        for q in queued:
            self._win_level[q.keep] = -1
            self._near_level[q.near] = -1
        self._top = -1
        return queued

    # ------------------------------------------------------------------ judging
    def flush(self) -> list[tuple[Any, Verdict]]:
        """Judge and make every queued move; (tag, verdict) of each, in the order judged. A move
        whose destination lies beyond its window (a wider window says why it cannot get there)
        is judged alone, after the moves before it."""
        raw, self._raw = self._raw, []
        self._ahead.clear()
        self._leaving.clear()
        out: list[tuple[Any, Verdict]] = []
        if not raw:
            return out
        moves = [r for r in raw if r[3] is not None]
        windows = iter(self._windows(moves) if moves else ())
        for seq, tag, uid, dest, centre, radius, bound, unit in raw:
            if dest is None:  # a removal: what its place influences, as a move's start
                near = np.unique(locations_near(self.arrays, [centre], self.rs.influence_radius))
                self._enqueue(_Queued(seq, tag, uid, None, centre, 0, None, unit, near, near, -1))
                continue
            keep, near = next(windows)
            d = self.arrays.index[dest]
            if bound is not None and not _holds(keep, d):  # beyond its bound: the window that
                hops = self._hops(centre, d)  # says why, as a move judged alone has (board_for)
                if hops < self.arrays.n:
                    bound = None
                    keep = locations_within(self.arrays, centre, max(radius, hops) + self.rs.influence_radius)
            if _holds(keep, d):
                self._enqueue(_Queued(seq, tag, uid, dest, centre, radius, bound, unit, keep, near, -1))
            else:
                out += self._flush_levels()
                out.append((tag, self._judge_alone(uid, dest, tag)))
        out += self._flush_levels()
        self._commit()
        return out

    def _flush_levels(self) -> list[tuple[Any, Verdict]]:
        queued = self._clear_queue()
        if not queued:
            return []
        self.levels_planned += [q.level for q in queued if not q.removal]
        state, loc = self.state, self.loc.copy()
        keep = self.schedule  # the schedule after this flush
        try:
            while True:
                try:
                    return self._judge_levels(queued)
                except _Replan as why:
                    self._set(state)
                    self.loc = loc.copy()
                    later = SCHEDULES.index(self.schedule) + 1
                    if why.why == "order":
                        later = max(later, SCHEDULES.index("log order"))
                    if why.why == "window" or later == len(SCHEDULES):
                        return self._one_by_one(queued)
                    if why.why == "modes":  # this flush again in log order, where a move ground
                        self.schedule = "log order"  # does not make legal is judged in its modes
                    else:
                        self.schedule = keep = SCHEDULES[later]  # and it stays, for this ruleset's moves
                    for q in queued:
                        self._enqueue(q)
                    queued = self._clear_queue()
        finally:
            self.schedule = keep

    def _one_by_one(self, queued: list[_Queued]) -> list[tuple[Any, Verdict]]:
        """The queued moves judged alone and the removals made, in log order."""
        out = []
        for q in queued:
            if q.removal:
                self._take_off([q.uid])
            else:
                out.append((q.tag, self._judge_alone(q.uid, q.dest, q.tag)))
        return out

    def _judge_levels(self, queued: list[_Queued]) -> list[tuple[Any, Verdict]]:
        self._later: list[_Later] = []
        by_level: dict[int, list[_Queued]] = {}
        for q in queued:
            by_level.setdefault(q.level, []).append(q)
        levels = [by_level[k] for k in sorted(by_level)]
        # a level's removals are made once its moves are judged
        judged_order = [q.seq for lv in levels for q in sorted(lv, key=lambda x: x.removal)]
        in_order = all(a < b for a, b in zip(judged_order, judged_order[1:], strict=False))
        out = []
        for everything in levels:
            level = [q for q in everything if not q.removal]
            leaving = [q for q in everything if q.removal]
            boards: dict[str, Board] = {}  # per side, on the windows of its moves in the level
            reached: dict[str, Any] = {}  # each unit's reach on its side's board, asked together
            made: dict[str, Any] = {}  # the units legal moves leave, as the ruleset made them together
            explain: dict[int, Callable[[], Board]] = {}  # refused moves: boards of their own windows
            for k, q in enumerate(level):
                if not self.on_map(q.uid):
                    out.append((q.tag, removed(q.uid)))
                    continue
                unit = self.unit(q.uid)
                if int(self.loc[self.order[q.uid]]) != q.centre:
                    raise _Replan("window")
                if unit is not q.unit:  # its window, found as queued, must still be its window
                    radius, bound = self._bounds(unit)
                    if radius is None or radius > q.radius or not _same_bound(q.bound, bound):
                        raise _Replan("window")
                if unit.side not in boards:
                    same = [x for x in level[k:] if self.on_map(x.uid) and self.unit(x.uid).side == unit.side]
                    sub = WindowArrays(self.arrays, _union([x.keep for x in same], self.arrays.n))
                    board = boards[unit.side] = board_of(
                        sub, self._judging_state(unit, level=True), self.loc, self.values, self.columns
                    )
                    movers = [self.unit(x.uid) for x in same]
                    refused = []
                    reaches = self.rs.reach_many(board, movers, "ground")
                    index = self.arrays.index  # each destination on the board, read at once
                    on_board = sub.local[[index[x.dest] for x in same]].tolist()  # (-1: not on it)
                    for x, u, (r, _), i in zip(same, movers, reaches, on_board, strict=True):
                        reached[u.id] = r
                        if i < 0 or not np.isfinite(r.dist[i]):
                            refused.append(x)
                    # the legal moves the ruleset makes at once (the others judged one by one)
                    dests = [x.dest for x in same]
                    for u, moved in zip(
                        movers, self.rs.made_moves(board, movers, dests, reaches, "ground"), strict=True
                    ):
                        if moved is not None:
                            made[u.id] = moved
                    explain.update(self._explainers(refused, unit, board, same))
                judged = self._judge(  # other modes only where the flush keeps log order (a
                    boards[unit.side],  # move in them may change ledgers, or more than its own
                    True,  # unit's place: only this flush, not the schedule, pays for that)
                    unit,
                    q.dest,
                    reached.pop(unit.id, None),
                    alone=in_order and self.schedule == "log order",
                    explain_on=explain.pop(q.seq, None) or self._own_board(q, unit),
                    made=made.pop(unit.id, None),
                )
                if judged is None:  # not legal by ground: the phase's other modes, in log order
                    raise _Replan("modes")
                verdict, change, mode = judged
                self._tell_mode(q.tag, mode)
                if change == "global" and not in_order:
                    raise _Replan("order")
                if change != "units" and self.schedule == "footprints":
                    raise _Replan("wider")
                if change != "units":  # later boards of this level see the new position
                    boards, reached, explain, made = {}, {}, {}, {}
                out.append((q.tag, verdict))
            self._commit()
            for q in leaving:  # where the log took the unit off is where it stands
                if q.uid in self.order and int(self.loc[self.order[q.uid]]) != q.centre:
                    raise _Replan("window")
            self._take_off([q.uid for q in leaving])
            if self.on_judged is not None:
                self.on_judged(len(out), sum(not q.removal for q in queued))
        self._explain_later()
        return out

    def _own_board(self, q: _Queued, unit) -> Callable[[], Board]:
        """The board of the move's own window, made when asked (to find why it is refused)."""
        return lambda: board_of(
            WindowArrays(self.arrays, q.keep),
            self._judging_state(unit, level=True),
            self.loc,
            self.values,
            self.columns,
        )

    def _explainers(
        self, refused: list[_Queued], unit, board: Board, same: list[_Queued]
    ) -> dict[int, Callable[[], Board]]:
        """For each move of ``refused`` (moves of ``unit``'s side that their reach on ``board``,
        the board of the windows of ``same``, shows refused), the board its refusal is found on,
        each window a part of its own, as the move alone would see it (:meth:`move`): ``board``
        itself where no other window there overlaps or touches the move's; else a board made
        when first asked, shared by windows that neither overlap nor touch. A board made at the
        first of them serves them all: no move judged before one of them on its level changes
        its window."""
        out: dict[int, Callable[[], Board]] = {}
        if not refused:
            return out
        nbr = self.arrays.nbr
        if len(same) > 1:
            covered = np.bincount(np.concatenate([x.keep for x in same]), minlength=self.arrays.n + 1)
            covered[-1] = 0  # the spare slot -1 (no neighbour) reads
            alone, refused = refused, []
            for q in alone:
                near = nbr[q.keep]
                if covered[q.keep].max() > 1 or (covered[near] - _holds_each(q.keep, near)).max() > 0:
                    refused.append(q)  # another window overlaps or touches its own
                else:
                    out[q.seq] = lambda: board
        else:
            for q in refused:
                out[q.seq] = lambda: board
            return out
        if self.modes(unit) == ("ground",) and self.schedule == "footprints":  # explained after
            # the levels, with others (_explain_later): the ledgers and rolls cannot change meanwhile
            for q in refused:
                out[q.seq] = functools.partial(self._later_refusal, q)
            return out
        groups: list[tuple[np.ndarray, list[_Queued]]] = []
        for q in refused:
            apart = [g for g in groups if not g[0][q.keep].any()]
            if not apart:
                apart = [(np.zeros(self.arrays.n + 1, dtype=bool), [])]
                groups.append(apart[0])
            taken, members = apart[0]
            members.append(q)
            taken[q.keep] = True
            taken[nbr[q.keep]] = True  # and what touches it (-1 marks the spare last slot)
        for _, members in groups:
            made: list[Board] = []

            def shared(members=members, made=made) -> Board:
                if not made:
                    keep = _union([x.keep for x in members], self.arrays.n)
                    made.append(
                        board_of(
                            WindowArrays(self.arrays, keep),
                            self._judging_state(unit, level=True),
                            self.loc,
                            self.values,
                            self.columns,
                        )
                    )
                return made[0]

            for q in members:
                out[q.seq] = shared
        return out

    def _later_refusal(self, q: _Queued) -> _Later:
        """The refusal of ``q`` to be found later: its window as it stands now (the units there,
        the status of its locations), and the verdict to fill in then."""
        inside = np.zeros(self.arrays.n, dtype=bool)
        inside[q.keep] = True
        at = np.flatnonzero(inside[self.loc])
        units = tuple(self._pending.get(k) or self.state.units[k] for k in at.tolist())
        index = self.arrays.index
        hexes = {h: v for h, v in self.state.hexes.items() if inside[index[h]]}
        later = _Later(q, self.unit(q.uid), units, self.loc[at], hexes, {})
        self._later.append(later)
        return later

    def _explain_later(self) -> None:
        """Find the refusals put off on the levels just judged (:meth:`_later_refusal`), on as few
        boards as can hold them: windows that neither overlap nor touch, and no unit twice, on a
        board each as it stood on its level (a position made of theirs)."""
        later, self._later = self._later, []
        nbr = self.arrays.nbr
        groups: list[tuple[str, np.ndarray, set, list[_Later]]] = []
        for x in later:
            ids = {u.id for u in x.units}
            side = x.unit.side
            fit = next(
                (g for g in groups if g[0] == side and not g[1][x.q.keep].any() and not g[2] & ids), None
            )
            if fit is None:
                fit = (side, np.zeros(self.arrays.n + 1, dtype=bool), set(), [])
                groups.append(fit)
            _, taken, held, members = fit
            members.append(x)
            taken[x.q.keep] = True
            taken[nbr[x.q.keep]] = True  # and what touches it (-1 marks the spare last slot)
            held |= ids
        for _, _, _, members in groups:
            hexes: dict[str, Any] = {}
            for x in members:
                hexes.update(x.hexes)
            state = self._judging_state(members[0].unit, level=True).replace(
                units=tuple(u for x in members for u in x.units), hexes=MappingProxyType(hexes)
            )
            loc = np.concatenate([x.loc for x in members])
            keep = _union([x.q.keep for x in members], self.arrays.n)
            board = board_of(WindowArrays(self.arrays, keep), state, loc, self.values)
            for x in members:
                x.why.update(_refusal(self.rs, board, x.unit, x.q.dest, "ground")[0])

    def _judge_alone(self, uid: str, dest: str, tag: Any = None) -> Verdict:
        if not self.on_map(uid):
            return removed(uid)
        verdict, mode = self._move(self.unit(uid), dest)
        self._tell_mode(tag, mode)
        return verdict

    def _tell_mode(self, tag: Any, mode: str) -> None:
        if self.on_mode is not None:
            self.on_mode(tag, mode)

    def modes(self, unit) -> tuple[str, ...]:
        """The modes a move of ``unit`` is judged in, in turn: those the phase set allows the unit's
        side (:meth:`.phases.Phase.allows`), ground first, then the others in the order declared;
        only ground where no phase is set, or the phase allows the side none (the sequence of play
        then says why the move is illegal)."""
        key = (self.phase, self.phasing, unit.side)
        got = self._modes.get(key)
        if got is None:
            seq = self.rs.sequence
            declared: list[str] = []
            if self.phase is not None and seq is not None:
                phase = seq.phase(self.phase)
                phasing = is_phasing(self.phasing, unit)
                every = dict.fromkeys((*phase.modes, *phase.other_modes))
                declared = [m for m in every if phase.allows(m, phasing)]
            got = self._modes[key] = tuple(sorted(declared, key=lambda m: m != "ground")) or ("ground",)
        return got

    def board_for(self, unit, dest: str | None = None, mode: str = "ground") -> tuple[Board, bool]:
        """The board to judge ``unit``'s move in ``mode`` on, and whether it is a window: where
        the unit can go (by its bound, :meth:`~.ruleset.Ruleset.reach_bound`, else within its
        radius; or within as many steps as ``dest`` is, to explain why it cannot get there),
        plus the ruleset's influence radius."""
        state = self._judging_state(unit)
        if mode == "ground":  # worked out once per unit (:meth:`_bounds`)
            radius, bound = self._bounds(unit)
        else:
            radius, bound = self.rs.reach_radius(self.full, unit, mode), None
        if radius is None:
            return Board(self.m, state, values=self.values), False
        centre = self.arrays.index[unit.hex]
        if dest is not None:
            bound = None
        elif mode != "ground":
            bound = self.rs.reach_bound(self.full, unit, mode)
        if bound is not None:
            keep = bounded_windows(self.arrays, np.array([centre]), [bound], self.rs.influence_radius)[0]
            return board_of(WindowArrays(self.arrays, keep), state, self.loc, self.values, self.columns), True
        if dest is not None:
            radius = max(radius, self._hops(centre, self.arrays.index[dest]))
        reach = radius + self.rs.influence_radius
        return window_board(self.arrays, state, self.loc, centre, reach, self.values, self.columns), True

    def _hops(self, a: int, b: int) -> int:
        """Steps from ``a`` to ``b`` (the number of locations if none): searched near ``a`` first."""
        for limit in (16.5, np.inf):
            dist = dijkstra(self.arrays.hop_graph, directed=True, indices=a, limit=limit)
            if np.isfinite(dist[b]):
                return int(dist[b])
        return self.arrays.n

    def move(self, unit, dest: str) -> Verdict:
        """Judge and make the move now, on its own board; None if legal, else the rule that
        stops it and why (in each mode the phase allows: :meth:`modes`)."""
        verdict = self._move(unit, dest)[0]
        self._commit()
        return verdict

    def _move(self, unit, dest: str) -> tuple[Verdict, str]:
        """:meth:`move`, and the mode it was judged in."""
        board, windowed = self.board_for(unit)
        if windowed and dest not in board.arrays.index:  # beyond the unit's reach: a window wide
            board, _ = self.board_for(unit, dest)  # enough to say why
        judged = self._judge(board, windowed, unit, dest)
        assert judged is not None  # judged alone: every mode is tried
        verdict, _, mode = judged
        return verdict, mode

    def _judge(
        self,
        board: Board,
        windowed: bool,
        unit,
        dest: str,
        r=None,
        alone: bool = True,
        explain_on=None,
        made=None,
    ) -> tuple[Verdict, str, str] | None:
        """Judge the move on ``board`` and make it in the whole position: (None if legal, else
        the rule that stops it and why; what it changed: ``"units"`` only the units it moved,
        ``"local"`` more, inside its window, ``"global"`` the ledgers or the rolls taken; the mode
        it was judged in: the legal one, else the closest refusal's, :func:`_closest`).
        ``r``: the unit's reach on ``board``, when already searched; ``made``: the unit as the
        move leaves it, where the ruleset made the move with others (:meth:`~.ruleset.Ruleset.made_moves`).

        A ground move is judged on ``board``; where it is not legal and the phase allows other
        modes (:meth:`modes`), each is judged in turn on the whole map, and the first that makes
        the move legal is applied as that mode applies it (:meth:`~.ruleset.Ruleset.apply`:
        capacity spent, what the phase records). ``alone`` False (judging levels): None instead,
        nothing changed, for the move to be judged alone in log order."""
        modes = self.modes(unit)
        refusals: list[tuple[str, dict[str, str], int]] = []
        if modes[0] == "ground":
            legal, refusal = self._ground(board, windowed, unit, dest, r, explain_on, made)
            if refusal is None:
                return None, legal, "ground"
            refusals.append(("ground", *refusal))
        others = [m for m in modes if m != "ground"]
        if others and not alone:
            return None
        full = None
        for mode in others:  # on a window where the mode bounds the unit's reach, else the map
            if self.rs.reach_radius(self.full, unit, mode) is not None:
                on, win = self.board_for(unit, None, mode)
                if dest not in on.arrays.index:  # beyond its reach: wide enough to say why
                    on, win = self.board_for(unit, dest, mode)
            else:
                if full is None:
                    full = Board.on(self.arrays, self._judging_state(unit), values=self.values)
                on, win = full, False
            refusal = self._other(on, win, unit, dest, mode)
            if refusal is None:
                return None, "global", mode
            refusals.append((mode, *refusal))
        mode, why = _closest(refusals)
        self._place(unit, dest)
        return why, "units", mode

    def _ground(
        self, board: Board, windowed: bool, unit, dest: str, r, explain_on=None, made=None
    ) -> tuple[str, Any]:
        """The ground move judged on ``board``: (what it changed, None) made if legal, else
        ("", (the refusal, how close it came: :func:`_closest`)), nothing changed; the refusal
        found on ``explain_on()`` where given (the board of the move's own window: a board of
        several windows may hold paths that leave it). ``made``: the unit as the legal move
        leaves it, made by the ruleset with the level's others (changing only that unit)."""
        if self.phase is not None:  # the sequence of play first: who moves in this phase, and how
            problem = self.rs.phase_problem(board.state, unit, "ground", {}, board)
            if problem is not None:
                return "", ({"rule": problem.rule, "why": problem.message}, 0)
        if made is not None and windowed:  # put in the position with the level's others (_commit)
            k = self.order[unit.id]
            self._pending[k] = made
            self.loc[k] = self.arrays.index[dest]
            return "units", None
        if r is None:
            r, _ = self.rs.reach(board, unit, "ground")
        i = board.arrays.index.get(dest)
        if i is not None and np.isfinite(r.dist[i]):
            path = [board.arrays.ids[k] for k in r.path(i)]
            v = self.rs.judge_move(board, [unit.id], path, "ground")
            if v.legal:
                before = board.state
                after = self.rs.apply(board, v, [unit.id], path, "ground", record_mp=False)
                if after.ledgers != before.ledgers or after.rolls != before.rolls:
                    change = "global"
                elif (
                    windowed
                    and len(after.units) == len(before.units)
                    and after.hexes is before.hexes
                    and set(v.changes.unit_fields) <= {unit.id}
                ):
                    change = "units"
                else:
                    change = "local"
                if change == "units":  # the unit as the move left it, put in the position with
                    k = self.order[unit.id]  # the level's others (_commit)
                    at = before.place_of(unit.id)
                    moved = after.units[at] if at is not None and at < len(after.units) else None
                    self._pending[k] = (
                        moved if moved is not None and moved.id == unit.id else after.unit(unit.id)
                    )
                    self.loc[k] = self.arrays.index[dest]
                else:
                    self._commit()
                    self._set(merge_window(self.state, before, after) if windowed else after)
                return change, None
        on = board if explain_on is None else explain_on()
        if isinstance(on, _Later):  # found after the level (_explain_later): how close it came is
            return "", (on.why, 0)  # asked only where the phase allows other modes, not here
        return "", _refusal(self.rs, on, unit, dest, "ground")

    def _other(
        self, full: Board, windowed: bool, unit, dest: str, mode: str
    ) -> tuple[dict[str, str], int] | None:
        """The move in ``mode`` judged on ``full`` (the map, or a window of it): None, made, if
        legal (applied as the mode applies it, the MP spent left as it was: every drag has the
        unit's full allowance); else (the refusal, how close it came), nothing changed."""
        problem = self.rs.phase_problem(full.state, unit, mode, {}, full)
        if problem is not None:
            return {"rule": problem.rule, "why": problem.message}, 0
        try:
            r, _ = self.rs.reach(full, unit, mode)
        except InputError as exc:  # the unit cannot move in this mode at all
            return {"rule": "", "why": f"no {mode} move: {exc.message}"}, 0
        i = full.arrays.index.get(dest)
        if i is not None and np.isfinite(r.dist[i]):
            path = [full.arrays.ids[k] for k in r.path(i)]
            v = self.rs.judge_move(full, [unit.id], path, mode)
            if v.legal:
                after = self.rs.apply(full, v, [unit.id], path, mode, record_mp=False)
                self._commit()
                self._set(merge_window(self.state, full.state, after) if windowed else after)
                return None
        return _refusal(self.rs, full, unit, dest, mode)

    def _place(self, unit, dest: str) -> None:
        """The piece stands where the log put it, legal or not (the log goes on from there)."""
        k = self.order[unit.id]
        self._pending[k] = replace(self.unit(unit.id), hex=dest)  # in the position at _commit
        self.loc[k] = self.arrays.index[dest]


def _same_bound(queued: ReachBound | None, now: ReachBound | None) -> bool:
    """Whether a unit (changed since its move was queued with bound ``queued``) still has that
    bound: else its window would not be the one a move judged alone has."""
    if queued is None:
        return True
    return now is not None and now.covers(queued) and queued.covers(now)


def _same_but_place(a, b) -> bool:
    """Whether two units differ at most in where they stand."""
    return a is b or (
        a.id == b.id
        and a.side == b.side
        and a.nation == b.nation
        and a.cls == b.cls
        and a.size == b.size
        and a.strength == b.strength
        and a.movement == b.movement
        and a.attrs == b.attrs
    )


def _holds_each(keep: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Per cell (a location index, or -1), 1 where the sorted location indices ``keep`` hold it."""
    at = np.minimum(np.searchsorted(keep, cells), len(keep) - 1)
    return (keep[at] == cells).astype(np.int64)


def _holds(keep: np.ndarray, d: int) -> bool:
    """Whether the sorted location indices ``keep`` hold ``d``."""
    at = int(keep.searchsorted(d))
    return at < len(keep) and int(keep[at]) == d


def _union(parts: list[np.ndarray], n: int) -> np.ndarray:
    """The sorted union of index arrays over ``n`` locations (a mask: no sort of their concatenation)."""
    mask = np.zeros(n, dtype=bool)
    for p in parts:
        mask[p] = True
    return np.flatnonzero(mask)


def removed(uid: str) -> dict[str, str]:
    """The verdict on a move of a unit an earlier move removed from the position."""
    return {"rule": "", "why": f"{uid} is no longer on the map (an earlier move removed it)"}


def _refusal(rs, board: Board, unit, dest: str, mode: str) -> tuple[dict[str, str], int]:
    """The rule that stops the path the ruleset would take to ``dest`` in ``mode``, and why; and
    how close the move came: 0 no path open in the mode (or refused before its first step: the
    unit has no move in it, as a non-engineer has no repair move), 1 the path costs more than the
    mode's allowance, 2 another rule stops a path within it (see :func:`_closest`)."""
    try:
        path = rs.path_to(board, unit, mode, dest)
    except InputError as exc:
        return {"rule": "", "why": f"no {mode} move: {exc.message}"}, 0
    if path is None:
        return {"rule": rs.adjacency_rule, "why": f"no path {unit.hex} -> {dest} is open to this unit"}, 0
    v = rs.judge_move(board, [unit.id], path, mode)
    reason = v.reasons[0] if v.reasons else None
    try:
        ma = rs.movement_allowance(unit, mode)
    except InputError:
        ma = None
    if not v.steps and not v.mp:  # refused before its first step: the unit has no such move
        close = 0
    elif reason is None or (ma is not None and v.mp > ma):
        close = 1
    else:
        close = 2
    return {
        "rule": reason.rule if reason else "",
        "why": reason.message if reason else f"{v.mp} MP is more than the allowance",
    }, close


def _closest(refusals: list[tuple[str, dict[str, str], int]]) -> tuple[str, dict[str, str]]:
    """The mode whose refusal is reported, and the refusal: the one that came closest (a rule
    stopping a path within the mode's allowance, before a path beyond it, before no path or the
    sequence of play forbidding the mode), the first tried among equals (ground first). With
    more than one mode tried the refusal names its mode and the modes tried."""
    mode, why, _ = max(refusals, key=lambda t: t[2])  # max keeps the first of equals
    if len(refusals) == 1:
        return mode, why
    tried = [m for m, _, _ in refusals]
    return mode, {
        **why,
        "why": f"{why['why']} (judged by {mode}; modes tried: {', '.join(tried)})",
        "mode": mode,
        "tried": ", ".join(tried),
    }
