"""Der Weltkrieg supply (R17-R20, R29-4, R34; spec §6): supply lines to HQs, HQ lines of
communication, surrounded units.

A supply line runs from the unit to an HQ of a nationality that may supply it (R18-13, nation rules),
its length counted in MP of normal movement ignoring ZOC (R19-8), and it is blocked by prohibited
hexsides, enemy units, and enemy ZOC hexes holding no friendly ground unit or fortress (R19-7,
R21-2). All units of a side are answered by one reverse multi-source search per group of HQs that
may supply them (usually one per nationality), never one search per unit.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...board import Board
from ...reports import SupplyReport
from ...ruleset import supply_answer
from ...search import INF, MP_UNIT, EdgeCosts, mp, path_to, search, search_graph
from ...state import Unit
from .protocol import DwHooks
from .rail import friendly_rail
from .supply_line import line_threshold

PROXY = Unit(id="(supply line)", side="", nation="", cls="infantry", hex="")


def supply_costs(rs: DwHooks, board: Board, side: str, unit: Unit | None = None) -> EdgeCosts:
    """Step costs of a supply line for ``side`` (R19-7, R19-8, R21-2, R22-15)."""
    tracer = unit if unit is not None and rs.option(board.state, "supply_line_costs") == "unit" else PROXY
    k = rs.terrain_costs(board, tracer).copy()
    enemy_units = board.hexes_holding(board.unit_side != side)
    k.forbid(rs.dest(board, enemy_units), "R19-7", "an enemy unit is in the hex")
    ezoc = rs.enemy_zoc(board, side)
    holders = board.hexes_holding((board.unit_side == side) & (_gcu(rs, board) | _fortress(board)))
    k.forbid(
        rs.dest(board, ezoc & ~holders),
        "R19-7; R21-2",
        "an enemy ZOC hex with no friendly ground unit or fortress",
    )
    return k


def _gcu(rs: DwHooks, board: Board) -> np.ndarray:
    """Per unit: a ground combat unit (R3)."""
    return board.unit_flags("dw-gcu", rs.is_gcu)


def _fortress(board: Board) -> np.ndarray:
    return board.unit_flags("fortress", lambda u: u.cls == "fortress")


def may_supply(rs: DwHooks, hq: Unit, unit: Unit) -> bool:
    """R18-13, R19-6 and the nation rules (R37-8, R38-3, R39-2, R40-7, R41-6, ...)."""
    if hq.nation == unit.nation:
        return True
    others = rs.data["supplies_others"].get(hq.nation)
    if not others:
        return False
    nations = others["nations"]
    if f"*{unit.side}" in nations:
        return True
    return unit.nation in nations


def hq_lines_of_communication(rs: DwHooks, board: Board, side: str) -> np.ndarray:
    """Hexes from which an HQ traces a line of communication (R19-15): any length to a friendly
    active rail line or depot, no enemy ZOC hex without a friendly unit, no prohibited hexside, at
    most one mountain hexside. Two reverse searches: with no mountain hexside, then with one."""
    ta = rs.terrain_arrays(board)
    friendly = board.hexes_holding(board.unit_side == side)
    ezoc = rs.enemy_zoc(board, side)
    ok_dest = rs.dest(board, ~(ezoc & ~friendly)) & (board.nbr >= 0)
    passable = ok_dest & ~ta["prohibited"] & ~rs.dest(board, ta["water_hex"])
    mountain = rs.terrain_in(ta, ["mountain"])
    owner = board.location_field("owner")
    depot = (board.arrays.hex_feature("depot") | board.marker("depot")) & (
        np.equal(owner, None) | (owner == side)
    )
    targets = np.flatnonzero(friendly_rail(rs, board, side) | depot)
    plain = np.where(passable & ~mountain, 1.0, INF)
    d0, _ = search(board.nbr, plain, targets, reverse=True)
    s0 = np.isfinite(d0)
    # hexes with a mountain hexside into s0 may use their one mountain crossing there
    seed = ((passable & mountain) & rs.dest(board, s0)).any(axis=1)
    d1, _ = search(board.nbr, plain, np.flatnonzero(seed | s0), reverse=True)
    return np.isfinite(d1)


def loc_targets(rs: DwHooks, board: Board, side: str) -> np.ndarray:
    """Friendly map edge and friendly country interior for the surrounded test (R20-1).

    Scenario data: ``loc_targets: {side: [hex ids]}`` in the state, else map hexes with attr
    ``friendly_edge`` equal to the side, else every sheet-edge hex of a country of the side."""
    listed = (board.state.extra.get("loc_targets") or {}).get(side)
    out = np.zeros(board.n, dtype=bool)
    if listed:
        out[[board.idx(h) for h in listed]] = True
        return out
    marked = board.arrays.hex_attr("friendly_edge") == side
    if marked.any():
        return marked
    own = rs.country_side(board) == side
    edge = (board.nbr < 0).any(axis=1)
    return own & edge


def surrounded(rs: DwHooks, board: Board, side: str) -> np.ndarray | None:
    """Hexes from which no line of communication of any length reaches a friendly map edge or
    interior: blocked by enemy ground units and enemy ZOC hexes without friendly ground units;
    prohibited hexsides block too (R20-1; spec §10 #36). None when the map and scenario define
    no friendly map edge or interior for the side (then nobody can be judged surrounded)."""
    targets_mask = loc_targets(rs, board, side)
    if not targets_mask.any():
        return None
    ta = rs.terrain_arrays(board)
    enemy_gcu = board.hexes_holding((board.unit_side != side) & _gcu(rs, board))
    friendly_gcu = board.hexes_holding((board.unit_side == side) & _gcu(rs, board))
    ezoc = rs.enemy_zoc(board, side)
    blocked = enemy_gcu | (ezoc & ~friendly_gcu)
    ok = (board.nbr >= 0) & ~ta["prohibited"] & rs.dest(board, ~blocked) & ~rs.dest(board, ta["water_hex"])
    targets = np.flatnonzero(targets_mask & ~blocked)
    d, _ = search(board.nbr, np.where(ok, 1.0, INF), targets, reverse=True)
    return ~np.isfinite(d)


def thresholds(rs: DwHooks, board: Board, hq_has_loc: bool) -> tuple[int, int, str]:
    """(attack, counterattack, rule) supply-line thresholds in MP (R19-9, R19-10, R34, R19-15),
    computed by :func:`.supply_line.line_threshold` so the combat arithmetic and the search agree."""
    winter = rs.is_winter(board.state)
    option = rs.option(board.state, "winter_no_loc_threshold")
    att, cnt = (
        line_threshold(c, winter=winter, hq_has_loc=hq_has_loc, winter_no_loc=option) for c in (False, True)
    )
    rule = ("R34-2; R34-3" if winter else "R19-9; R19-10") + ("" if hq_has_loc else "; R19-15")
    return att, cnt, rule


def supply_report(rs: DwHooks, board: Board, side: str, with_paths: bool = True) -> SupplyReport:
    """Per unit of ``side``: supplying HQ, supply line (MP and, with ``with_paths``, the hexes),
    strength reductions for attack and counterattack, whether artillery may fire, and whether
    the unit is surrounded."""
    state = board.state
    hqs = [u for u in state.units if u.side == side and rs.klass(u).get("hq")]
    needy = [u for u in state.units if u.side == side and rs.is_gcu(u)]
    loc = hq_lines_of_communication(rs, board, side)
    cut_off = surrounded(rs, board, side)
    checked = cut_off is not None
    if cut_off is None:
        cut_off = np.zeros(board.n, dtype=bool)
    fortress = board.hexes_holding((board.unit_side == side) & _fortress(board))
    # R19-15: an HQ without a line of communication in an enemy ZOC may expend no supply points
    ezoc = rs.enemy_zoc(board, side)
    silent = {h.id for h in hqs if not loc[board.idx(h.hex)] and ezoc[board.idx(h.hex)]}

    groups: dict[tuple[str, ...], list[Unit]] = {}
    keys: dict[tuple[str, str], tuple[str, ...]] = {}  # HQs that may supply, per (nation, side)
    for u in needy:
        if (u.nation, u.side) not in keys:
            keys[(u.nation, u.side)] = tuple(h.id for h in hqs if may_supply(rs, h, u))
        groups.setdefault(keys[(u.nation, u.side)], []).append(u)
    shared_costs = None if rs.option(state, "supply_line_costs") == "unit" else supply_costs(rs, board, side)
    results = []
    searches = 0
    for key, members in groups.items():
        sources = [h for h in hqs if h.id in key and h.id not in silent]
        idle = [h for h in key if h in silent]
        idx = np.array([board.idx(h.hex) for h in sources], dtype=np.int64)
        by_hex: dict[int, Unit] = {}
        for h in sources:  # several HQs in one hex: the one with most supply points
            i = board.idx(h.hex)
            if i not in by_hex or h.attr("supply_points", 0) > by_hex[i].attr("supply_points", 0):
                by_hex[i] = h
        batches = (
            [(shared_costs, members)]
            if shared_costs is not None
            else [(supply_costs(rs, board, side, u), [u]) for u in members]
        )
        limits = {has: thresholds(rs, board, has) for has in (True, False)}
        for costs, batch in batches:
            dist, pred, nearest = search_graph(costs.graph(board.nbr, reverse=True), idx, with_sources=True)
            searches += 1
            for u in batch:
                r = _unit_line(
                    rs, board, u, dist, pred, nearest, by_hex, loc, cut_off, fortress, limits, with_paths
                )
                if idle and "note" in r:  # no line to an HQ that may expend supply points
                    r["rules"].append("R19-15")
                    r["note"] += (
                        f"; {', '.join(idle)}: in an enemy ZOC without a line of communication, "
                        "may expend no supply points (R19-15)"
                    )
                results.append(r)
    order = {u.id: k for k, u in enumerate(state.units)}
    results.sort(key=lambda r: order[r["unit"]])
    return supply_answer(
        side,
        results,
        winter=rs.is_winter(state),
        hqs=[
            {
                "unit": h.id,
                "hex": h.hex,
                "supply_points": h.attr("supply_points", 0),
                "line_of_communication": bool(loc[board.idx(h.hex)]),
                "may_expend_supply_points": h.id not in silent,
                "rule": "R19-15",
            }
            for h in hqs
        ],
        searches=searches,
        surrounded_checked=checked,
        **(
            {}
            if checked
            else {
                "note": "surrounded units not checked: no friendly map edge or "
                "interior is defined for this side (R20-1); give "
                "loc_targets in the state or friendly_edge on map hexes"
            }
        ),
    )


def _unit_line(
    rs, board, u, dist, pred, nearest, by_hex, loc, cut_off, fortress, limits, with_paths
) -> dict[str, Any]:
    i = board.idx(u.hex)
    ids = board.arrays.ids
    out: dict[str, Any] = {"unit": u.id, "hex": u.hex, "nation": u.nation}
    is_surrounded = bool(cut_off[i]) and not fortress[i]  # R20-9
    out["surrounded"] = is_surrounded
    klass = rs.klass(u)
    auto = klass.get("cavalry_auto_supply") or (
        u.cls == "cavalry"
        and u.attr("full_strength", 99) <= (2 if rs.nation_rule("cavalry_supplied_two_steps", u) else 1)
    )
    if auto:  # R30-1
        out.update(
            status="in supply",
            hq=None,
            line_mp=None,
            path=[],
            attack_reduction=0,
            counterattack_reduction=0,
            rules=["R30-1"],
        )
        return out
    if not np.isfinite(dist[i]):
        out.update(
            status="surrounded" if is_surrounded else "no supply line",
            hq=None,
            line_mp=None,
            path=[],
            attack_reduction=None,
            counterattack_reduction=None,
            rules=["R19-7", "R19-11"] + (["R20-1"] if is_surrounded else []),
        )
        out["note"] = "may attack or counterattack only at half strength, unsupplied (R19-11)"
        return out
    # the reverse search's tree points toward the HQ
    path = path_to(pred, i)[::-1] if with_paths else []
    hq_hex = int(nearest[i])
    hq = by_hex[hq_hex]
    units_ = float(dist[i])  # internal units (1/30 MP); supply lines are whole MPs
    length = int(units_ // MP_UNIT) if units_ % MP_UNIT == 0 else mp(units_)
    has_loc = bool(loc[hq_hex])
    att, cnt, rule = limits[has_loc]
    adjacent = hq_hex == i or hq_hex in board.nbr[i]
    att_red = 0 if (adjacent and has_loc) else max(0, int(length - att))  # R19-13
    cnt_red = max(0, int(length - cnt))
    status = "surrounded" if is_surrounded else ("in supply" if att_red == 0 and cnt_red == 0 else "reduced")
    out.update(
        status=status,
        hq=hq.id,
        line_mp=length if isinstance(length, int) else float(length),
        path=[ids[k] for k in path],
        attack_reduction=att_red,
        counterattack_reduction=cnt_red,
        thresholds=[att, cnt],
        rules=[rule] + (["R19-13"] if adjacent and has_loc else []),
    )
    if klass.get("artillery"):
        limit = rs.data["supply"]["artillery_max_line"]["value"]
        out["artillery_may_attack"] = bool(length <= limit or adjacent)  # R29-4
        out["artillery_may_counterattack"] = bool(length <= limit)
    return out
