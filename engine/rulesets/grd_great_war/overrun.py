"""Overrun odds [6F], [6B4]: the movers' modified attack strength against the defenders' modified
defence, rounded down to whole odds ("116:8 → 14:1"), shifted one level down per fatigue hit of the
most-fatigued overrunning unit and one up per hit of the most-fatigued defender; legal only at 10:1
or better. A target with no defence strength is overrun at 12:1 (spec §10 #20: before shifts, option
``defenceless_overrun_odds``; or the final odds, no shift applied) by any unit with an attack
strength."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any


def overrun_odds(
    rs,
    attack: Fraction,
    defence: Fraction,
    attacker_hits: int = 0,
    defender_hits: int = 0,
    state=None,
) -> dict[str, Any]:
    """The odds of an overrun, with ``state``'s options (the data's defaults without one)."""
    o = rs.data["overrun"]
    if defence == 0:
        base = int(o["defenceless_odds"]["value"]) if attack > 0 else 0
    else:
        base = floor(Fraction(attack) / Fraction(defence))
    name = "defenceless_overrun_odds"  # spec §10 #20
    when = rs.option(state, name) if state is not None else rs.declarations.option(name).default
    fixed = defence == 0 and attack > 0 and when == "after_shifts"
    final = base if fixed else base - attacker_hits + defender_hits
    need = int(o["min_odds"]["value"])
    return {"odds": f"{base}:1", "shifted": f"{final}:1", "allowed": final >= need, "rule": "6F; 6B4"}
