"""What a combat result does to the defenders' area and to the NRC bank, as far as retreats and the
bank ledger go [10.11.5], [10.13], [11.2.4]. The CRT itself is not printed (spec §8.1): the result
(the NRC loss due, a retreat) is given.

A retreat result: out-of-supply units are destroyed [10.13], [11.2.4]; the rest retreat together
one area by the retreat rules, into a friendly-controlled area, or into a neutral one to be
interned [10.13.2]; a defender whose defence is at least half Trench units may stay unless the
R is a printed one of a Tank/Infiltration or Motorized Attack; staying, by choice or because no
retreat is legal, doubles the Combat Loss [10.13].

A Combat Loss is paid at once from the bank, a ``spend`` entry outside the NRC ceiling [5.3].
What the bank cannot pay is lost in Corps-sized units, one Field CSP per NRC, with no refund: the
fewest Corps (a Marine counts as a Corps, spec A36) whose strength covers the shortfall, then
whole Armies when no Corps is left [10.11.5]. The bank pays what it holds first (our reading: the
rule speaks of "insufficient NRC to meet the costs"). The units lost leave the Mobilization Pool as
[6.2] says (``bank.pool_after_losses``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...verdict import Changes, Reason, Verdict
from . import bank
from .retreat import RAC, judge_retreat


def retreat_result(rs, board, unit_ids: list[str], printed_r: bool = False) -> dict[str, Any]:
    """[10.13]: the defenders' choices after a retreat result (``printed_r``: a printed R of a
    Tank/Infiltration or Motorized Attack, which Trench units may not refuse)."""
    geo, occ = rs.parts(board)
    a = board.arrays
    units = [board.state.unit(u) for u in unit_ids]
    frm = units[0].hex
    i = board.idx(frm)
    destroyed = [u.id for u in units if u.attr("in_supply", True) is False]
    staying = [u for u in units if u.id not in destroyed]
    into, interned = [], []
    if staying:
        for j in a.nbr[i][(a.nbr[i] >= 0) & geo.ground_edge[i]]:
            to = a.ids[int(j)]
            if judge_retreat(rs, board, staying, [frm, to], RAC).legal:
                (interned if occ.neutral()[j] else into).append(to)
    total = sum(Fraction(u.strength or 0) for u in staying)
    trench = sum(Fraction(u.strength or 0) for u in staying if u.attr("status", "field") == "trench")
    may_stay = bool(staying) and 2 * trench >= total and total > 0 and not printed_r
    return {
        "area": frm,
        "destroyed": destroyed,
        "retreat_into": sorted(into),
        "internment_into": sorted(interned),
        "may_stay": may_stay,
        "must_stay": bool(staying) and not into and not interned,
        "loss_multiplier_if_staying": 2,
        "rules": ["10.13", "10.13.2", "11.2.4"],
    }


def judge_loss(rs, board, power: str, due, unit_ids: list[str], doubled: bool = False) -> Verdict:
    """[10.11.5], [10.13]: ``power`` pays a Combat Loss of ``due`` NRC (twice that when
    ``doubled``); the units it must lose, from ``unit_ids``, when its bank falls short."""
    state = board.state
    due = Fraction(due) * (2 if doubled else 1)
    rule = "10.11.5" + ("; 10.13" if doubled else "")
    have = max(bank.balance(rs, state, power), Fraction(0))
    paid = min(have, due)
    short = due - paid
    ledgers: dict[str, Any] = {}
    effects = []
    if paid:
        ledgers = bank.pay(rs, state, power, ",".join(unit_ids), paid, "combat loss", rule, combat_loss=True)
        effects.append(f"{power} pays {paid} NRC of Combat Loss ({rule})")
    removed: list[str] = []
    if short:
        own = [
            state.unit(u) for u in unit_ids if state.unit(u).nation == power and rs.is_ground(state.unit(u))
        ]
        corps = sorted(
            (u for u in own if u.cls in ("corps", "marine")), key=lambda u: -Fraction(u.strength or 0)
        )
        armies = sorted(
            (u for u in own if u.cls not in ("corps", "marine")), key=lambda u: Fraction(u.strength or 0)
        )
        lost = Fraction(0)
        for u in [*corps, *armies]:
            if lost >= short:
                break
            removed.append(u.id)
            lost += Fraction(u.strength or 0)
        if lost < short:
            return Verdict(
                False,
                Fraction(0),
                (),
                (
                    Reason(
                        "10.11.5", f"{power} owes {short} NRC more than its bank and has only {lost} CSP here"
                    ),
                ),
            )
        ledgers |= bank.pool_after_losses(rs, state, [state.unit(u) for u in removed])
        effects.append(
            f"{power} cannot pay {short} NRC: loses {', '.join(removed)} ({lost} CSP, no refund) (10.11.5)"
        )
    return Verdict(
        True, Fraction(0), (), (), tuple(effects), {"ledgers": ledgers, "nrc": paid}, Changes(tuple(removed))
    )
