"""River movement along navigable inland waterways [7C]: a unit adjacent to a navigable hexside
enters it, follows connected navigable hexsides and is placed in a land hex beside the last one at
0 MP [7C2]. Hexsides per MP come from the River Movement Rates Table (the user's chart-values
file: ``river_rates.movement.hexsides_per_mp``). Each inland waterway net (connected navigable
hexsides [7C6]) gives a player 1 RE of capacity per river transport marshaling yard he owns on it
[7C4]; a unit uses its RE size (artillery and c/m ×2) once per net per turn [7C5].

Navigable [7C1]: river, canal (all kinds) and lake hexsides, except a river or canal hexside next
to a mountain hex (rapids) on the European maps; hexsides marked ``navigable`` (non-European maps)
always; never one the position marks frozen (``frozen_to`` of a hex lists the hexes across, [36E])."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...core_fields import mp_field_value, spent_mp
from ...hexside_graph import HexsideGraph
from ...ledger import Ledger
from ...movement import Reach
from ...ruleset import fraction
from ...search import INF, units
from ...verdict import Changes, Reason, Step, Verdict
from ...verdict import refused as _refuse
from . import capacity as cap

LEDGER = "grd-river"


def waterways(rs, board) -> HexsideGraph:
    """The navigable hexsides of the map and the position's frozen ones left out [7C1]."""
    a = board.arrays
    frozen = _frozen(board)
    key = ("grd-waterways", frozen.tobytes() if frozen.any() else b"")

    def build() -> HexsideGraph:
        r = rs.data["river"]
        mask = np.zeros(a.nbr.shape, dtype=bool)
        for f in r["navigable_sides"]:
            mask |= a.side_feature(f)
        rapids = np.isin(a.hex_terrain.astype(str), r["rapids_next_to"])
        mask &= ~(rapids[:, None] | rapids[a.safe_nbr])
        for f in r["waterway_lakes"]:
            mask |= a.side_feature(f)
        mask |= a.side_feature("navigable")
        return HexsideGraph(a, mask & ~frozen)

    return board.cached(key, build)


def _frozen(board) -> np.ndarray:
    a = board.arrays
    pairs = [(h, str(o)) for h, hs in board.state.hexes.items() for o in hs.attrs.get("frozen_to", ()) or ()]
    return a._paint(pairs, [True] * len(pairs), False, bool) if pairs else np.zeros(a.nbr.shape, dtype=bool)


def river_yards(rs, board, g: HexsideGraph) -> np.ndarray:
    """Per hex: a river transport marshaling yard: a major city hex next to a navigable hexside
    (European maps), or a hex the map marks ``river_yard`` [7C4]."""
    beside = (g.node >= 0).any(axis=1)
    marked = np.equal(board.arrays.hex_attr("river_yard"), True)
    return (rs.nets(board).major_city & beside) | marked


def net_names(board, g: HexsideGraph) -> list[str]:
    """A name per waterway net [7C6]: ``waterway:`` and the first hex id along it."""
    labels = g.components()
    ids = board.arrays.ids
    first: dict[int, str] = {}
    for node, lab in enumerate(labels.tolist()):
        name = min(ids[int(g.ends[node, 0])], ids[int(g.ends[node, 1])])
        if lab not in first or name < first[lab]:
            first[lab] = name
    return [f"waterway:{first[int(lab)]}" for lab in labels]


def capacities(rs, board, side: str) -> dict[str, tuple[Fraction, str]]:
    """Per waterway net: 1 RE per river transport marshaling yard ``side`` owns on it [7C4], [7C6]."""
    g = waterways(rs, board)
    names = net_names(board, g)
    owned = river_yards(rs, board, g) & rs.nets(board).friendly(side)
    per = fraction(rs.data["river"]["yard_capacity"]["value"])
    out: dict[str, Fraction] = {n: Fraction(0) for n in set(names)}
    for h in np.flatnonzero(owned):
        for net in {names[k] for k in g.sides_of(int(h))}:
            out[net] += per
    return {cap.pool_of(side, n): (v, "7C4; 7C6") for n, v in out.items()}


def river_ledger(rs, board, side: str) -> Ledger:
    return Ledger.of(board.state, LEDGER, capacities(rs, board, side), period="turn")


def _blocked(rs, board, g: HexsideGraph, side: str) -> np.ndarray:
    """Per node: blocked by enemy coast defenses in a hex beside it [7C3] (map attr
    ``coast_defense`` of a hex the enemy owns)."""
    enemy = np.equal(rs.nets(board).owner, rs.other_side(side))
    defended = enemy & np.equal(board.arrays.hex_attr("coast_defense"), True)
    if g.k == 0:
        return np.zeros(0, dtype=bool)
    return defended[g.ends[:, 0]] | defended[g.ends[:, 1]]


def _rate(board) -> Fraction:
    return fraction(
        board.values.cell(
            "river_rates",
            "movement",
            "hexsides_per_mp",
            what="the River Movement Rates Table's navigable hexsides per MP",
            rule="7C2",
        )
    )


