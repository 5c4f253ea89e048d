"""The NRC bank [5]: each Major Power's National Resource Credits, kept in the ``nrc`` ledger that
persists across turns (period ``game``), and this game turn's Strategic Movement spending in the
``nrc-strategic`` ledger (period ``turn``) for the 10 % cap [9.2.3].

The bank's opening balance is the ledger's stored capacity (a Situation's figure); every payment
is an entry naming the unit, what it paid for and the rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...ledger import Ledger


def bank(rs, state) -> Ledger:
    name = rs.data["nrc"]["ledger"]
    return Ledger.of(state, name, period="game")


def strategic_spent(rs, state) -> Ledger:
    return Ledger.of(state, rs.data["nrc"]["strategic_ledger"], period="turn")


def balance(rs, state, power: str) -> Fraction:
    return bank(rs, state).balance(power)


def strategic_cap(rs, state, power: str) -> tuple[Fraction, Fraction, Fraction]:
    """(cap, spent this turn, base balance): 10 % of the balance at the start of the Ground
    Movement Segment (spent SM added back), or of the current balance (option, spec A39)."""
    share, _ = rs.value("strategic", "cap")
    spent = strategic_spent(rs, state).spent(power)
    now = balance(rs, state, power)
    base = now + spent if rs.option(state, "strategic_cap_balance") == "segment_start" else now
    return base * share, spent, base


def pay(
    rs, state, power: str, unit: str, amount: Fraction, what: str, rule: str, strategic: bool = False
) -> dict[str, Any]:
    """The ledgers after ``power`` pays ``amount`` (as the verdict's ``extra["ledgers"]``)."""
    out = {rs.data["nrc"]["ledger"]: bank(rs, state).spend(power, unit, amount, what, rule).to_state()}
    if strategic:
        led = strategic_spent(rs, state).spend(power, unit, amount, what, rule)
        out[rs.data["nrc"]["strategic_ledger"]] = led.to_state()
    return out


def report(rs, state, side: str) -> dict[str, Any]:
    led = bank(rs, state)
    powers = [p for p in rs.majors() if rs.alignment(state).get(p) == side and p in led.pools()]
    pools = led.report(powers)
    for pool in pools:
        cap, spent, base = strategic_cap(rs, state, pool["pool"])
        pool["strategic_movement"] = {
            "cap": _num(cap),
            "spent_this_turn": _num(spent),
            "left_this_turn": _num(max(cap - spent, Fraction(0))),
            "of_balance": _num(base),
            "rule": "9.2.3",
        }
    return {
        "side": side,
        "turn": state.turn,
        "unit": rs.data["nrc"]["unit"],
        "networks": pools,
        "rule": "5.1; 9.2.3",
    }


def _num(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 else float(f)
