"""Rail movement [7A]-[7A3], [7A8] and the rail report: operational moves cost MPs from the Rail
Movement Rates Table (the user's chart-values file: ``rail_rates.operational.hexes_per_mp``),
strategic moves up to 200 rail hexes; gauge changes cost 1 MP or 20 hexes; every net used is charged
the unit's transport REs once per turn [7A4]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from ...core_fields import spent_mp
from ...layered import mode_search
from ...movement import Reach
from ...reports import CapacityReport
from ...ruleset import fraction
from ...search import INF, EdgeCosts, units
from ...verdict import Reason, Step, Verdict, illegal
from . import capacity as cap
from .actions import apply_actions, depots_by_net, turn_ledger


def rail_open(rs, board, side: str, mover=None) -> EdgeCosts:
    """Per hexside: may ``side`` move along it by rail now [7A]? A reason where not. The
    ``mover`` does not hold an enemy ZOC off for itself."""
    held = negating(rs, board, side)
    alone = mover is not None and bool(_negates(rs, mover)) and held[board.idx(mover.hex)] == 1
    key = ("grd-rail-open", side, board.idx(mover.hex) if alone else -1)
    return board.cached(key, lambda: _rail_open(rs, board, side, key[2]))


def _rail_open(rs, board, side: str, not_held: int) -> EdgeCosts:
    a = board.arrays
    nets = rs.nets(board)
    safe = a.safe_nbr
    k = EdgeCosts.start(a.nbr.shape)
    k.forbid(~a.valid, "3E", "no hexside")
    k.forbid(~(nets.rail | nets.ferry), "7", "no rail line joins these hexes")
    if nets.ferry.any():  # a rail ferry only between two functioning ports [15A3]
        from .naval import functioning

        down = np.zeros(board.n, dtype=bool)
        for i in np.unique(np.nonzero(nets.ferry)[0]):
            down[i] = not functioning(rs, board, int(i))
        k.forbid(nets.ferry & (down[:, None] | down[safe]), "15A3", "a rail ferry's port is not functioning")
    mine = nets.friendly(side)
    k.forbid(~(mine[:, None] & mine[safe]), "7A", "rail movement only through friendly-owned rail hexes")
    for status, rule in (("broken", "7A6"), ("obstructed", "7A7")):
        bad = nets.status(status)
        k.forbid(bad[:, None] | bad[safe], rule, f"the rail line is {status}")
    held = negating(rs, board, side) > 0
    if not_held >= 0:
        held = held.copy()
        held[not_held] = False
    enemy_zoc = rs.zoc(board, rs.other_side(side)) & ~held
    k.forbid(
        enemy_zoc[:, None] | enemy_zoc[safe], "7A", "may not enter or leave a hex in an enemy ZOC by rail"
    )
    return k


def _negates(rs, u) -> bool:
    return (u.strength or 0) > 0 and not rs.cls(u).get("hq")


def negating(rs, board, side: str) -> np.ndarray:
    """Per hex, the friendly units with a defence strength there: they hold an enemy ZOC off for
    rail movement [7A]."""

    def build():
        out = np.zeros(board.n, dtype=np.int64)
        for u, h in zip(board.state.units, board.unit_hex, strict=True):
            if u.side == side and _negates(rs, u):
                out[h] += 1
        return out

    return board.cached(("grd-negating", side), build)


def yard_connected(rs, board, side: str) -> np.ndarray:
    """Friendly rail hexes joined by friendly-owned rail hexes to a friendly yard [7A]."""
    a = board.arrays
    nets = rs.nets(board)
    mine = nets.friendly(side) & nets.rail_hex
    safe = a.safe_nbr
    edge = nets.rail & mine[:, None] & mine[safe]
    i, d = np.nonzero(edge)
    g = sp.csr_matrix((np.ones(len(i)), (i, safe[i, d])), shape=(a.n, a.n))
    _, labels = connected_components(g, directed=False)
    good = set(labels[nets.yard & mine].tolist())
    return mine & np.isin(labels, list(good))


def _rate(board) -> Fraction:
    """Hexes per MP of operational rail movement [7A2]: "as given on the Rail Movement Rates
    Table", which the rulebook does not print. Without the user's value the cost of every
    operational rail move is unknown, so judging one, its reach and the path that explains a
    refused one all stop at :class:`~railhead.engine.values.MissingChartValue` naming the cell
    (exit 2): none of them answers "nothing reachable" or "illegal" for a value it lacks.
    Strategic rail movement [7A3] counts hexes and needs no rate."""
    text = board.values.cell(
        "rail_rates",
        "operational",
        "hexes_per_mp",
        what="the Rail Movement Rates Table's hexes per MP of operational rail movement",
        rule="7A2",
    )
    return fraction(text)


def judge_rail(rs, board, unit, path: list[str], mode: str) -> Verdict:
    a = board.arrays
    nets = rs.nets(board)
    side = unit.side
    start = board.idx(path[0])
    if not nets.rail_hex[start]:
        return Verdict(False, Fraction(0), (), (Reason("7A", f"{unit.id} is not on a rail line"),))
    if not yard_connected(rs, board, side)[start]:
        return Verdict(
            False,
            Fraction(0),
            (),
            (
                Reason(
                    "7A",
                    "no line of friendly-owned rail hexes joins the unit to a friendly rail marshaling yard",
                ),
            ),
        )
    spent = spent_mp(unit)
    if mode == "strategic_rail" and spent > 0:
        return Verdict(
            False,
            Fraction(0),
            (),
            (Reason("7A3", "strategic rail movement allows no other movement that phase"),),
        )
    opened = rail_open(rs, board, side, unit)
    mv = rs.data["movement"]
    strategic = mode == "strategic_rail"
    per_hex = Fraction(1) if strategic else 1 / _rate(board)
    change = fraction(mv["gauge_change_hexes" if strategic else "gauge_change_mp"]["value"])
    steps, total, gauges, used, low = [], Fraction(0), [], [], {}
    for x, y in zip(path, path[1:], strict=False):
        i, d = a.edge_slot(x, y)
        why = opened.reason(i, d)
        if why is not None:
            return Verdict(False, total, tuple(steps), (Reason(why.rule, f"{x} -> {y}: {why.message}"),))
        g = str(nets.gauge[i, d])
        if nets.ferry[i, d]:  # a ferry joining two nets counts against each [15A3]
            ends = [nets.hex_net[i], nets.hex_net[a.safe_nbr[i, d]]]
            crossed = list(dict.fromkeys(str(x) for x in ends if x is not None))
            parts = [("rail ferry", per_hex, "15A3")]
        else:
            crossed = [str(nets.net[i, d])]
            parts = [("rail", per_hex, "7A3" if strategic else "7A2")]
        cost = per_hex
        if gauges and gauges[-1] != g:
            cost += change
            parts.append(("gauge change", change, "7A8"))
        gauges.append(g)
        for net in crossed:
            if net not in used:
                used.append(net)
            low[net] = low.get(net, False) or bool(nets.low[i, d] or nets.ferry[i, d])
        total += cost
        steps.append(Step(x, y, cost, total, tuple(parts), mode))
    changes = sum(1 for p, q in zip(gauges, gauges[1:], strict=False) if p != q)
    extra: dict[str, Any] = {"rail": {"nets": used, "gauge_changes": changes}}
    if strategic:
        most = Fraction(mv["strategic_rail_hexes"]["value"]) - (
            100 if unit.attr("arrived_by_strategic_rail") else 0
        )
        if total > most:
            return illegal(
                steps, total, "7A3", f"{total} rail hexes (gauge changes at 20) is more than {most}", **extra
            )
        extra["allowance"] = f"{most} rail hexes"
    else:
        ma = rs.movement_allowance(unit, "rail")
        if ma is not None and total > ma - spent:
            return illegal(steps, total, "7A2", f"{total} MP is more than the {ma - spent} MP left", **extra)
    # capacity [7A4]: rail-only units use none [14B1]
    ledger = turn_ledger(rs, board)
    if not rs.cls(unit).get("rail_only"):
        res = rs.re_of(unit)
        doubled = rs.doubled_for_transport(board, unit)
        every = rs.option(board.state, "low_volume_doubling") == "every_net"
        charges = {}
        stored = rs.rail_ledger(
            board
        )  # what the position keeps: this turn's upkeep and actions are re-derived
        for net in used:
            pool = section_pool(rs, board, side, net, start)
            amount = cap.transport_res(
                res, doubled, low[net] or (every and any(low.values())), rs.capacity_rules
            )
            try:
                before = cap.charged_to(ledger, pool, unit.id)
                ledger = cap.charge_move(ledger, pool, unit.id, amount)
            except cap.Refused as exc:
                return Verdict(False, total, tuple(steps), (exc.reason,), extra=extra)
            due = max(amount - before, Fraction(0))
            if due > 0:
                stored = stored.spend(pool, unit.id, due, "rail movement", "7A4")
            charges[pool] = {
                "res": cap._n(amount),
                "charged_now": cap._n(due),
                "remaining": cap._n(ledger.balance(pool)),
            }
        extra["rail"]["charges"] = charges
        extra["ledgers"] = {cap.LEDGER: stored.to_state()}
    from ...verdict import Changes

    effects = ["no ZOC during rail movement (7A)"]
    if strategic:
        effects.append("may not attack this player turn nor move in the exploitation phase (7A3)")
    changes = Changes(unit_fields={unit.id: {"used_strategic_rail": True}}) if strategic else Changes()
    return Verdict(True, total, tuple(steps), (), tuple(effects), extra=extra, changes=changes)


def section_pool(rs, board, side: str, net: str, start: int) -> str:
    """The pool a move on ``net`` is charged to: the net's (the home section's), or under the
    optional [7A9] the orphan section ``sN`` the unit starts in once the net has been split."""
    pool = cap.pool_of(side, net)
    if not rs.option(board.state, "orphan_sections"):
        return pool
    labels, _ = rs.nets(board).sections(side, net)
    if labels[start] < 0:
        return pool
    orphan = f"{pool}/s{labels[start] + 1}"
    return orphan if orphan in turn_ledger(rs, board).pools() else pool


def rail_reach(rs, board, unit, mode: str):
    """Every location a rail move of ``unit`` in ``mode`` can reach [7A2] [7A3], and why none
    where it can take no rail move; an operational one on a rail line needs the Rail Movement
    Rates Table's value (:func:`_rate`: MissingChartValue without it, as judging the move)."""
    nets = rs.nets(board)
    start = board.idx(unit.hex)
    stay = Reach(np.where(np.arange(board.n) == start, 0.0, INF), np.full(board.n, -9999), start)
    if not nets.rail_hex[start] or not yard_connected(rs, board, unit.side)[start]:
        return stay, [Reason("7A", "not on a rail line joined to a friendly rail marshaling yard")]
    mv = rs.data["movement"]
    strategic = mode == "strategic_rail"
    if strategic:
        if spent_mp(unit) > 0:
            return stay, [Reason("7A3", "strategic rail movement allows no other movement that phase")]
        per_hex = Fraction(1)
        limit = Fraction(mv["strategic_rail_hexes"]["value"]) - (
            100 if unit.attr("arrived_by_strategic_rail") else 0
        )
        change = fraction(mv["gauge_change_hexes"]["value"])
    else:
        per_hex = 1 / _rate(board)  # a blank rate is missing input, as in judge_rail and rail_path
        ma = rs.movement_allowance(unit, "rail")
        limit = (ma if ma is not None else Fraction(10**6)) - spent_mp(unit)
        change = fraction(mv["gauge_change_mp"]["value"])
    best = _rail_search(rs, board, unit, per_hex, change, units(limit), open_only=True)
    if best is None:
        return stay, []
    dist, mr = best
    return _ModeReach(dist, mr, start), []


