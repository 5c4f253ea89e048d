"""Mobilization [6.1], [6.4]-[6.6], [5.5.3]: paying for a new unit and where and when it appears;
the unit's appearance on the map (:func:`judge_arrival`).

A Major Power mobilizes in its Reinforcement Segment [3.1] (a position that names another segment
is refused) while some of its National Territory is in
friendly hands [6.1], [6.4], paying the Mobilization Cost into the bank ledger (a deliberate
payment: within the NRC ceiling [5.3]). Ground units appear in a friendly-controlled area of
their territory two full game turns after payment (Motor Armies twelve); in a friendly-controlled
area outside it two turns later still; never in a starred area [6.5]. The U.S. mobilizes in Italy,
England and France without that delay [5.5.3] and elsewhere with it (spec A18). Squadrons (only
8-10 units are built, spec A31) at a named port of the territory, twelve turns after paying 4 NRC
[6.6]. Each mobilization takes one unit from the Mobilization Pool (ledger ``mobilization-pool``,
``nation.class``) [6.1]. "Two full game turns after": arrival in game turn T+2, or T+3 (option
``mobilization_arrival``, spec A17). The ground costs are on the back of the rulebook, not in the
text: they come from the chart-values file (table ``mobilization``, row = class, column ``nrc``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...verdict import Verdict
from ...verdict import refused as no
from . import bank
from .control import bombarded_ports


def judge_mobilization(rs, board, nation: str, cls: str, where: str) -> Verdict:
    geo, occ = rs.parts(board)
    state = board.state
    m = rs.data["mobilization"]

    if not rs.is_major(nation):
        return no("6.4", f"{nation} is not a Major Power with an NRC bank")
    side = rs.alignment(state).get(nation)
    if state.active_side is not None and state.active_side != side:
        return no("6.4", f"{nation} mobilizes in its own Reinforcement Segment ({side}'s Player-Turn)")
    if state.phase_named and state.phase != "reinforcement":
        where_now = f"not in the {state.phase} segment"
        return no("3.1", f"units are mobilized in the Reinforcement Segment, {where_now}")
    home = geo.land & np.equal(geo.country, nation)
    if not (home & occ.friendly(side)).any():
        return no("6.1; 6.4", f"no area of {nation}'s National Territory is in friendly hands")
    i = board.arrays.index.get(where)
    if i is None:
        return no("6.5", f"{where} is not an area of the map")
    naval = cls in ("squadron", "task_force")
    if naval:
        if cls != m["naval_classes"]["value"][0]:
            return no(m["naval_classes"]["rule"], "only 8-10 Naval Squadrons may be mobilized")
        land = geo.land_area[i]
        if not geo.port[i] or land < 0 or geo.country[land] != nation:
            return no("6.6", f"{where} is not a port on {nation}'s National Territory")
        if occ.control[land] != side or bombarded_ports(board)[i]:
            return no("6.6", f"{where}: its area is not friendly-controlled, or it is bombarded")
        cost, cost_rule = rs.value("mobilization", "squadron_nrc")
        delay, delay_rule = rs.value("mobilization", "squadron_turns")
    else:
        if not geo.land[i] or occ.control[i] != side:
            return no("6.5", f"{where} is not a friendly-controlled land area")
        if geo.starred[i]:
            return no("6.5", f"ground units are never mobilized in a starred area ({where})")
        key = "motor_army_turns" if cls == "motor_army" else "ground_turns"
        delay, delay_rule = rs.value("mobilization", key)
        inside = [nation, *rs.country(nation).get("mobilize_without_delay", [])]
        if geo.country[i] not in inside:
            extra, extra_rule = rs.value("mobilization", "outside_territory_turns")
            delay, delay_rule = delay + extra, f"{delay_rule}; {extra_rule}"
        what = f"the Mobilization Cost of a {nation} {cls.replace('_', ' ')}"
        cost = Fraction(board.values.cell("mobilization", cls, "nrc", what=what, rule="6.4"))
        cost_rule = "6.4"
    left = bank.pool_left(rs, state, nation, cls)
    if left < 1:
        return no("6.1", f"{nation} has no {cls.replace('_', ' ')} left in its Mobilization Pool ({left})")
    if rs.option(state, "mobilization_arrival") == "after_two_full_turns":
        delay += 1
    why = bank.over_ceiling(rs, state, nation, cost)
    if why is not None:
        return Verdict(False, Fraction(0), (), (why,))
    have = bank.balance(rs, state, nation)
    if cost > have:
        return no("5.1; 6.4", f"{nation} has {have} NRC; the {cls.replace('_', ' ')} costs {cost}")
    arrives = state.turn + int(delay)
    pool = bank.pool(rs, state).spend(
        f"{nation}.{cls}", f"new {cls}", Fraction(1), f"mobilized at {where}", "6.1"
    )
    ledgers = {pool.name: pool.to_state()}
    ledgers |= bank.pay(
        rs, state, nation, f"new {cls}", cost, f"mobilization of a {cls} at {where}", cost_rule
    )
    unit = cls.replace("_", " ")
    effect = f"{nation} pays {cost} NRC: a {unit} appears at {where} in game turn {arrives} ({delay_rule})"
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        (effect,),
        {"ledgers": ledgers, "nrc": cost, "arrives": arrives, "area": where},
    )


def judge_arrival(rs, board, unit, where: str) -> Verdict:
    """[6.5], [6.6]: a mobilized unit appears on the map in its side's Reinforcement Segment [3.1]:
    a ground unit in a friendly-controlled land area, never a starred one (outside its National
    Territory two game turns later than inside, which the position's turn cannot show: said, not
    judged); a squadron at a port of its National Territory whose area is friendly and not
    bombarded. When it was paid for is the ``mobilize`` action's."""
    geo, occ = rs.parts(board)
    state = board.state

    side = unit.side
    if state.active_side is not None and state.active_side != side:
        return no(
            "3.1", f"{unit.id} appears in its own side's Reinforcement Segment, not {state.active_side}'s"
        )
    i = board.arrays.index.get(where)
    if i is None:
        return no("6.5", f"{where} is not an area of the map")
    if unit.cls in ("squadron", "task_force"):
        land = geo.land_area[i]
        if not geo.port[i] or land < 0 or geo.country[land] != unit.nation:
            return no("6.6", f"{where} is not a port on {unit.nation}'s National Territory")
        if occ.control[land] != side or bombarded_ports(board)[i]:
            return no("6.6", f"{where}: its area is not friendly-controlled, or it is bombarded")
        return Verdict(True, Fraction(0), (), (), (f"6.6: {unit.id} appears at the port {where}",))
    if not geo.land[i] or occ.control[i] != side:
        return no("6.5", f"{where} is not a friendly-controlled land area")
    if geo.starred[i]:
        return no("6.5", f"ground units never appear in a starred area ({where})")
    effect = f"6.5: {unit.id} appears in {where}"
    inside = (
        [unit.nation, *rs.country(unit.nation).get("mobilize_without_delay", [])]
        if rs.is_major(unit.nation)
        else [unit.nation]
    )
    if geo.country[i] not in inside:
        effect += " (outside its National Territory: two game turns later than inside, 6.5)"
    return Verdict(True, Fraction(0), (), (), (effect,))
