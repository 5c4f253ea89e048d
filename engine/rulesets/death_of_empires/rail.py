"""Rail Mode (8.5): entrain at a friendly operating station not in enemy ZOC (8.51), move along
contiguous friendly operational rail, never into enemy ZOC, up to the rate's hexes per MP (8.53),
paying 1 Rail Point per BE per MP (2.61), detrain at a station (8.54). Entraining and detraining
cost (Exclusive Rules) MP per BE; what a segment cannot pay carries over (8.51, 8.54). Stations
pass at most their capacity of BE per day (8.55)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...core_fields import spent_mp
from ...ledger import Ledger
from ...movement import Reach
from ...search import INF, csr, mp, path_to, search_graph, units
from ...verdict import Changes, Reason, Step, Verdict
from .depots import closed_loc_hexes
from .facing import parse_facing
from .moves import base_allowance, days_of, force_march_asked, force_march_limit, segment_of, stays
from .offmap import hexes_per_mp, off_map_lines, off_map_mp
from .position import occupied, rail_status, zone_of_control
from .units import RAIL_BOUND, brigade_equivalents, mode_of, unit_type

RP_LEDGER = "doe-rail-points"
STATION_LEDGER = "doe-stations"


def rp_ledger(rs, board) -> Ledger:
    given = board.state.extra.get("rail_points") or {}
    cap = {s: (Fraction(given.get(s, 0)).limit_denominator(1000), "2.61; 5.11") for s in rs.sides}
    return Ledger.of(board.state, RP_LEDGER, cap, period="turn")


def station_capacity(rs, board, hex_id: str) -> Fraction:
    """8.55: BE a station lets entrain or detrain per day (the map's ``station_capacity``, else the
    chart-values cell station.capacity.be_per_day); per impulse = times the days (option)."""
    attr = board.map.hexes[hex_id].attrs.get("station_capacity")
    if attr is None:
        attr = board.values.whole(
            "station",
            "capacity",
            "be_per_day",
            what="a railroad station's capacity",
            rule="8.55 (Exclusive Rules)",
        )
    days = days_of(rs, board.state) if rs.option(board.state, "station_capacity_period") == "per_day" else 1
    return Fraction(attr) * days


def station_ledger(rs, board, side: str) -> Ledger:
    cap = {}
    for h, x in board.map.hexes.items():
        if "station" in x.features and x.attrs.get("station_capacity") is not None:
            cap[f"{side} {h}"] = (station_capacity(rs, board, h), "8.55")
    return Ledger.of(board.state, STATION_LEDGER, cap, period="impulse")


def rail_edges(rs, board, side: str, movers) -> tuple[np.ndarray, list[Reason], np.ndarray]:
    """(N, D) internal-unit cost of each rail step for ``movers`` (inf where not allowed), the
    reasons, and the per-step reason index."""
    a = board.arrays
    track = a.line_attr("rail", "track", default="single")
    dbl = Fraction(1, int(rs.data["rail"]["hexes_per_mp_double"]["value"]))
    sgl = Fraction(1, int(rs.data["rail"]["hexes_per_mp_single"]["value"]))
    cost = np.where(np.equal(track, "double"), units(dbl), units(sgl))
    if rs.option(board.state, "rail_mixed_route") == "slowest_rate":
        cost = np.full(a.nbr.shape, units(sgl))
    why = np.full(a.nbr.shape, -1)
    reasons: list[Reason] = []
    safe = a.safe_nbr

    def forbid(mask, rule, msg):
        reasons.append(Reason(rule, msg))
        why[mask & (why < 0)] = len(reasons) - 1

    forbid(~a.valid, "8.53", "no hexside")
    forbid(a.valid & np.equal(track, None), "8.53", "no rail line along this hexside")
    status = rail_status(board)
    forbid(a.valid & (status[safe] != side), "3.8", "the rail hex entered is not friendly operational")
    other = rs.other_side(side)
    forbid(a.valid & occupied(board, other)[safe], "3.31.F", "the hex holds enemy units")
    z = zone_of_control(rs, board, other)
    if rs.option(board.state, "rail_zoc_negation") == "friendly_units":
        z = z & ~occupied(board, side)
    forbid(a.valid & z[safe], "8.53", "Rail-Mode units may not enter an enemy ZOC")
    closed = closed_loc_hexes(rs, board, side, movers)
    forbid(
        a.valid & closed[safe],
        "7.22; 8.53",
        "an army's LOC is closed to Rail-Mode movement without Capability 4",
    )
    return np.where(why >= 0, INF, cost), reasons, why


def _mode_change(rs, board, kind: str, be: Fraction, carried: Fraction) -> Fraction:
    per = board.values.cell(
        "rail", kind, "mp_per_be", what=f"the MP per BE to {kind}", rule="8.51; 8.54 (Exclusive Rules)"
    )
    return Fraction(per) * be - carried


def judge_rail(rs, board, unit_ids, path, **kw) -> Verdict:
    state = board.state
    movers = [state.unit(i) for i in unit_ids]
    side = movers[0].side
    entrain = kw.get("entrain") not in (None, "", "no")
    detrain = kw.get("detrain") if kw.get("detrain") not in (None, "", "no") else None
    if detrain == "yes":
        detrain = "deployed"
    if detrain is not None and detrain not in ("deployed", "road"):
        raise InputError(f"detrain takes deployed or road (8.54), not {detrain!r}", where="--with detrain")
    facing = parse_facing(kw["facing"]) if kw.get("facing") is not None else None
    if facing is not None and detrain != "deployed":
        raise InputError(
            "only a unit detraining into Deployed Mode takes a facing (3.24)", where="--with facing"
        )
    stations = board.arrays.hex_feature("station")

    def refused(rule: str, why: str) -> Verdict:  # a refusal by the rules, not bad input
        return Verdict(False, Fraction(0), (), (Reason(rule, why),))

    for u in movers:
        m = mode_of(u)
        if entrain:
            if m not in ("deployed", "road") or unit_type(u) in RAIL_BOUND:
                why = f"{u.id} is in {m.title()} Mode: only units in Deployed or Road Mode entrain"
                return refused("8.51", why)
            if not stations[board.idx(path[0])]:
                return refused("8.51", f"entraining off a station: {path[0]} has no railroad station")
        elif m != "rail":
            why = f"{u.id} is in {m.title()} Mode: it entrains first at a station (--with entrain=yes)"
            return refused("8.51", why)
        if detrain is not None and unit_type(u) in RAIL_BOUND:
            return refused("7.23.A", f"{u.id} ({unit_type(u)}) is always in Rail Mode and never detrains")
    if detrain is not None and not stations[board.idx(path[-1])]:
        return refused("8.54", f"detraining off a station: {path[-1]} has no railroad station")
    hq_be = rs.option(state, "corps_hq_be")
    be = sum((brigade_equivalents(rs.data, u, hq_be) for u in movers), Fraction(0))
    lead = movers[0]
    base = base_allowance(rs, state)
    spent = spent_mp(lead)
    left = base - spent
    carried = Fraction(lead.attr("mode_change_mp", 0)).limit_denominator(1000)
    other = rs.other_side(side)
    z = zone_of_control(rs, board, other)
    status = rail_status(board)
    changes: dict = {}
    extra: dict = {"be": float(be), "segment": segment_of(state)}
    ledgers: dict = {}
    stl = station_ledger(rs, board, side)
    used_mp = Fraction(0)
    steps: list[Step] = []

    def fail(rule, msg, mp_=used_mp):
        return Verdict(False, mp_, tuple(steps), (Reason(rule, msg),), extra=extra)

    def station_use(h: str, what: str):
        nonlocal stl
        pool = f"{side} {h}"
        if pool in stl.pools():
            if stl.remaining(pool) < be:
                return Reason(
                    "8.55",
                    f"{h}: the station can {what} {stl.remaining(pool)} more BE this impulse, not {be}",
                )
            stl = stl.spend(pool, lead.id, be, what, "8.55")
        return None

    if entrain:
        h = board.idx(path[0])
        if status[h] != side:
            return fail("8.51; 3.8", f"{path[0]}: the station is not friendly operational")
        if z[h]:
            return fail("8.51", f"{path[0]}: units may not entrain in an enemy ZOC")
        need = _mode_change(rs, board, "entrain", be, carried)
        why = station_use(path[0], "entrain")
        if why:
            return Verdict(False, Fraction(0), (), (why,), extra=extra)
        if (
            need > left
            and rs.option(state, "force_march_to_entrain")
            and segment_of(state) == "counter_march"
            and force_march_asked(kw)  # the player's choice (9.11)
        ):
            fm = min(need - left, force_march_limit(rs, lead, state))  # 8.51 read over 9.11
            if fm > 0 and len(path) == 1:
                extra["force_march"] = {
                    "mp": int(fm),
                    "morale_check_modifier": int(fm),
                    "rule": "8.51; 9.11.A",
                }
                left += fm
        if need > left:
            if len(path) > 1:
                return fail(
                    "8.51",
                    f"entraining needs {need} more MP, {left} are left: the rest carries over "
                    "and the unit may not move by rail yet",
                )
            extra["carry_over"] = {
                "mp_spent_entraining": float(carried + left),
                "still_needed": float(need - left),
                "rule": "8.51",
            }
            fields = {u.id: {"mode_change_mp": float(carried + left)} for u in movers}
            return Verdict(
                True,
                left,
                (),
                (),
                ("8.51: partly entrained: SP marker under the Rail marker",),
                extra,
                Changes(unit_fields=fields),
            )
        used_mp += need
        extra["entrain_mp"] = float(need)
        carried = Fraction(0)
    # the rail journey
    cost, reasons, why_idx = rail_edges(rs, board, side, movers)
    total = 0.0
    lines = off_map_lines(board.map)
    for k, (a_, b_) in enumerate(zip(path, path[1:], strict=False)):
        if a_ in lines or b_ in lines:  # along an off-map rail line (8.53.A)
            box = a_ if a_ in lines else b_
            length, track = lines[box]
            if a_ == box:
                if z[board.idx(b_)]:
                    return fail("8.53.A", f"{box} -> {b_}: a unit may not reenter the map into an enemy ZOC")
                if status[board.idx(b_)] != side:
                    return fail("8.53; 3.8", f"{b_}: not friendly operational rail")
                hexes = int(lead.attr("off_map_left", 0)) if k == 0 else length
            elif k + 2 < len(path):
                continue  # charged on leaving the line
            else:  # the journey ends on the line: as far as the MP left carry it
                room = left - used_mp - mp(total)
                hexes = min(length, max(0, math.floor(room * hexes_per_mp(rs, track))))
                extra["off_map"] = {"line": box, "hexes_travelled": hexes, "hexes_left": length - hexes,
                                    "rule": "8.53.A"}  # fmt: skip
            off = off_map_mp(rs, hexes, track)
            total += units(off)
            part = (("off-map rail", off, "8.53.A"),)
            steps.append(Step(a_, b_, off, mp(total), part, "rail", {"mode": "rail", "facing": None}))
            continue
        slot = board.arrays.edge_slot(a_, b_)
        if slot is None:
            return fail("8.53", f"{a_} -> {b_}: the hexes are not adjacent")
        i, d = slot
        if why_idx[i, d] >= 0:
            r = reasons[why_idx[i, d]]
            return fail(r.rule, f"{a_} -> {b_}: {r.message}")
        total += cost[i, d]
        steps.append(
            Step(
                a_,
                b_,
                mp(cost[i, d]),
                mp(total),
                (("rail", mp(cost[i, d]), "8.53"),),
                "rail",
                {"mode": "rail", "facing": None},
            )
        )
    rail_mp = math.ceil(mp(total)) if len(path) > 1 else 0
    free = int(rs.data["rail"]["reinforcement_free_mp"]["value"]) if lead.attr("reinforcement") else 0
    paid = max(0, rail_mp - free)
    rp = be * paid * int(rs.data["rail"]["rp_per_be_mp"]["value"])
    used_mp += rail_mp
    extra.update(
        {
            "rail_mp": rail_mp,
            "free_mp": min(free, rail_mp),
            "rail_points": float(rp),
            "hexes": len(path) - 1 - sum(x in lines for x in path),
        }
    )
    if used_mp > left:
        return fail(
            "8.53; 9.11", f"{used_mp} MP by rail is more than the {left} MP left: no Force March in Rail Mode"
        )
    ledger = rp_ledger(rs, board)
    if rp:
        remaining = ledger.remaining(side) or Fraction(0)
        if remaining < rp:
            return fail(
                "2.61; 8.53", f"{rp} Rail Points needed ({be} BE x {paid} MP), {remaining} left this week"
            )
        ledger = ledger.spend(side, lead.id, rp, f"rail {path[0]} -> {path[-1]}", "2.61; 8.53")
        ledgers[RP_LEDGER] = ledger.to_state()
    extra["rail_points_left"] = float(ledger.remaining(side) or 0)
    new_mode = "rail"
    fields_extra: dict = {}
    if detrain is not None:
        h = board.idx(path[-1])
        if status[h] != side:
            return fail("8.54; 3.8", f"{path[-1]}: the station is not friendly operational")
        need = _mode_change(rs, board, "detrain", be, Fraction(0) if entrain else carried)
        why = station_use(path[-1], "detrain")
        if why:
            return Verdict(False, used_mp, tuple(steps), (why,), extra=extra)
        room = left - used_mp
        if need > room:
            extra["carry_over"] = {
                "mp_spent_detraining": float(room),
                "still_needed": float(need - room),
                "rule": "8.54",
            }
            fields_extra["mode_change_mp"] = float(room)
            used_mp += room
        else:
            used_mp += need
            new_mode = detrain
            fields_extra["mode_change_mp"] = 0
            if facing is not None:
                fields_extra["facing"] = facing
        extra["detrain_mp"] = float(min(need, room))
    if entrain or detrain is not None:
        ledgers[STATION_LEDGER] = stl.to_state()
    extra["ledgers"] = ledgers
    extra["mode"] = new_mode
    if "off_map" in extra:
        fields_extra["off_map_left"] = extra["off_map"]["hexes_left"]
    elif path[0] in lines:
        fields_extra["off_map_left"] = 0
    for u in movers:
        changes[u.id] = {"mode": new_mode, **fields_extra}
        if entrain and "mode_change_mp" not in fields_extra:
            changes[u.id]["mode_change_mp"] = 0
    return Verdict(True, used_mp, tuple(steps), (), (), extra, Changes(unit_fields=changes))


class RailReach(Reach):
    def __init__(self, dist, pred, start, free):
        super().__init__(dist, pred, start)
        self.free = free

    def extras(self, target: int, ids: list[str]) -> dict:
        rail_mp = math.ceil(mp(self.dist[target]))
        return {"mode": "rail", "facing": None, "rail_mp": rail_mp, "paid_mp": max(0, rail_mp - self.free)}


def reach_rail(rs, board, unit) -> tuple[RailReach, list[Reason]]:
    if mode_of(unit) != "rail":
        return stays(
            board, unit, Reason("8.51", f"{unit.id} is in {mode_of(unit).title()} Mode: it entrains first")
        )
    cost, _, _ = rail_edges(rs, board, unit.side, [unit])
    state = board.state
    left = base_allowance(rs, state) - spent_mp(unit)
    be = brigade_equivalents(rs.data, unit, rs.option(state, "corps_hq_be"))
    free = int(rs.data["rail"]["reinforcement_free_mp"]["value"]) if unit.attr("reinforcement") else 0
    rp_left = rp_ledger(rs, board).remaining(unit.side) or Fraction(0)
    by_rp = (math.floor(rp_left / be) if be else 10**6) + free
    mp_cap = max(0, min(int(left), by_rp))
    start = board.idx(unit.hex)
    dist, pred = search_graph(csr(board.nbr, cost), start, limit=float(units(mp_cap)))
    dist = np.where(dist <= units(mp_cap), dist, INF)
    reasons = []
    if by_rp < int(left):
        reasons.append(Reason("2.61", f"{rp_left} Rail Points left: {by_rp} MP for {be} BE"))
    return RailReach(dist, pred, start, free), reasons


__all__ = ["judge_rail", "path_to", "reach_rail"]
