"""Supply-line length in combat (R19-9 ... R19-15, R29-4, R34-2, R34-3; spec §6.3): the thresholds
beyond which strength drops, shared with the supply-line search (:mod:`.supply`), the reduction
itself, and how long a line artillery may fire over.
"""

from __future__ import annotations

from ...verdict import Reason
from .combat_data import supply_value, value


def line_threshold(
    counterattack: bool = False,
    *,
    winter: bool = False,
    hq_has_loc: bool = True,
    winter_no_loc: str = "smaller",
) -> int:
    """Supply-line MP beyond which strength drops: attack 4, counterattack 8 (R19-9, R19-10);
    winter 3 and 6 (R34-2, R34-3); HQ without line of communication 2 and 3 (R19-15). Winter and no
    LOC together: the smaller (spec §10 #22 DECISION); ``winter_no_loc="no-loc"`` uses R19-15's."""
    kind = "counterattack" if counterattack else "attack"
    normal = supply_value(f"winter_{kind}_threshold" if winter else f"{kind}_threshold")
    if hq_has_loc:
        return normal
    no_loc = supply_value(f"no_loc_{kind}_threshold")
    return min(normal, no_loc) if winter and winter_no_loc == "smaller" else no_loc


def line_reduced(
    strength: int,
    line_mp: int,
    *,
    counterattack: bool = False,
    winter: bool = False,
    hq_has_loc: bool = True,
    hq_adjacent: bool = False,
    winter_no_loc: str = "smaller",
) -> int:
    """Strength after the supply-line reduction: -1 per MP beyond :func:`line_threshold`, applied
    before terrain and before x3 (R19-9, R19-10, R34-2, R34-3, R19-15). No attack reduction when the
    HQ is adjacent, unless the HQ lacks a line of communication (R19-13, R19-15)."""
    if hq_adjacent and hq_has_loc and not counterattack:
        return strength
    over = line_mp - line_threshold(
        counterattack, winter=winter, hq_has_loc=hq_has_loc, winter_no_loc=winter_no_loc
    )
    return max(0, strength - max(0, over) * value("supply_line", "loss_per_mp"))


def artillery_line_problem(
    line_mp: int, *, counterattack: bool = False, hq_adjacent: bool = False
) -> Reason | None:
    """Artillery may neither attack nor counterattack over a supply line longer than 4 MP (R29-4),
    except an attack from a hex adjacent to its HQ (R19-14)."""
    most = supply_value("artillery_max_line")
    if line_mp <= most or (hq_adjacent and not counterattack):
        return None
    return Reason("R29-4", f"artillery supply line of {line_mp} MP is longer than {most}")
