"""Attachment (2.31.C, 3.23): what a position may not hold. A corps' attached primary formations
weigh by size against its Corps Attachment Limit (a division 1, a brigade 1/2, a regiment,
battalion or unsized formation 0); a hex holds at most two facings."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from ...ruleset import fraction


def corps_loads(rs, state) -> dict[str, Fraction]:
    """Per corps, the summed load of the distinct PFs attached to it (2.31.C)."""
    table = rs.data["attachment_load"]
    sizes: dict[tuple[str, str], str] = {}
    for u in state.units:
        corps, pfi = u.attr("corps"), u.attr("pfi")
        if corps and pfi and pfi != corps and u.cls != "hq":
            sizes[(corps, pfi)] = u.attr("pf_size", sizes.get((corps, pfi), "none"))
    out: dict[str, Fraction] = defaultdict(Fraction)
    for (corps, _), size in sizes.items():
        out[corps] += fraction(table[size]["value"])
    return dict(out)


def attachment_problems(rs, state) -> list[tuple[str, str]]:
    out = []
    loads = corps_loads(rs, state)
    for k, u in enumerate(state.units):
        limit = u.attr("attachment_limit")
        corps = u.attr("corps") or u.attr("pfi")
        if (
            u.cls == "hq"
            and limit is not None
            and loads.get(corps, 0) > Fraction(limit).limit_denominator(100)
        ):
            out.append(
                (
                    f"$.units[{k}].attrs.attachment_limit",
                    f"corps {corps}: attached formations weigh {float(loads[corps]):g}, "
                    f"its limit is {limit:g} (2.31.C)",
                )
            )
    facings = defaultdict(set)
    for u in state.units:
        if u.attr("facing") is not None and u.cls != "fortress":
            facings[u.hex].add(u.attr("facing"))
    limit = int(rs.data["stacking"]["facings_per_hex"]["value"])
    for hx, fs in sorted(facings.items()):
        if len(fs) > limit:
            out.append((f"$.units (hex {hx})", f"{hx}: units face {len(fs)} ways, at most {limit} (3.23)"))
    return out