def _rail_searches(rs, board, unit, per_hex, change, limit: float, open_only: bool) -> list:
    """The searches by rail from the unit's hex, one per gauge it starts on [7A], along the
    hexsides open to it by rail now (``open_only``), else along every rail line."""
    a = board.arrays
    nets = rs.nets(board)
    start = board.idx(unit.hex)
    if open_only:
        ok = np.isfinite(rail_open(rs, board, unit.side, unit).cost)
    else:
        ok = nets.rail | nets.ferry
    gauges = sorted({str(g) for g in nets.gauge[nets.rail]})
    costs = {g: np.where(ok & np.equal(nets.gauge, g), units(per_hex), INF) for g in gauges}
    swap = {(g, h): units(change) for g in gauges for h in gauges if g != h}
    return [
        mode_search(a.nbr, costs, swap, start, g, limit)
        for g in {str(x) for x in nets.gauge[start][nets.rail[start]]}
    ]


def _rail_search(rs, board, unit, per_hex, change, limit: float, open_only: bool):
    """(cheapest cost per location, a search) by rail (:func:`_rail_searches`); None when the
    unit's hex is on no rail line."""
    best = None
    for mr in _rail_searches(rs, board, unit, per_hex, change, limit, open_only):
        d, _ = mr.best()
        if best is None or (d < best[0]).sum() > 0:
            best = (np.minimum(d, best[0]) if best is not None else d, mr)
    return best