def _trace(rs, board, unit) -> tuple[HexsideGraph, np.ndarray, np.ndarray, Reason | None]:
    """The waterway graph, its open nodes, the sides entered to reach each node from the unit,
    or why the unit may not move by river at all."""
    g = waterways(rs, board)
    start = board.idx(unit.hex)
    starts = g.sides_of(start)
    if starts.size == 0:
        return (
            g,
            np.zeros(g.k, bool),
            np.full(g.k, np.inf),
            Reason("7C2", f"{unit.hex} is not adjacent to a navigable inland waterway hexside"),
        )
    opened = ~_blocked(rs, board, g, unit.side)
    yards = river_yards(rs, board, g) & rs.nets(board).friendly(unit.side)
    at_yard = np.unique(np.concatenate([g.sides_of(int(h)) for h in np.flatnonzero(yards)] or [[]])).astype(
        np.int64
    )
    if at_yard.size == 0 or not g.reachable(starts, opened)[at_yard].any():
        why = "no line of unblocked navigable hexsides joins the unit to a friendly river transport yard"
        return g, opened, np.full(g.k, np.inf), Reason("7C3", why)
    return g, opened, g.entered(starts, opened), None


def _bad_end(rs, board, unit, end: int) -> bool:
    enemy = rs.other_side(unit.side)
    occupied = board.hexes_holding(board.unit_side == enemy)
    return bool(occupied[end] or rs.nets(board).owner[end] == enemy)


def judge_river(rs, board, unit, path: list[str]) -> Verdict:
    if len(path) != 2:
        return _refuse("7C2", "a river move names two hexes: the unit's hex and the land hex it is placed in")
    if path[0] != unit.hex:
        return _refuse("7C2", f"{unit.id} is in {unit.hex}, not {path[0]}")
    g, opened, dist, why = _trace(rs, board, unit)
    if why is not None:
        return Verdict(False, Fraction(0), (), (why,))
    end = board.idx(path[1])
    goals = g.sides_of(end)
    goals = goals[np.isfinite(dist[goals])] if goals.size else goals
    if goals.size == 0:
        why = f"no line of connected, unblocked navigable hexsides leads to a hexside of {path[1]}"
        return _refuse("7C2", why)
    if _bad_end(rs, board, unit, end):
        return _refuse("7C3", f"a river move may not end in the enemy-occupied or enemy-owned hex {path[1]}")
    goal = int(goals[np.argmin(dist[goals])])
    chain = g.path(g.sides_of(board.idx(unit.hex)), goal, opened)
    entered = len(chain)
    spent = Fraction(entered) / _rate(board)
    ma = rs.movement_allowance(unit, "river")
    before = spent_mp(unit)
    ids = board.arrays.ids
    sides = [f"{ids[int(g.ends[k, 0])]}/{ids[int(g.ends[k, 1])]}" for k in chain]
    names = net_names(board, g)
    used = list(dict.fromkeys(names[k] for k in chain))
    extra: dict[str, Any] = {"river": {"hexsides": sides, "entered": entered, "nets": used}}
    step = Step(path[0], path[1], spent, spent, (("river", spent, "7C2"),), "river")
    if ma is None or spent > ma - before:
        left = (ma or 0) - before
        return Verdict(
            False,
            spent,
            (step,),
            (Reason("7C2", f"{spent} MP is more than the {left} MP left"),),
            extra=extra,
        )
    # capacity: once per unit per net per turn, RE size ×2 for artillery and c/m [7C5]
    ledger = river_ledger(rs, board, unit.side)
    amount = cap.transport_res(
        rs.re_of(unit), rs.doubled_for_transport(board, unit), False, rs.capacity_rules
    )
    charges = {}
    for net in used:
        pool = cap.pool_of(unit.side, net)
        try:
            before_charge = cap.charged_to(ledger, pool, unit.id)
            ledger = cap.charge_move(ledger, pool, unit.id, amount, rule="7C5", what="river movement")
        except cap.Refused as exc:
            return Verdict(False, spent, (step,), (Reason("7C5", exc.reason.message),), extra=extra)
        charges[pool] = {
            "res": cap._n(amount),
            "charged_now": cap._n(max(amount - before_charge, Fraction(0))),
            "remaining": cap._n(ledger.balance(pool)),
        }
    extra["river"]["charges"] = charges
    extra["ledgers"] = {LEDGER: ledger.to_state()}
    effects = (
        f"placed in {path[1]} at 0 MP (7C2)",
        "no ZOC from the start to the end of its river movement (7C3)",
    )
    changes = Changes(unit_fields={unit.id: {"mp_spent": mp_field_value(before + spent)}})
    return Verdict(True, spent, (step,), (), effects, extra=extra, changes=changes)


def river_reach(rs, board, unit) -> tuple[Reach, list[Reason]]:
    """Land hexes a river move can end in, with the MPs spent [7C2]; MissingChartValue without
    the River Movement Rates Table's value, as judging the move."""
    start = board.idx(unit.hex)
    stay = Reach(np.where(np.arange(board.n) == start, 0.0, INF), np.full(board.n, -9999), start)
    g, _, dist, why = _trace(rs, board, unit)
    if why is not None:
        return stay, [why]
    rate = _rate(board)  # a blank rate is missing input, as in judge_river (see rail._rate)
    best = np.full(board.n, np.inf)
    np.minimum.at(best, g.ends[:, 0], dist)
    np.minimum.at(best, g.ends[:, 1], dist)
    ma = rs.movement_allowance(unit, "river") or Fraction(0)
    left = ma - spent_mp(unit)
    mps = np.array([float(units(Fraction(int(x)) / rate)) if np.isfinite(x) else INF for x in best])
    enemy = rs.other_side(unit.side)
    bad = board.hexes_holding(board.unit_side == enemy) | np.equal(rs.nets(board).owner, enemy)
    mps = np.where(bad | (mps > units(left)), INF, mps)
    mps[start] = 0.0
    return _PairReach(mps, start), []


class _PairReach(Reach):
    def __init__(self, dist, start):
        super().__init__(dist, np.full(len(dist), -9999), start)

    def path(self, target: int) -> list[int]:
        return [self.start] if target == self.start else [self.start, target]
