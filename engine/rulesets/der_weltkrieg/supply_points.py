"""Supply points a combat costs, who needs none, and HQ transfers (R17-4, R18-6, R18-18, R19-2,
R21-3, R29-6, R30-1, R36, R43, R46; spec §6.2).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...state import Unit
from ...verdict import Reason
from .combat_data import rule, value


def supply_points(
    strength: int = 0, artillery: int = 0, *, counterattack: bool = False, separate_rounding: bool = True
) -> int:
    """Supply points for one HQ's units in a combat: 1 per 4 SP or fraction attacking, 1 per 2
    counterattacking (R19-2, Fig 11); 1 per 2 artillery SP either way (R29-6, Fig 12). The supply-line
    reduction does not lower the cost (Fig 11 ex. 2). Infantry and artillery are rounded separately
    (spec §10 #21 DECISION); ``separate_rounding=False`` rounds their sum once."""
    per = value("supply_points", "counterattack_per" if counterattack else "attack_per")
    inf = Fraction(strength, per)
    art = Fraction(artillery, value("supply_points", "artillery_per"))
    return math.ceil(inf) + math.ceil(art) if separate_rounding else math.ceil(inf + art)


def needs_supply_points(unit: Unit, *, counterattack: bool = False, year: int = 1914) -> bool:
    """False for units supplied without supply points: fortresses (R21-3), River Flotillas (R36-6,
    R36-7, R36-9), cavalry of full strength 1, 2 for Britain and Germany (R30-1; the ``full_strength``
    attr, else the current strength), Serbian counterattacks until 1915, Montenegrin and Ottoman
    counterattacks (R43-1, R43-2, R46-1)."""
    if unit.cls in value("supply_points", "free_classes"):
        return False
    if unit.cls == "cavalry":
        free = value("supply_points", "free_cavalry_full_strength_by_nation").get(
            unit.nation, value("supply_points", "free_cavalry_full_strength")
        )
        if unit.attr("full_strength", unit.strength) <= free:
            return False
    if counterattack:
        for row in value("supply_points", "free_counterattack"):
            if row["nation"] == unit.nation and year <= row["to"]:
                return False
    return True


def transfer_problem(
    sent: int, received: int, *, moved: bool = False, held_after: int = 0, corps: bool = False
) -> Reason | None:
    """An HQ's supply-point transfers in one Movement Phase: only if it did not move, at most 10
    sent + received (R18-6); it may never hold more than 100 (R17-4), a Corps HQ 10 (R18-18)."""
    if moved and (sent or received):
        return Reason("R18-6", "an HQ that moves in a Movement Phase may not transfer supply points")
    limit = value("supply_points", "transfer_per_phase")
    if sent + received > limit:
        return Reason(
            "R18-6",
            f"{sent} sent + {received} received = {sent + received} supply points, "
            f"more than {limit} in one Movement Phase",
        )
    key = "corps_hq_max" if corps else "hq_max"
    most = value("supply_points", key)
    if held_after > most:
        who = "a Corps HQ" if corps else "an HQ"
        return Reason(
            rule("supply_points", key), f"{who} may hold at most {most} supply points, not {held_after}"
        )
    return None


def corps_hq_limit(counterattack: bool = False) -> int:
    """Most supply points Corps HQs may spend on one attack (2) or counterattack (4) (R18-18)."""
    return value("supply_points", "corps_hq_counterattack" if counterattack else "corps_hq_attack")
