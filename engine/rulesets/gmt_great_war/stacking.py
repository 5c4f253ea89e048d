"""Stacking (7.2): at most six units of a side per hex, some not counted, one HQ, one tank and one
anti-tank unit per hex, at most four U.S. or four Bulgarian infantry divisions (7.23). Checked at
the end of each Mutual Movement Phase and during the Strategic Movement Phase (7.22)."""

from __future__ import annotations

from ...stacking import units_by_location


def stack_problems(data, units) -> list[str]:
    """What is wrong with the units of one side in one hex, each with its rule."""
    st = data["stacking"]
    out = []
    counted = [u for u in units if u.cls not in st["not_counted"]["value"]]
    if len(counted) > st["limit"]["value"]:
        out.append(
            f"{len(counted)} units count against the limit of {st['limit']['value']} ({st['limit']['rule']})"
        )
    for cls in st["one_each"]["value"]:
        n = sum(1 for u in units if u.cls == cls)
        if n > 1:
            out.append(f"{n} {cls} units: at most one per hex ({st['one_each']['rule']})")
    for nation, key in (("us", "us_infantry"), ("bu", "bu_infantry")):
        n = sum(1 for u in units if u.nation == nation and u.cls == "infantry")
        if n > st[key]["value"]:
            out.append(f"{n} {nation} infantry divisions: at most {st[key]['value']} ({st[key]['rule']})")
    return out


def stacking_report(state, data, side: str) -> dict[str, list[str]]:
    """Hex -> problems, for every hex of ``side`` that breaks the limits."""
    by_hex = units_by_location(state, side)
    return {h: p for h, us in sorted(by_hex.items()) if len(us) > 1 and (p := stack_problems(data, us))}
