"""Naval Mode (8.6): embark in a naval port (8.61), move through all-water and coastal hexes or along
Major and Grand River hexsides at the title's naval rate, disembark in a port into Deployed or Road
Mode, never into a hex that is enemy-occupied, in enemy ZOC or enemy controlled (8.61). Embarking and
disembarking cost (Exclusive Rules) MP per BE; ports pass at most their capacity per day (8.63); the
side's Naval Capacity (BE per turn) counts every BE embarked. No Force March."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...core_fields import spent_mp
from ...ledger import Ledger
from ...search import mp, units
from ...verdict import Changes, Reason, Step, Verdict, illegal
from .facing import parse_facing
from .moves import base_allowance, days_of, stays
from .position import occupied, zone_of_control
from .units import RAIL_BOUND, brigade_equivalents, mode_of

PORT_LEDGER = "doe-ports"
NAVAL_LEDGER = "doe-naval-capacity"
RIVER_ROUTES = ("major_river", "grand_river")


def port_capacity(rs, board, hex_id: str) -> Fraction:
    cap = board.map.hexes[hex_id].attrs.get("port_capacity")
    if cap is None:
        cap = board.values.whole(
            "port", "capacity", "be_per_day", what="a naval port's capacity", rule="8.63 (Exclusive Rules)"
        )
    return Fraction(cap) * days_of(rs, board.state)


def naval_steps(rs, board) -> np.ndarray:
    """(N, D) bool: steps a ship may take: into all-water or coastal hexes, or along a Major or
    Grand River hexside (8.6)."""
    a = board.arrays
    water = np.isin(a.hex_terrain, ["all_water"])
    coastal = ~water & (water[a.safe_nbr] & a.valid).any(axis=1)
    ok = a.valid & (water | coastal)[a.safe_nbr]
    for f in RIVER_ROUTES:
        ok |= a.side_feature(f) & a.valid
    return ok


def judge_naval(rs, board, unit_ids, path, **kw) -> Verdict:
    state = board.state
    movers = [state.unit(i) for i in unit_ids]
    lead, side = movers[0], movers[0].side
    embark = kw.get("embark") not in (None, "", "no")
    disembark = kw.get("disembark") if kw.get("disembark") not in (None, "", "no") else None
    disembark = "deployed" if disembark == "yes" else disembark
    if disembark not in (None, "deployed", "road"):
        raise InputError(
            f"disembark takes deployed or road (8.61), not {disembark!r}", where="--with disembark"
        )
    facing = parse_facing(kw["facing"]) if kw.get("facing") is not None else None
    ports = board.arrays.hex_feature("port")

    def refused(why: str) -> Verdict:  # a refusal by the rules (8.61), not bad input
        return Verdict(False, Fraction(0), (), (Reason("8.61", why),))

    for u in movers:
        m = mode_of(u)
        if embark and (m not in ("deployed", "road") or unit_type_rail(u)):
            return refused(f"{u.id} is in {m.title()} Mode: only units in Deployed or Road Mode embark")
        if not embark and m != "naval":
            return refused(f"{u.id} is in {m.title()} Mode: it embarks first in a port (--with embark=yes)")
    if embark and not ports[board.idx(path[0])]:
        return refused(f"embarking off a port: {path[0]} is no naval port")
    if disembark and not ports[board.idx(path[-1])]:
        return refused(f"disembarking off a port: {path[-1]} is no naval port")
    be = sum((brigade_equivalents(rs.data, u, rs.option(state, "corps_hq_be")) for u in movers), Fraction(0))
    left = base_allowance(rs, state) - spent_mp(lead)
    used, steps, extra = Fraction(0), [], {"be": float(be)}
    ledgers = {}
    ports_l = Ledger.of(
        state,
        PORT_LEDGER,
        {f"{side} {h}": (port_capacity(rs, board, h), "8.63") for h in _ports_used(path, embark, disembark)},
        period="impulse",  # noqa: E501
    )
    if embark:
        need = (
            Fraction(
                board.values.cell(
                    "naval",
                    "embark",
                    "mp_per_be",
                    what="the MP per BE to embark",
                    rule="8.61 (Exclusive Rules)",
                )
            )
            * be
        )  # noqa: E501
        pool = f"{side} {path[0]}"
        if ports_l.remaining(pool) < be:
            return Verdict(
                False,
                used,
                (),
                (
                    Reason(
                        "8.63", f"{path[0]}: the port can take {ports_l.remaining(pool)} more BE this impulse"
                    ),
                ),
                extra=extra,
            )  # noqa: E501
        ports_l = ports_l.spend(pool, lead.id, be, "embark", "8.63")
        naval = Ledger.of(
            state,
            NAVAL_LEDGER,
            {s: (Fraction((state.extra.get("naval_capacity") or {}).get(s, 0)), "8.62") for s in rs.sides},
        )  # noqa: E501
        if (naval.remaining(side) or 0) < be:
            return Verdict(
                False,
                used,
                (),
                (Reason("8.62", f"Naval Capacity: {naval.remaining(side)} BE left this turn, not {be}"),),
                extra=extra,
            )  # noqa: E501
        ledgers[NAVAL_LEDGER] = naval.spend(side, lead.id, be, "embark", "8.62").to_state()
        used += need
        extra["embark_mp"] = float(need)
    ok = naval_steps(rs, board)
    enemy = occupied(board, rs.other_side(side))
    rate = (
        int(
            board.values.whole(
                "naval", "rate", "hexes_per_mp", what="the Naval Movement Rate", rule="8.6 (Exclusive Rules)"
            )
        )
        if len(path) > 1
        else 1
    )  # noqa: E501
    total = Fraction(0)
    for a, b in zip(path, path[1:], strict=False):
        i, d = board.arrays.edge_slot(a, b)
        if not ok[i, d]:
            return Verdict(
                False,
                used,
                tuple(steps),
                (
                    Reason(
                        "8.6",
                        f"{a} -> {b}: ships move through all-water and coastal hexes or along Major and Grand Rivers",  # noqa: E501
                    ),
                ),
                extra=extra,
            )  # noqa: E501
        if enemy[board.idx(b)]:
            return illegal(steps, used, "3.31.F", f"{a} -> {b}: the hex holds enemy units", **extra)
        total += Fraction(1, rate)
        steps.append(
            Step(
                a,
                b,
                Fraction(1, rate),
                total,
                (("naval", Fraction(1, rate), "8.6"),),
                "naval",
                {"mode": "naval", "facing": None},
            )
        )  # noqa: E501
    naval_mp = math.ceil(total)
    used += naval_mp
    extra["naval_mp"] = naval_mp
    new_mode, fields = "naval", {}
    if disembark:
        h = board.idx(path[-1])
        if (
            enemy[h]
            or zone_of_control(rs, board, rs.other_side(side))[h]
            or _enemy_controlled(board, h, side)
        ):
            return Verdict(
                False,
                used,
                tuple(steps),
                (
                    Reason(
                        "8.61",
                        f"{path[-1]}: may not disembark into an enemy-occupied, enemy-ZOC or enemy-controlled hex",  # noqa: E501
                    ),
                ),
                extra=extra,
            )  # noqa: E501
        pool = f"{side} {path[-1]}"
        if ports_l.remaining(pool) < be:
            return Verdict(
                False,
                used,
                tuple(steps),
                (
                    Reason(
                        "8.63",
                        f"{path[-1]}: the port can take {ports_l.remaining(pool)} more BE this impulse",
                    ),
                ),
                extra=extra,
            )  # noqa: E501
        ports_l = ports_l.spend(pool, lead.id, be, "disembark", "8.63")
        need = (
            Fraction(
                board.values.cell(
                    "naval",
                    "disembark",
                    "mp_per_be",
                    what="the MP per BE to disembark",
                    rule="8.61 (Exclusive Rules)",
                )
            )
            * be
        )  # noqa: E501
        used += need
        new_mode = disembark
        if facing is not None and disembark == "deployed":
            fields["facing"] = facing
    if used > left:
        return Verdict(
            False,
            used,
            tuple(steps),
            (
                Reason(
                    "8.61; 9.11", f"{used} MP is more than the {left} MP left: no Force March in Naval Mode"
                ),
            ),
            extra=extra,
        )  # noqa: E501
    if embark or disembark:
        ledgers[PORT_LEDGER] = ports_l.to_state()
    extra.update(mode=new_mode, ledgers=ledgers)
    return Verdict(
        True,
        used,
        tuple(steps),
        (),
        (),
        extra,
        Changes(unit_fields={u.id: {"mode": new_mode, **fields} for u in movers}),
    )  # noqa: E501


def unit_type_rail(u) -> bool:
    from .units import unit_type

    return unit_type(u) in RAIL_BOUND


def _ports_used(path, embark, disembark) -> list[str]:
    return sorted({*([path[0]] if embark else []), *([path[-1]] if disembark else [])})


def _enemy_controlled(board, i: int, side: str) -> bool:
    owner = board.location_field("owner")[i]
    return owner is not None and owner != side


__all__ = ["judge_naval", "mp", "units"]


def reach_naval(rs, board, unit):
    """Every hex a unit in Naval Mode can sail to with the MP it has left (8.6)."""
    from ...movement import reach as search_reach
    from ...search import INF, EdgeCosts

    if mode_of(unit) != "naval":
        return stays(
            board, unit, Reason("8.61", f"{unit.id} is in {mode_of(unit).title()} Mode: it embarks first")
        )
    rate = board.values.whole(
        "naval", "rate", "hexes_per_mp", what="the Naval Movement Rate", rule="8.6 (Exclusive Rules)"
    )  # noqa: E501
    ok = naval_steps(rs, board) & ~occupied(board, rs.other_side(unit.side))[board.arrays.safe_nbr]
    costs = EdgeCosts(np.where(ok, units(Fraction(1, rate)), INF), np.full(ok.shape, -1), [])
    left = base_allowance(rs, board.state) - spent_mp(unit)
    return search_reach(board, costs, board.idx(unit.hex), units(max(0, math.floor(left)))), []