def rail_path(rs, board, unit, mode: str, dest: str) -> list[str] | None:
    """The path a rail move of ``unit`` to ``dest`` takes, its allowance ignored, so that a
    refused one is explained by the rule that stops it [7A]: the cheapest along the hexsides open
    to it by rail, else along the rail lines whatever closes them (the step that a broken line,
    an enemy ZOC or enemy ownership closes is then the one refused); from a hex off every rail
    line, or cut off from every friendly yard, the drag itself (refused before its first step,
    saying so); None when no rail line joins the two. An operational move needs the Rail Movement
    Rates Table's value [7A2] even here (:func:`_rate`), as :func:`rail_reach` does."""
    nets = rs.nets(board)
    start, goal = board.idx(unit.hex), board.idx(dest)
    if not nets.rail_hex[start] or not yard_connected(rs, board, unit.side)[start]:
        return [unit.hex, dest]
    mv = rs.data["movement"]
    strategic = mode == "strategic_rail"
    per_hex = Fraction(1) if strategic else 1 / _rate(board)
    change = fraction(mv["gauge_change_hexes" if strategic else "gauge_change_mp"]["value"])
    for open_only in (True, False):
        searches = _rail_searches(rs, board, unit, per_hex, change, INF, open_only)
        reached = [mr for mr in searches if np.isfinite(mr.best()[0][goal])]
        if reached:
            mr = min(reached, key=lambda r: r.best()[0][goal])
            return [board.arrays.ids[i] for i in _ModeReach(mr.best()[0], mr, start).path(goal)]
    return None


