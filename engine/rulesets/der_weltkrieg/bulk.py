"""Many Der Weltkrieg questions at once: the reach of every unit of a side, thousands of moves.

Units with the same cost profile share one cost array (see ``DerWeltkrieg.profile``); reach runs one
scipy Dijkstra per chunk of units and validation walks all paths in one numpy pass. Answers agree
with the one-unit forms (``reach``, ``judge_move``), which the tests check.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import numpy as np

from ....errors import InputError
from ...board import Board
from ...movement import Reach, reach_batch, validate_batch
from ...search import MP_UNIT, units
from ...state import Unit
from .protocol import DwHooks


def _groups(rs: DwHooks, units_: list[Unit]) -> dict[tuple, list[Unit]]:
    out: dict[tuple, list[Unit]] = {}
    for u in units_:
        out.setdefault(rs.profile(u), []).append(u)
    return out


def _flotilla(rs: DwHooks, unit: Unit) -> bool:
    """A River Flotilla, which moves along the Danube by its own rules (R36-1 to R36-4)."""
    return rs.klass(unit).get("moves") == "danube"


def reach_all(rs: DwHooks, board: Board, units_: list[Unit]) -> dict[str, dict[int, float]]:
    """Ground reach of each unit: {unit id: {hex index: MP}} (R6-3, R6-9 minimum move)."""
    out: dict[str, dict[int, float]] = {}
    only_move = rs.option(board.state, "minimum_move") == "only-move"
    flotillas = [u for u in units_ if _flotilla(rs, u)]
    for u in flotillas:  # R36-1 to R36-4: along the Danube, not overland
        r, problems = rs.reach(board, u, "ground")
        out[u.id] = {int(i): 0.0 for i in r.hexes()} if not problems else {board.idx(u.hex): 0.0}
    units_ = [u for u in units_ if not _flotilla(rs, u)]
    for members in _groups(rs, units_).values():
        movers = [u for u in members if rs.move_problem(board.state, u, "ground") is None]
        moving = {u.id for u in movers}
        for u in members:
            if u.id not in moving:
                out[u.id] = {board.idx(u.hex): 0.0}
        if not movers:
            continue
        costs = rs.ground_costs(board, movers[0])
        starts = np.array([board.idx(u.hex) for u in movers])
        spent = [rs.spent_before(u) for u in movers]
        limits = np.array(
            [
                max(units(rs.movement_allowance(u, "ground")) - units(s), 0.0)
                for u, s in zip(movers, spent, strict=True)
            ]
        )
        hexes, dist, sizes = reach_batch(board, costs, starts, limits)
        hexes, mps, sizes = hexes.tolist(), (dist / MP_UNIT).tolist(), sizes.tolist()
        # R6-9: a unit that has not moved may always cross one hexside (where that step is allowed)
        first = board.nbr[starts]
        first_ok = (first >= 0) & rs.minimum_move_mask(board, movers[0])[starts]
        first_ok &= np.isfinite(costs.cost[starts])
        first_mp = (costs.cost[starts] / MP_UNIT).tolist()
        first, first_ok = first.tolist(), first_ok.tolist()
        for k, u in enumerate(movers):
            reached = dict(zip(hexes[sizes[k] : sizes[k + 1]], mps[sizes[k] : sizes[k + 1]], strict=True))
            if only_move and spent[k] == 0:
                for d in range(6):
                    if first_ok[k][d] and first[k][d] not in reached:
                        reached[first[k][d]] = first_mp[k][d]
            out[u.id] = reached
    return out


def validate_moves(rs: DwHooks, board: Board, moves: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """Verdicts on many single-unit ground moves: legal, MP, and the rule of the first failure."""
    state = board.state
    index = board.arrays.index
    length = max(len(p) for _, p in moves)
    paths = np.full((len(moves), length), -1, dtype=np.int64)
    flat = [index[h] for _, path in moves for h in path]
    lengths = np.array([len(path) for _, path in moves])
    rows = np.repeat(np.arange(len(moves)), lengths)
    cols = np.arange(len(flat)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    paths[rows, cols] = flat
    by_id = state.by_id
    movers = [by_id[uid] if uid in by_id else state.unit(uid) for uid, _ in moves]
    groups = _groups(rs, list({u.id: u for u in movers}.values()))
    keys = list(groups)
    slot = {key: g for g, key in enumerate(keys)}
    group_of = {u.id: slot[key] for key, members in groups.items() for u in members}
    sample = [groups[key][0] for key in keys]
    cost_list = [rs.ground_costs(board, u) for u in sample]
    cost = np.stack([c.cost for c in cost_list])
    why = np.stack([c.why for c in cost_list])
    allowed = np.stack([rs.minimum_move_mask(board, u) for u in sample])
    group = np.array([group_of[u.id] for u in movers])
    every = [u for members in groups.values() for u in members]
    spent = {u.id: rs.spent_before(u) for u in every}
    left = {u.id: units(rs.movement_allowance(u, "ground")) - units(spent[u.id]) for u in every}
    limits = np.array([left[u.id] for u in movers])
    res = validate_batch(board.nbr, cost, why, group, paths, limits)
    single = (res["steps"] == 1) & (res["bad_step"] < 0)
    fresh = {uid for uid, s in spent.items() if s == 0}
    min_move = (
        single & allowed[group, paths[:, 0], res["first_dir"]] & np.array([u.id in fresh for u in movers])
    )
    if rs.option(state, "minimum_move") != "only-move":
        min_move[:] = False
    problems = {u.id: rs.move_problem(state, u, "ground") for u in every}
    out = []
    totals = (res["total"] / MP_UNIT).tolist()
    within = res["within"].tolist()
    bad_steps = res["bad_step"].tolist()
    for k, u in enumerate(movers):
        if _flotilla(rs, u) and problems[u.id] is None:  # R36-1 to R36-4: judged one by one
            v = rs.judge_ground(board, u, moves[k][1], "ground")
            one: dict[str, Any] = {"unit": u.id, "legal": v.legal, "mp": 0}
            if not v.legal:
                one.update(rule=v.reasons[0].rule, message=v.reasons[0].message)
            out.append(one)
            continue
        problem = problems[u.id]
        if problem is not None:
            out.append(
                {"unit": u.id, "legal": False, "mp": 0, "rule": problem.rule, "message": problem.message}
            )
            continue
        bad = bad_steps[k]
        if bad >= 0:
            w = int(res["why"][k])
            reason = cost_list[group[k]].reasons[w] if w >= 0 else None
            out.append(
                {
                    "unit": u.id,
                    "legal": False,
                    "mp": None,
                    "step": bad,
                    "rule": reason.rule if reason else rs.adjacency_rule,
                    "message": reason.message if reason else "the hexes are not adjacent",
                }
            )
            continue
        mp = totals[k]
        if within[k] or min_move[k]:
            verdict = {"unit": u.id, "legal": True, "mp": mp}
            if not within[k]:
                verdict["rule"] = "R6-9"
            out.append(verdict)
        elif single[k] and spent[u.id] == 0 and rs.option(state, "minimum_move") == "only-move":
            i, d = int(paths[k, 0]), int(res["first_dir"][k])
            why = rs.minimum_move_ok(board, u, cost_list[group[k]].terrain_only, i, d)
            out.append({"unit": u.id, "legal": False, "mp": mp, "rule": why.rule, "message": why.message})
        else:
            out.append(
                {
                    "unit": u.id,
                    "legal": False,
                    "mp": mp,
                    "rule": "R6-3",
                    "message": "exceeds the movement allowance",
                }
            )
    return out


def allowance_key(u: Unit) -> tuple:
    """What Der Weltkrieg's ``movement_allowance`` and ``spent_before`` read of a unit (its class,
    movement and spent MP): units alike in it have the same MP left in a mode (asked once)."""
    return (u.cls, u.movement, u.attrs.get("mp_spent"))


def made_moves(
    rs: DwHooks,
    board: Board,
    units_: list[Unit],
    dests: list[str],
    reaches: list[tuple[Reach, list]],
    mode: str,
) -> list[Unit | None]:
    """:meth:`~railhead.engine.ruleset.Ruleset.made_moves`: the units that legal ground moves
    leave, each as ``judge_move`` along its reach's path and ``apply`` (spent MP left as it was)
    would leave it; None for every move this cannot decide exactly, judged one at a time then.
    ``reaches``: ``reach_many``'s answers on ``board`` (a unit's reasons there are its
    ``move_problem``, asked once).

    A move is made here only when all of it is known without judging it alone: the unit may move
    (no sequence-of-play or unit-type problem, R6-12, R21-1; not a River Flotilla, R36-1), the path
    its reach found costs, step by step over the board's ground costs (walked for every move in
    one numpy pass), what the reach says and no more than the allowance left (R6-3; a move that
    needs the minimum move, R6-9, is judged alone), the path enters no location holding another
    side's unit (R6-11, R9-9, R18-11 may remove it), and it leaves no Construction Marker behind
    (R22-4)."""
    from .trenches import MARKER

    out: list[Unit | None] = [None] * len(units_)
    if mode != "ground" or not units_:
        return out
    state = board.state
    index = board.arrays.index
    present = set(map(id, state.units))  # the board's very unit objects
    marked = board.marker(MARKER)
    others: dict[str, set[int]] = {}  # side -> locations holding a unit of another side
    budgets: dict[tuple, float | None] = {}  # what the allowance left reads of a unit -> it
    todo: list[tuple[int, Unit, list[int], float, Any]] = []
    for k, (u, dest, (r, problems)) in enumerate(zip(units_, dests, reaches, strict=True)):
        i = index.get(dest)
        if problems or id(u) not in present or i is None or r.start != index.get(u.hex) or _flotilla(rs, u):
            continue  # (a unit that may not move: its move_problem, R6-12, R21-1)
        cost = float(r.dist[i])
        if not math.isfinite(cost):
            continue
        key = allowance_key(u)
        if key not in budgets:
            try:
                budgets[key] = units(rs.movement_allowance(u, mode) - rs.spent_before(u))
            except InputError:
                budgets[key] = None
        budget = budgets[key]
        if budget is None or cost > budget:  # beyond the allowance: the minimum move (R6-9),
            continue  # judged alone
        path = r.path(i)
        if len(path) > 1 and marked[path[0]] and path[-1] != path[0]:
            continue  # R22-4: a Construction Marker may be left behind
        if u.side not in others:
            others[u.side] = set(np.flatnonzero(rs.held_by_others(board, u.side)).tolist())
        if not others[u.side].isdisjoint(path[1:]):  # R6-11, R9-9, R18-11: what entering removes
            continue
        todo.append((k, u, path, cost, rs.ground_costs(board, u, mode)))
    if not todo:
        return out
    # every path walked in one pass, each over its unit's costs (as judge_ground walks it)
    groups: dict[int, int] = {}
    stack = []
    for _, _, _, _, c in todo:
        if id(c) not in groups:
            groups[id(c)] = len(stack)
            stack.append(c.cost)
    group = np.array([groups[id(t[4])] for t in todo], dtype=np.int64)
    lengths = np.array([len(t[2]) for t in todo], dtype=np.int64)
    paths = np.full((len(todo), max(int(lengths.max()), 2)), -1, dtype=np.int64)
    ends = np.cumsum(lengths)  # every path's locations in one array, each row filled from it
    cols = np.arange(int(ends[-1])) - np.repeat(ends - lengths, lengths)
    paths[np.repeat(np.arange(len(todo)), lengths), cols] = [h for t in todo for h in t[2]]
    expected = np.array([t[3] for t in todo])
    res = validate_batch(board.nbr, np.stack(stack), None, group, paths, expected)
    ok = res["one_slot"] & (res["bad_step"] < 0) & (res["total"] == expected)
    recorded: dict[str, dict] = {}  # side -> the fields the phase records (its movers' side alone
    for (k, u, _, _, _), fine in zip(todo, ok.tolist(), strict=True):  # tells them: phases.recorded)
        if not fine:
            continue
        if u.side not in recorded:  # the phase and the mover say them: asked of a position holding
            # the mover alone (the board's would index all its units for one)
            alone = state.replace(units=(u,))
            recorded[u.side] = rs.recorded_fields(alone, [u.id], mode).get(u.id, {})
        attrs = MappingProxyType({**u.attrs, **recorded[u.side]})
        if type(u) is Unit:  # made directly: ``replace`` reads every field again by name
            out[k] = Unit(u.id, u.side, u.nation, u.cls, dests[k], u.size, u.strength, u.movement, attrs)
        else:
            out[k] = replace(u, hex=dests[k], attrs=attrs)
    return out
