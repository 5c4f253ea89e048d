"""Strategic (rail/river) and Allied sea movement (9.0-9.5) and the per-phase ledger of units moved.

A strategic move goes from a supplied, friendly-controlled town or city to another along a path of
any length (9.0, 9.31); between front maps it leaves through a friendly map-edge supply hex into an
off-map route or a transit box (9.0, 9.13, 9.24). Each side's moves count against per-phase limits
by side and region (9.11-9.23, 9.52) — a unit twice where the rules double it (outside Germany,
outside France or Italy, HQs) — kept in the ledger ``gmt-strategic``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...ledger import Ledger
from ...reports import CapacityReport
from ...stacking import stack_after
from ...verdict import Reason, Step, Verdict
from .calendar import date_of, parse_date
from .national_limits import move_problem
from .position import Position
from .prohibitions import closed_to_unit
from .supply import unit_supply

LEDGER = "gmt-strategic"


def pools(data, side: str) -> dict[str, tuple[int, str]]:
    return {k: (v["limit"], v["rule"]) for k, v in data["strategic"].items() if v["side"] == side}


def ledger(board, data, side: str | None = None) -> Ledger:
    caps = {k: (v["limit"], v["rule"]) for k, v in data["strategic"].items()}
    return Ledger.of(board.state, LEDGER, caps, period="phase")


def _region_pool(data, side: str, front: str, unit, sea: bool) -> str | None:
    """The pool of ``side`` that a move on ``front`` counts against (9.11-9.23, 9.52)."""
    for name, p in data["strategic"].items():
        if p["side"] != side or bool(p.get("sea", False)) != sea or front not in p["fronts"]:
            continue
        if p.get("nations") and unit.nation not in p["nations"]:
            continue
        return name
    return None


def charges(
    board, data, rs, unit, path: list[str], sea: bool = False
) -> tuple[list[tuple[str, int, str]], Reason | None]:
    """[(pool, units charged, why)] of a strategic or sea move along ``path``, or the reason the
    move counts against no pool of its side."""
    pos = Position.of(board, data)
    a = board.arrays
    start, end = path[0], path[-1]
    f0, f1 = pos.front[a.index[start]], pos.front[a.index[end]]
    b0 = pos.box_kind[a.index[start]]
    fronts = [f for f in (f0, f1) if f]
    names: list[str] = []
    for f in fronts:
        p = _region_pool(data, unit.side, f, unit, sea)
        if p is None:
            rule = "9.52" if sea else "9.22"
            return [], Reason(
                rule,
                f"no {'sea' if sea else 'strategic'} movement limit of {unit.side} covers "
                f"{unit.nation} units on the {f} front",
            )
        if p not in names:
            names.append(p)
    if b0 == "transit" and f1:
        names = [_region_pool(data, unit.side, f1, unit, sea)]  # leaving a box: destination only (A14)
    box = data.get("transit", {}).get(end)
    if box is not None and f0:
        if f0 not in box["entry"]:
            return [], Reason(box["rule"], f"{end} is not entered from the {f0} front")
        names = list(box["entry"][f0])  # entering a transit box: the pools the rules name (9.14, 9.24)
    hq = 2 if unit.cls == "hq" and (not sea or rs.option(board.state, "hq_double_for_sea")) else 1
    out = []
    factor = data["strategic_rules"]
    for p in names:
        spec = data["strategic"][p]
        c, why = 1, []
        outside = spec.get("double_outside")
        if outside:
            ends = [pos.country[a.index[h]] for h in (start, end)]
            boxes = [pos.box_kind[a.index[h]] for h in (start, end)]
            in_box_outside = rs.option(board.state, "transit_box_outside_germany")
            off = any(
                (bk is None and cn not in outside) or (bk == "transit" and in_box_outside)
                for cn, bk in zip(ends, boxes, strict=True)
            )
            if off:
                c *= factor["outside_factor"]["value"]
                why.append(f"begins or ends outside {' or '.join(outside)}")
        if hq > 1:
            c *= factor["hq_factor"]["value"]
            why.append(f"an HQ counts double ({factor['hq_factor']['rule']})")
        out.append((p, c, "; ".join(why) or "one unit"))
    return out, None


def sm_costs(board, data, rs, side: str) -> np.ndarray:
    """(N, D): 1 where a strategic path of ``side`` may step, inf where not (9.31, 9.32, A9: only
    through friendly-controlled hexes, or also through empty enemy-controlled ones, option
    ``sm_through_enemy_control``)."""
    crosses = rs.option(board.state, "sm_through_enemy_control") == "empty_enemy_hexes"

    def build():
        pos = Position.of(board, data)
        a = board.arrays
        nb = a.safe_nbr
        other = rs.other_side(side)
        enemy = pos.blocked_for(side, other)
        near_enemy = pos.adjacent_to(enemy)
        friendly_there = pos.units_of(side) | pos.forts_intact(side)
        held = (pos.controller == side) | ((pos.controller == other) if crosses else False)
        hex_ok = (
            ~enemy
            & (pos.terrain != "all_sea")
            & (pos.terrain != "alpine")
            & held
            & (~near_enemy | friendly_there)
        )
        box_ok = np.array([(k is not None) for k in pos.box_kind]) & (
            np.array(
                [
                    board.arrays.record(i).attrs.get("side") if k else None
                    for i, k in zip(a.ids, pos.box_kind, strict=True)
                ]
            )
            == side
        )
        ok = a.mode_allowed("strategic") & (hex_ok | box_ok)[nb]
        ok &= ~(pos.side_feature("all_sea") | pos.side_feature("impassable"))
        return np.where(ok, 1.0, np.inf)

    return board.cached(("gmt-sm", side, crosses), build)


def judge_strategic(board, data, rs, unit_ids: list[str], path: list[str]) -> Verdict:
    unit = board.state.unit(unit_ids[0])
    pos = Position.of(board, data)
    a = board.arrays
    side = unit.side
    other = rs.other_side(side)

    def no(rule: str, msg: str, steps=()) -> Verdict:
        return Verdict(False, Fraction(0), tuple(steps), (Reason(rule, msg),))

    if len(path) < 2:
        return no("9.0", "a strategic move needs a destination")
    sup = unit_supply(board, data, rs, unit)
    if sup["status"] != "in supply":
        return no(
            "11.81" if sup["status"] == "out of supply" else "11.51",
            f"{unit.id} is {sup['status']} at the start of the phase: it may not move strategically (11.11)",
        )
    i0 = a.index[path[0]]
    if pos.box_kind[i0] is None:
        why = _endpoint_problem(board, data, rs, unit, path[0], "starts")
        if why:
            return no(*why)
    cost = sm_costs(board, data, rs, side)
    steps = []
    for k, (x, y) in enumerate(zip(path, path[1:], strict=False)):
        slot = a.edge_slot(x, y)
        if slot is None:
            return no("9.0", f"{x} -> {y}: no strategic route leads that way", steps)
        i, d = slot
        if not np.isfinite(cost[i, d]):
            return no(*_step_problem(board, data, rs, side, x, y), steps)
        if (
            pos.box_kind[a.index[y]] is not None
            and k + 1 < len(path) - 1
            and pos.box_kind[a.index[y]] == "transit"
        ):
            return no(
                "9.13",
                f"{y}: a unit entering a transit box stops there until a later Strategic Movement Phase",
                steps,
            )
        steps.append(Step(x, y, Fraction(0), Fraction(0), (), "strategic"))
    end = path[-1]
    ie = a.index[end]
    kind = pos.box_kind[ie]
    if kind == "route":
        return no("9.0", f"{end} is an off-map route between fronts, not a place to stop", steps)
    if kind is None:
        why = _endpoint_problem(board, data, rs, unit, end, "ends")
        if why:
            return no(*why, steps)
        if pos.adjacent_to(pos.blocked_for(side, other))[ie]:
            return no(
                "9.32",
                f"{end} is adjacent to an enemy unit or intact enemy fort: "
                "a strategic move may not end there",
                steps,
            )
    f0 = pos.front[i0]
    f1 = pos.front[ie]
    if unit.cls == "hq" and f0 and f1 and pos.fronts[f0].near_east != pos.fronts[f1].near_east:
        return no("15.64", "HQs never move between Europe and the Near East", steps)
    closed = pos.front_closed_to(unit, f1) if f1 else None
    if closed:
        return no(*closed, steps)
    held = near_east_not_open(board, data, pos, [pos.front[i0], f1, end])
    if held:
        return no(*held, steps)
    for mask, rule, why in closed_to_unit(board, data, unit):
        if mask[ie]:
            return no(rule, f"{end}: {why}", steps)
    over = move_problem(board, data, unit_ids, end) if kind is None else None
    if over:
        return no(over.rule, over.message, steps)
    ge_div = data["near_east_closed_to"]["ge_divisions"]
    if (
        unit.nation == "ge"
        and unit.cls not in ge_div["exempt_classes"]
        and not board.state.extra.get("european_turks_deployed")
        and (end == "cp_transit" or (f1 and pos.fronts[f1].near_east))
    ):
        return no(ge_div["rule"], ge_div["value"], steps)
    ge_hq = data["near_east_closed_to"]["ge_hq"]
    if (
        unit.cls == "hq"
        and unit.nation == "ge"
        and (end == "cp_transit" or (f1 and pos.fronts[f1].near_east))
    ):
        return no(ge_hq["rule"], ge_hq["value"], steps)
    if kind is None:
        from .stacking import stack_problems

        problems = stack_problems(data, stack_after(board.state, end, side, [unit]))
        if problems:
            return no(
                "7.22",
                f"{end}: stacking is enforced during the Strategic Movement Phase: {problems[0]}",
                steps,
            )
    box = data.get("transit", {}).get(end)
    if box and box.get("closed_by") and board.state.extra.get(box["closed_by"]):
        return no(box["rule"], f"{end} is closed: {box['closed_by'].replace('_', ' ')} (9.25)", steps)
    within_problem = _within(board, data, unit, path)
    if within_problem:
        return no(*within_problem, steps)
    charged, why = charges(board, data, rs, unit, path)
    if why:
        return Verdict(False, Fraction(0), tuple(steps), (why,))
    led = ledger(board, data)
    used = [e for p in led.pools() for e in led.entries.get(p, ()) if e.unit == unit.id and e.kind == "spend"]
    if any(e.what.startswith("sea move") for e in used):
        return no(
            "9.56",
            f"{unit.id} moved by sea this phase: a unit that moves by sea may not use regular Strategic "
            "Movement in the same Strategic Movement Phase",
            steps,
        )
    if used:
        return no("9.0", f"{unit.id} has already moved strategically this phase", steps)
    for p, c, _ in charged:
        left = led.remaining(p)
        if left is not None and left < c:
            return no(
                data["strategic"][p]["rule"],
                f"{p}: {c} needed, {left} of {data['strategic'][p]['limit']} left this phase",
                steps,
            )
    for p, c, what in charged:
        led = led.spend(
            p,
            unit.id,
            Fraction(c),
            f"strategic move {path[0]} -> {end}: {what}",
            data["strategic"][p]["rule"],
        )
    return Verdict(
        True,
        Fraction(0),
        tuple(steps),
        (),
        extra={
            "ledgers": {LEDGER: led.to_state()},
            "strategic": [{"pool": p, "units": c, "why": w} for p, c, w in charged],
        },
    )


def _endpoint_problem(board, data, rs, unit, hex_id: str, verb: str) -> tuple[str, str] | None:
    pos = Position.of(board, data)
    i = board.arrays.index[hex_id]
    if not pos.town_or_city[i]:
        return "9.31", f"{hex_id}: a strategic move {verb} only in a town or city"
    if pos.controller[i] != unit.side:
        return "9.31", f"{hex_id}: the town or city is not friendly-controlled"
    if pos.devastated()[i]:
        return "14.63", f"{hex_id}: a devastated town or city cannot be used for strategic movement"
    probe = unit_supply(board, data, rs, unit, at=hex_id)
    if probe["status"] != "in supply":
        return "9.31", f"{hex_id}: the town or city is not in supply"
    return None


def _step_problem(board, data, rs, side: str, x: str, y: str) -> tuple[str, str]:
    pos = Position.of(board, data)
    a = board.arrays
    j = a.index[y]
    other = rs.other_side(side)
    if pos.box_kind[j] is not None or pos.box_kind[a.index[x]] is not None:
        return "9.0", f"{x} -> {y}: that route or box is not open to {side}"
    if pos.blocked_for(side, other)[j]:
        return "9.31", f"{x} -> {y}: the hex holds an enemy unit or intact enemy fort"
    if pos.terrain[j] in ("all_sea", "alpine"):
        return "9.31", f"{x} -> {y}: strategic movement may not enter {pos.terrain[j]} hexes"
    if pos.controller[j] == "neutral":
        return "9.31", f"{x} -> {y}: neutral hex"
    crosses = rs.option(board.state, "sm_through_enemy_control") == "empty_enemy_hexes"
    if pos.controller[j] != side and not (crosses and pos.controller[j] == other):
        return (
            "9.31",
            f"{x} -> {y}: the hex is not friendly-controlled "
            "(strategic movement does not take control, spec A9)",
        )
    if pos.adjacent_to(pos.blocked_for(side, other))[j]:
        return (
            "9.32",
            f"{x} -> {y}: the hex is adjacent to an enemy unit or intact enemy fort "
            "and holds no friendly unit or fort",
        )
    return "9.31", f"{x} -> {y}: all-sea or impassable hexside"


def _within(board, data, unit, path) -> tuple[str, str] | None:
    """9.22, 9.23: Russian, Egyptian and Iraqi strategic movement stays inside its countries."""
    pos = Position.of(board, data)
    a = board.arrays
    for name, p in data["strategic"].items():
        if p["side"] != unit.side or p.get("sea") or not p.get("within"):
            continue
        if p.get("nations") and unit.nation not in p["nations"]:
            continue
        for h in path:
            i = a.index[h]
            if pos.front[i] not in p["fronts"] or h in p.get("also", ()):
                continue
            if pos.country[i] not in p["within"]:
                return p["rule"], f"{h}: {name} strategic movement stays within {' and '.join(p['within'])}"
            south = p.get("south_of_column")
            if south is not None and int(h[-2:]) <= south:
                return p["rule"], f"{h}: {name} strategic movement stays south of hexrow xx{south}"
        on_front = any(pos.front[a.index[h]] in p["fronts"] for h in path)
        if p.get("needs") and on_front and not board.state.extra.get(p["needs"]):
            return (
                p["rule"],
                f"no Allied strategic movement on the {p['fronts'][0]} map before the "
                f"{p['needs'].title()} event (6.33)",
            )
    return None


def strategic_reach(board, data, rs, unit) -> tuple[np.ndarray, np.ndarray]:
    """Hop distances and predecessors of the strategic paths open to ``unit``."""
    from ...search import search

    a = board.arrays
    cost = sm_costs(board, data, rs, unit.side)
    pos = Position.of(board, data)
    # a path does not go on through a transit box (it stops there, 9.13)
    stop = np.array([k == "transit" for k in pos.box_kind])
    stop[a.index[unit.hex]] = False  # a unit in the box leaves it (in a later phase)
    cost = np.where(stop[:, None], np.inf, cost)
    return search(a.nbr, cost, a.index[unit.hex])


def rail_report(board, data, side: str) -> CapacityReport:
    led = ledger(board, data)
    names = [p for p, v in data["strategic"].items() if v["side"] == side]
    return CapacityReport(side, board.state.turn, "units", led.report(names), {"phase": board.state.phase})


# ------------------------------------------------------------------ sea movement (9.5)
SEA_BOX = "sea_lanes"


def judge_sea(board, data, rs, unit_ids: list[str], path: list[str]) -> Verdict:
    """9.51-9.56: an Allied unit in a supplied Allied-controlled port is placed in another, through
    the sea box (``PORT sea_lanes PORT``), against the sea limits of Europe and the Near East."""
    unit = board.state.unit(unit_ids[0])
    pos = Position.of(board, data)
    a = board.arrays

    def no(rule: str, msg: str) -> Verdict:
        return Verdict(False, Fraction(0), (), (Reason(rule, msg),))

    if unit.side != "allied":
        return no("9.51", "only the Allied player moves units by sea")
    if len(path) != 3 or path[1] != SEA_BOX:
        return no("9.51", f"a sea move is PORT {SEA_BOX} PORT: from one port into another")
    start, end = path[0], path[2]
    sup = unit_supply(board, data, rs, unit)
    if sup["status"] != "in supply":
        rule = "11.81" if sup["status"] == "out of supply" else "11.51"
        return no(rule, f"{unit.id} is {sup['status']}: it may not move by sea (11.11)")
    links = {lk.between[0]: lk for lk in board.map.links if lk.kind == "sea"}
    for h, verb in ((start, "begins"), (end, "ends")):
        i = a.index[h]
        if h not in links:
            return no("9.54", f"{h}: no Allied sea movement {verb} here (not a port open to sea movement)")
        if pos.controller[i] != "allied":
            return no("9.51", f"{h}: the port is not Allied-controlled")
        if unit_supply(board, data, rs, unit, at=h)["status"] != "in supply":
            return no("9.51", f"{h}: the port is not supplied")
        if links[h].attrs.get("sea") == "black_sea" and pos.controller[a.index["E1328"]] != "allied":
            return no("9.54", f"{h}: Black Sea movement only while the Allies control Constantinople (E1328)")
    f0, f1 = pos.fronts[pos.front[a.index[start]]], pos.fronts[pos.front[a.index[end]]]
    if f0.near_east != f1.near_east and "egyptian" not in (f0.id, f1.id):
        return no("9.55", "sea movement between Europe and the Near East goes by way of an Egyptian port")
    closed = pos.front_closed_to(unit, f1.id)
    if closed:
        return no(*closed)
    held = near_east_not_open(board, data, pos, [f0.id, f1.id])
    if held:
        return no(*held)
    over = move_problem(board, data, unit_ids, end)
    if over:
        return no(over.rule, over.message)
    if unit.cls == "hq" and (f0.near_east or f1.near_east):
        return no("9.56", "Allied HQs never move by sea on the Near East maps")
    names = []
    for f in (f0, f1):
        p = _region_pool(data, "allied", f.id, unit, True)
        if p and p not in names:
            names.append(p)
    hq = unit.cls == "hq" and rs.option(board.state, "hq_double_for_sea")
    c = data["strategic_rules"]["hq_factor"]["value"] if hq else 1
    led = ledger(board, data)
    if any(led.used_by(p, unit.id) for p in led.pools()):
        return no("9.56", f"{unit.id} has already moved by sea or strategically this phase")
    for p in names:
        left = led.remaining(p)
        if left is not None and left < c:
            spec = data["strategic"][p]
            return no(spec["rule"], f"{p}: {c} needed, {left} of {spec['limit']} left this phase")
    why = "HQ (9.34)" if hq else "one unit"
    for p in names:
        led = led.spend(
            p, unit.id, Fraction(c), f"sea move {start} -> {end}: {why}", data["strategic"][p]["rule"]
        )
    steps = (
        Step(start, SEA_BOX, Fraction(0), Fraction(0), (), "sea"),
        Step(SEA_BOX, end, Fraction(0), Fraction(0), (), "sea"),
    )
    return Verdict(
        True,
        Fraction(0),
        steps,
        (),
        extra={
            "ledgers": {LEDGER: led.to_state()},
            "strategic": [{"pool": p, "units": c, "why": why} for p in names],
        },
    )


def near_east_not_open(board, data, pos, where: list) -> tuple[str, str] | None:
    """(rule, why) when a strategic or sea move touches the Near East maps (fronts or the CP
    transit box named in ``where``) before they open: no unit moves there and none is sent from
    Europe before Nov/Dec 1914 (19.62), no strategic or sea movement of units on them that turn
    (19.61, ``where[0]`` is the front the move starts on);
    and no strategic movement at all in game turn one (19.55)."""
    date = date_of(board.state)
    if date is None:
        return None
    sm = data["strategic_rules"]
    if date == parse_date(sm["none_in_turn_one"]["value"]):
        return sm["none_in_turn_one"]["rule"], "no Strategic Movement occurs during game turn one"
    touches = any(w == "cp_transit" or (w in pos.fronts and pos.fronts[w].near_east) for w in where if w)
    if not touches:
        return None
    opens = data["movement"]["near_east_opens"]
    if date < parse_date(opens["value"]):
        return opens["rule"], "no unit moves to or on the Near East maps before Nov/Dec 1914"
    start = where[0]
    if date == parse_date(opens["value"]) and start in pos.fronts and pos.fronts[start].near_east:
        return sm["none_on_near_east_first_turn"]["rule"], (
            "no Strategic or Sea Movement on the Near East maps in Nov/Dec 1914"
        )
    return None
