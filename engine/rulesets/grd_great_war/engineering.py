"""Engineering tasks on the transport net [13A3]-[13A5], [13B2], [7A6], [15A1]: the MPs a unit
spends in the hex to break or repair a rail line, clear an obstruction, regauge, repair or demolish a
bridge. Railroad engineers pay their reduced cost; poor weather (all but clear) doubles every cost
[13A4]; two units working together (quick engineering; a brigade construction unit counts as two)
halve it, never more [13A5]. Work left over carries into later turns, kept in good-weather MPs so
that a change of weather affects only the work remaining [13A4]."""

from __future__ import annotations

from fractions import Fraction

from ...ruleset import fraction
from ...verdict import Reason


def task_cost(rs, task: str, workers: list, weather: str) -> Fraction | Reason:
    """MPs each of the ``workers`` (stacked in the hex) spends on ``task`` this turn."""
    tasks = rs.data["engineering"]["tasks"]
    if task not in tasks:
        return Reason("13A", f"unknown engineering task {task!r} (one of {', '.join(tasks)})")
    spec = tasks[task]
    engineers = [u for u in workers if rs.cls(u).get("railroad_engineer")]
    if spec.get("railroad_engineer_only") and not engineers:
        return Reason(spec["rule"], f"only a railroad engineer may {task.replace('_', ' ')}")
    cost = fraction(spec["railroad_engineer"] if engineers and "railroad_engineer" in spec else spec["cost"])
    if weather != "clear":
        cost *= fraction(rs.data["engineering"]["poor_weather_factor"]["value"])  # [13A4]
    if quick(rs, workers):
        cost /= 2  # quick engineering, never more than halved [13A5]
    return cost


def quick(rs, workers: list) -> bool:
    """Two construction units together, or one brigade-size construction unit [13A5]."""
    count = sum(2 if u.size == "brigade" else 1 for u in workers)
    return count >= 2


def work_left(left_good: Fraction, spent: Fraction, weather: str, rs) -> Fraction:
    """Good-weather MPs of work left after ``spent`` MPs this turn [13A4]: in poor weather the
    remaining work counts double while it is done."""
    factor = fraction(rs.data["engineering"]["poor_weather_factor"]["value"]) if weather != "clear" else 1
    return max(Fraction(left_good) * factor - Fraction(spent), Fraction(0)) / factor
