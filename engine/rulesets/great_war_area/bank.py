"""The NRC bank [5]: each Major Power's National Resource Credits, kept in the ``nrc`` ledger that
persists across turns (period ``game``), and this game turn's Strategic Movement spending in the
``nrc-strategic`` ledger (period ``turn``) for the 10 % cap [9.2.3].

The bank's opening balance is the ledger's stored capacity (a Situation's figure); every payment
is an entry naming the unit, what it paid for and the rule. The per-turn ceiling [5.3]: no Major
Power but the U.S. may deliberately spend more in one game turn than the Situation's percentage
(state field ``nrc_ceiling``) of its initial game balance; combat losses never count. Payments a
rule forces (a capital's loss) are never refused by the ceiling, and count toward it (option
``ceiling_counts``, spec A21); Retreat-before-Combat is the defender's option [10.10.1], so its
payment is deliberate spending, counted and refused past the ceiling. This game turn's counted spending is the
``nrc-turn`` ledger (period ``turn``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...ledger import Ledger
from ...reports import CapacityReport


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


def pool(rs, state) -> Ledger:
    """The Mobilization Pool [6]: units of each ``nation.class`` still to be mobilized (the ledger
    ``mobilization-pool``, period ``game``; its capacities are the Situation's figures)."""
    return Ledger.of(state, rs.data["nrc"]["pool_ledger"], period="game")


def pool_left(rs, state, nation: str, cls: str) -> Fraction:
    """Units of ``cls`` ``nation`` may still mobilize [6.1]; InputError when the position's pool
    does not say."""
    from ....errors import InputError

    led = pool(rs, state)
    key = f"{nation}.{cls}"
    if key not in led.pools():
        raise InputError(
            f"expected the Mobilization Pool of {nation} {cls.replace('_', ' ')}s: a capacity "
            f"{key!r} in the ledger {led.name!r} (the Situation's figure, 6)",
            where=f"$.ledgers.{led.name}.capacity.{key}",
        )
    return led.balance(key)


def pool_after_losses(rs, state, lost) -> dict[str, Any]:
    """[6.2]: the pool after these units are lost: a Major Power's lost Corps costs ½ Army from
    the pool and may be mobilized again, until the pool has no Army left; then a Corps loss is
    final. A lost Marine may always be mobilized again; other losses are final. ({} when no unit
    of a Major Power is lost.)"""
    led = pool(rs, state)
    changed = False
    for u in lost:
        if not rs.is_major(u.nation):
            continue
        if u.cls == "marine":
            led = led.restore(f"{u.nation}.marine", u.id, Fraction(1), "marine lost", "6.2")
            changed = True
        elif u.cls == "corps":
            army = f"{u.nation}.army"
            if army in led.pools() and led.balance(army) >= Fraction(1, 2):
                led = led.spend(army, u.id, Fraction(1, 2), "corps lost: 1/2 army", "6.2")
                led = led.restore(
                    f"{u.nation}.corps", u.id, Fraction(1), "corps lost: may be mobilized anew", "6.2"
                )
                changed = True
    return {led.name: led.to_state()} if changed else {}


def turn_spent(rs, state) -> Ledger:
    return Ledger.of(state, rs.data["nrc"]["ceiling_ledger"], period="turn")


def ceiling(rs, state, power: str) -> tuple[Fraction, Fraction] | None:
    """(limit this game turn, counted spending so far) [5.3]; None without a ceiling: the U.S.,
    or a position that gives no ``nrc_ceiling``."""
    pct = state.extra.get("nrc_ceiling")
    if pct is None or rs.country(power).get("no_ceiling", False):
        return None
    initial = bank(rs, state).capacity.get(power, (Fraction(0), ""))[0]
    return initial * Fraction(pct) / 100, turn_spent(rs, state).spent(power)


def over_ceiling(rs, state, power: str, amount: Fraction):
    """The Reason a deliberate payment of ``amount`` breaks the ceiling [5.3], or None."""
    from ...verdict import Reason

    c = ceiling(rs, state, power)
    if c is None or c[1] + amount <= c[0]:
        return None
    limit, spent = c
    initial = _num(bank(rs, state).capacity[power][0])
    return Reason(
        "5.3",
        f"{power} may spend at most {_num(limit)} NRC this game turn ({state.extra['nrc_ceiling']}% of "
        f"its initial {initial}); {_num(spent)} spent, this costs {_num(amount)}",
    )


def pay(
    rs,
    state,
    power: str,
    unit: str,
    amount: Fraction,
    what: str,
    rule: str,
    strategic: bool = False,
    forced: bool = False,
    combat_loss: bool = False,
) -> dict[str, Any]:
    """The ledgers after ``power`` pays ``amount`` (as the verdict's ``extra["ledgers"]``);
    ``forced``: a payment a rule imposes; ``combat_loss``: outside the ceiling [5.3]."""
    out = {rs.data["nrc"]["ledger"]: bank(rs, state).spend(power, unit, amount, what, rule).to_state()}
    counted = not combat_loss and (not forced or rs.option(state, "ceiling_counts") == "forced_too")
    if counted:
        led = turn_spent(rs, state).spend(power, unit, amount, what, rule)
        out[rs.data["nrc"]["ceiling_ledger"]] = led.to_state()
    if strategic:
        led = strategic_spent(rs, state).spend(power, unit, amount, what, rule)
        out[rs.data["nrc"]["strategic_ledger"]] = led.to_state()
    return out


def report(rs, state, side: str) -> CapacityReport:
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
        c = ceiling(rs, state, pool["pool"])
        if c is not None:
            pool["ceiling"] = {
                "limit": _num(c[0]),
                "spent_this_turn": _num(c[1]),
                "left_this_turn": _num(max(c[0] - c[1], Fraction(0))),
                "rule": "5.3",
            }
    return CapacityReport(side, state.turn, rs.data["nrc"]["unit"], pools, extras={"rule": "5.1; 9.2.3"})


def _num(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 else float(f)
