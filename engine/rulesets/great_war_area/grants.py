"""NRC grants [5.4]: a Major Power gives NRC to another country, never repaid.

At most 50 % of the giver's balance at the start of its Player-Turn (state field
``nrc_at_player_turn_start``), surcharges included, over all its grants of the turn [5.4.1]. No
surcharge over land: a friendly-controlled chain of land areas joins the two countries'
territories [5.4.3] (spec A20). Otherwise overseas, counting the maritime areas on the shortest
sea route between usable friendly ports of the two: fewer than five, no surcharge [5.4.4]; five
or more, ½ NRC per NRC [5.4.5]. To or from Russia, 1 NRC per NRC unless every Straits area is
neutral or Allied-controlled [5.4.6]; surcharges do not add up, the larger applies (spec A19;
options ``russia_surcharge_trigger``: any one Strait or all of them, ``surcharges_combine``: the
larger or their sum).
The U.S. grants as if Italy, France and England were its territory [5.5.4]. A grant is spending:
it counts toward the NRC ceiling [5.3] (spec A21).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...search import INF, search
from ...verdict import Reason, Verdict, mp_out
from . import bank
from .naval import naval_costs
from .supply import passable, usable_ports


def territory(rs, geo, country: str) -> np.ndarray:
    names = [country, *rs.country(country).get("grant_territory", [])]
    return geo.land & np.isin(geo.country.astype(str), names)


def over_land(rs, board, geo, occ, side: str, giver: str, receiver: str) -> bool:
    """[5.4.3]: a chain of friendly-controlled land areas between the two territories."""
    a = board.arrays
    friendly = occ.friendly(side)
    start = territory(rs, geo, giver) & friendly
    cost = np.where(passable(rs, board, geo) & friendly[a.safe_nbr], 1.0, INF)
    dist, _ = search(a.nbr, cost, np.flatnonzero(start))
    return bool((np.isfinite(dist) & territory(rs, geo, receiver) & friendly).any())


def maritime_areas_apart(rs, board, geo, occ, side: str, giver: str, receiver: str) -> float:
    """[5.4.4]: the fewest maritime areas on a sea route between usable friendly ports of the two."""
    a = board.arrays
    ports = usable_ports(rs, board, geo, occ, side)
    land = np.maximum(geo.land_area, 0)
    of = ports & (geo.land_area >= 0)
    start = of & territory(rs, geo, giver)[land]
    end = of & territory(rs, geo, receiver)[land]
    open_ = np.isfinite(naval_costs(rs, board, geo, occ, side).cost)
    cost = np.where(open_, np.where(geo.sea[a.safe_nbr], 1.0, 0.0), INF)
    dist, _ = search(a.nbr, cost, np.flatnonzero(start))
    return float(dist[end].min()) if end.any() else INF


def surcharge(rs, board, geo, occ, side: str, giver: str, receiver: str) -> tuple[Fraction, str] | None:
    """(surcharge per NRC granted, rule), or None when no route joins the two countries."""
    g = rs.data["grants"]
    per, rule = Fraction(0), "5.4.3"
    if not over_land(rs, board, geo, occ, side, giver, receiver):
        apart = maritime_areas_apart(rs, board, geo, occ, side, giver, receiver)
        if not np.isfinite(apart):
            return None
        far, far_rule = rs.value("grants", "overseas_surcharge")
        per, rule = (far, far_rule) if apart >= g["overseas_free_below"]["value"] else (Fraction(0), "5.4.4")
    if "russia" in (giver, receiver):
        a = board.arrays
        straits = [a.index[x] for x in g["russia_straits"]["value"] if x in a.index]
        hostile = [occ.control[i] not in ("neutral", "allies") for i in straits]
        each = all if rs.option(board.state, "russia_surcharge_trigger") == "all" else any
        if hostile and each(hostile):
            extra, extra_rule = rs.value("grants", "russia_surcharge")
            if rs.option(board.state, "surcharges_combine") == "add":
                per, rule = per + extra, f"{rule}; {extra_rule}"
            elif extra > per:
                per, rule = extra, extra_rule
    return per, rule


def judge_grant(rs, board, giver: str, receiver: str, amount: Fraction) -> Verdict:
    """[5.4]: may ``giver`` grant ``amount`` NRC to ``receiver`` now; the ledgers after it."""
    geo, occ = rs.parts(board)
    state = board.state
    amount = Fraction(amount)

    def no(rule: str, message: str) -> Verdict:
        return Verdict(False, Fraction(0), (), (Reason(rule, message),))

    if not rs.is_major(giver):
        return no("5.4", f"{giver} is not a Major Power: only Major Powers grant NRC")
    side = rs.alignment(state).get(giver)
    if rs.alignment(state).get(receiver) != side or receiver == giver:
        return no("5.4", f"{receiver} is not a friendly country of {giver}")
    if state.active_side is not None and state.active_side != side:
        return no("5.4.2", f"grants are made in the giver's own Player-Turn ({side}'s)")
    if amount <= 0:
        return no("5.4", "a grant is a positive number of NRC")
    route = surcharge(rs, board, geo, occ, side, giver, receiver)
    if route is None:
        return no("5.4.3; 5.4.4", f"no friendly land chain and no sea route joins {giver} and {receiver}")
    per, rule = route
    extra = amount * per
    total = amount + extra
    start = (state.extra.get("nrc_at_player_turn_start") or {}).get(giver)
    if start is None:
        raise InputError(
            f"expected nrc_at_player_turn_start.{giver} = {giver}'s NRC balance at the start of this "
            "Player-Turn (5.4.1)",
            where=f"$.nrc_at_player_turn_start.{giver}",
        )
    share, share_rule = rs.value("grants", "share")
    led = bank.turn_spent(rs, state)
    granted = sum((e.amount for e in led.entries.get(giver, ()) if e.what.startswith("grant")), Fraction(0))
    if granted + total > Fraction(start) * share:
        return no(
            share_rule,
            f"{giver} may grant at most {Fraction(start) * share} NRC this Player-Turn (1/2 of {start}), "
            f"surcharges included; {granted} granted, this grant costs {total}",
        )
    why = bank.over_ceiling(rs, state, giver, total)
    if why is not None:
        return Verdict(False, Fraction(0), (), (why,))
    have = bank.balance(rs, state, giver)
    if total > have:
        return no("5.1", f"{giver} has {have} NRC; this grant costs {total}")
    name = rs.data["nrc"]["ledger"]
    ledgers = {}
    book = bank.bank(rs, state).transfer(giver, receiver, amount, f"grant to {receiver}", "5.4")
    if extra:
        book = book.spend(giver, receiver, extra, f"grant surcharge ({receiver})", rule)
    ledgers[name] = book.to_state()
    turn = bank.turn_spent(rs, state).spend(giver, receiver, total, f"grant to {receiver}", "5.4")
    ledgers[rs.data["nrc"]["ceiling_ledger"]] = turn.to_state()
    effect = f"{giver} grants {amount} NRC to {receiver}" + (f", surcharge {extra} ({rule})" if extra else "")
    return Verdict(True, Fraction(0), (), (), (effect,), {"ledgers": ledgers, "nrc": mp_out(total)})
