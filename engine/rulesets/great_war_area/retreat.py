"""Retreats [10.10], [10.13]: all the defending units of an area go one area together, into an
adjacent friendly-controlled area or a neutral one (internment) [10.10.2], [10.13.2].

Strategic Obstacles prevent both retreats [9.4.1]; Operational Obstacles prevent
Retreat-after-Combat, and Retreat-before-Combat in Winter [9.4.2], [14.1]; no Retreat-after-Combat
across a narrow sea [9.5]. A retreat obeys the movement rules, except that in the Restricted Zone
Trench units may always retreat before combat, and any unit after combat, across a plain border
[10.10.4], [10.13.3]. Retreat-before-Combat costs 1 NRC per unit and hands the area to the attacker
[10.10.3]; an out-of-supply unit given a retreat is destroyed [10.13], [11.2.4], and retreats
before combat only into a neutral (option ``out_of_supply_rbc``, spec A34).

The retreat is of all the defending ground units of the area, or of none: the attack is against all
of them [10.4.5], and they retreat together [10.10.2], [10.13.1] (after combat the out-of-supply
ones are destroyed rather than retreat, so they may be left out). After combat a neutral area is
open only when no friendly-controlled one is [10.13.2]. Retreat-before-Combat is the defender's
option [10.10.1], so its 1 NRC a unit is deliberate spending: it counts toward the NRC ceiling and
is refused past it [5.3].
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...search import units as mp_units
from ...verdict import Changes, Reason, Step, Verdict
from . import bank, capitals, operational

RBC, RAC = "retreat_before_combat", "retreat_after_combat"


def judge_retreat(rs, board, units, path: list[str], mode: str) -> Verdict:
    geo, occ = rs.parts(board)
    a = board.arrays
    unit = units[0]
    side = unit.side

    def no(rule: str, message: str) -> Verdict:
        return Verdict(False, Fraction(0), (), (Reason(rule, message),))

    if len(path) != 2:
        return no("10.10.2; 10.13.2", "a retreat is one area, into an adjacent area")
    frm, to = path
    slot = a.edge_slot(frm, to)
    if slot is None or not geo.ground_edge[slot]:
        return no("10.10.2; 10.13.2", f"{frm} -> {to}: the areas are not adjacent by land")
    i, d = slot
    j = board.idx(to)
    neutral = bool(occ.neutral()[j])
    if not neutral and occ.control[j] != side:
        return no("10.10.2; 10.13.2", f"{to}: a retreat goes into a friendly-controlled or neutral area")
    kind = geo.edge_kind[i, d]
    spec = rs.data["borders"].get(kind, {})
    if spec.get(mode) is False:
        return no(spec["rule"], f"no {mode.replace('_', '-')} across a {kind.replace('_', ' ')}")
    weather = operational.step_weather(rs, board, geo)[i, d]
    if mode == RBC and spec.get("obstacle") == "operational" and weather == "winter":
        return no("9.4.2; 14.1", "no Retreat-before-Combat across an Operational Obstacle in Winter")
    why = _not_together(rs, board, units, frm, mode)
    if why is not None:
        return no(*why)
    if mode == RAC and neutral:
        friendly = _friendly_retreat(rs, board, units, frm)
        if friendly is not None:
            return no(
                "10.13.2",
                f"{to} is neutral: Retreat-after-Combat goes into a neutral only when no other retreat is "
                f"open, and {friendly} is",
            )
    plain = spec.get("obstacle") is None and not spec.get("narrow_sea")
    restricted_exception = bool(geo.restricted[i]) and plain
    cost = operational.ground_costs(rs, board, geo, occ, side)
    # the step's MP by zone, weather and border; what forbids a move (Switzerland [13.3]) does not
    # forbid a retreat, which has its own rules above
    step_cost = sum(float(np.asarray(part)[i, d]) for part in cost.parts.values())
    removed, fields, effects = [], {}, []
    oos_rbc = rs.option(board.state, "out_of_supply_rbc")  # spec A34
    for u in units:
        if u.attr("in_supply", True) is False and mode == RBC and not neutral and oos_rbc == "neutral_only":
            return no(
                "11.2.4",
                f"{u.id} is out of supply: it retreats before combat only into a neutral area (spec A34)",
            )
        if u.attr("in_supply", True) is False and not neutral:
            removed.append(u.id)
            effects.append(f"{u.id} is out of supply and destroyed by the retreat (10.13; 11.2.4)")
            continue
        exempt = restricted_exception and (mode == RAC or u.attr("status", "field") == "trench")
        ma = operational.movement_allowance(rs, u)
        if not exempt and not (np.isfinite(step_cost) and step_cost <= mp_units(ma)):
            return no(
                "10.10.4; 10.13.3", f"{u.id} cannot retreat {frm} -> {to} by the movement rules (MA {ma})"
            )
        if neutral:
            fields[u.id] = {"interned": True}
            effects.append(f"{u.id} is interned in {to} (13.4.1)")
    extra: dict = {}
    locations = {}
    if mode == RBC:
        attacker = rs.other_side(side)
        locations[frm] = {"owner": attacker}
        effects.append(f"{attacker} controls {frm} at once (10.10.3)")
        effects += capitals.taken(rs, board, geo, attacker, locations)
        due: dict[str, Fraction] = {}
        for u in units:
            if u.id not in removed and rs.is_major(u.nation):
                due[u.nation] = due.get(u.nation, Fraction(0)) + 1
        state = board.state
        ledgers: dict = {}
        for power, amount in due.items():
            have = bank.balance(rs, state.replace(ledgers={**state.ledgers, **ledgers}), power)
            if have < amount:
                return no(
                    "10.10.3", f"{power} must pay {amount} NRC for Retreat-before-Combat and has {have}"
                )
            st = state.replace(ledgers={**state.ledgers, **ledgers})
            over = bank.over_ceiling(rs, st, power, amount)
            if over is not None:
                return Verdict(False, Fraction(0), (), (over,))
            ledgers.update(
                bank.pay(
                    rs,
                    st,
                    power,
                    ",".join(u.id for u in units),
                    amount,
                    "retreat before combat",
                    "10.10.3; 5.3",
                )
            )
        extra["ledgers"] = ledgers
    step = Step(frm, to, Fraction(0), Fraction(0), (), mode)
    return Verdict(
        True, Fraction(0), (step,), (), tuple(effects), extra, Changes(tuple(removed), fields, locations)
    )


def _not_together(rs, board, units, frm: str, mode: str) -> tuple[str, str] | None:
    """(rule, message) when some defending ground unit of ``frm`` is left behind [10.4.5],
    [10.10.2], [10.13.1]; after combat an out-of-supply unit is destroyed, not retreated [10.13]."""
    side = units[0].side
    moving = {u.id for u in units}
    left = [
        u.id
        for u in board.state.units_at(frm)
        if u.side == side
        and rs.is_ground(u)
        and not u.attr("interned", False)
        and u.id not in moving
        and not (mode == RAC and u.attr("in_supply", True) is False)
    ]
    if not left:
        return None
    rule = "10.4.5; 10.10.2" if mode == RBC else "10.13.1"
    return rule, f"all the defending units of {frm} retreat together: {', '.join(sorted(left))} stay behind"


def _friendly_retreat(rs, board, units, frm: str) -> str | None:
    """A friendly-controlled area the units may legally retreat into after combat [10.13.2]."""
    geo, occ = rs.parts(board)
    a = board.arrays
    i = board.idx(frm)
    for j in a.nbr[i][(a.nbr[i] >= 0) & geo.ground_edge[i]]:
        if occ.neutral()[j]:
            continue
        to = a.ids[int(j)]
        if judge_retreat(rs, board, units, [frm, to], RAC).legal:
            return to
    return None