class _ModeReach(Reach):
    def __init__(self, dist, mr, start):
        super().__init__(dist, np.full(len(dist), -9999), start)
        self.mr = mr

    def path(self, target: int) -> list[int]:
        out: list[int] = []
        for i, _ in self.mr.path(target):
            if not out or out[-1] != i:
                out.append(i)
        return out


def _waterways(rs, board, side: str) -> list[dict[str, Any]]:
    """Per inland waterway net where ``side`` owns a river transport marshaling yard: its
    capacity this turn and the river moves that used it [7C4]-[7C6]."""
    from .river import river_ledger

    ledger = river_ledger(rs, board, side)
    pools = [p for p in ledger.pools() if ledger.standing(p) > 0 or ledger.entries.get(p)]
    return ledger.report(sorted(pools))


def hex_changes(notes: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The hexes this turn's capacity actions change in the position, in the core's location
    change form (``{hex: {"owner"?: side, "fields": {...}}}``), later actions last."""
    out: dict[str, dict[str, Any]] = {}
    for note in notes:
        for h, change in (note.get("hexes") or {}).items():
            entry = out.setdefault(h, {"fields": {}})
            if "owner" in change:
                entry["owner"] = change["owner"]
            entry["fields"].update(change.get("fields", {}))
    return out


def rail_report(rs, board, side: str) -> CapacityReport:
    """Per net of ``side``: its capacity, what spent each RE this turn (depot upkeep, rail moves,
    activations, captures, deterioration, transfers, increases) and what is left [7A4]-[7A9]."""
    ledger, notes = apply_actions(rs, board)
    nets = rs.nets(board)
    pools = [p for p in ledger.pools() if p.startswith(side + ":")]
    report = ledger.report(pools)
    depots = depots_by_net(rs, board, side)
    from .supply import gsp_caps

    gsps = gsp_caps(rs, board, side)
    unisolated = ~np.equal(board.location_field("isolated"), True)
    for entry in report:
        net = entry["pool"].split(":", 1)[1].split("/", 1)[0]
        entry["standing"] = cap._n(ledger.standing(entry["pool"]))
        entry["depots"] = depots.get(net, [])
        entry["connected_yards"] = nets.connected_yards(side, net, unisolated) if net in nets.names else 0
        entry["supply_all_low_volume"] = cap.low_volume_for_supply(
            ledger, entry["pool"], fraction(rs.data["capacity"]["supply_low_volume_below"]["value"])
        )
        entry["must_deactivate"] = cap.forced_deactivations(
            ledger, entry["pool"], len(entry["depots"]), rs.capacity_rules
        )
    extras = {
        "actions": notes,
        "depot_gsps": gsps,  # GSPs each operational depot may generate [11C2bii]
        "ledger": {cap.LEDGER: ledger.to_state()},  # the position's ledger after this turn's actions
        "hexes": hex_changes(notes),  # and its hexes: captures' owners, obstructions, depots removed
        "waterways": _waterways(rs, board, side),  # river movement capacity per waterway net [7C5]
    }
    return CapacityReport(side, board.state.turn, "REs", report, extras=extras)
