"""The Sinai pipeline (11.53): the Allies may use the Sinai coastal towns as secondary supply
sources only once the pipeline marker has reached them (or while occupying them). At the end of a
Strategic Turn an Allied unit in the next coastal town east of the marker lets it advance there,
one town per Strategic Turn, strictly west to east; a CP unit entering the marker's hex or any hex
west of it pushes it back to the nearest coastal town west of that unit."""

from __future__ import annotations

from ...verdict import Reason

TOWNS = ("N4011", "N3611", "N3311", "N3112")  # west to east; on the Egyptian map hexrows fall eastward
RULE = "11.53"


def marker(state) -> str | None:
    """The coastal town holding the pipeline marker, or None before it is placed."""
    at = [h for h in TOWNS if state.hex(h).field("pipeline")]
    return at[-1] if at else None


def _row(hex_id: str) -> int:
    return int(hex_id[1:3])


def advance(state) -> tuple[str | None, Reason]:
    """Where the marker may be placed at the end of this Strategic Turn, and why (or why not)."""
    now = marker(state)
    nxt = TOWNS[0] if now is None else (TOWNS[TOWNS.index(now) + 1] if now != TOWNS[-1] else None)
    if nxt is None:
        return None, Reason(RULE, "the pipeline has reached the last Sinai coastal town")
    allied_in = {u.hex for u in state.units if u.side == "allied"}
    if nxt in allied_in:
        return nxt, Reason(RULE, f"an Allied unit in {nxt}: the marker advances there")
    held = sorted((h for h in TOWNS if h in allied_in), key=TOWNS.index)
    why = f"the next town east of the marker is {nxt}; no Allied unit is there"
    if held:
        why += f" ({', '.join(held)} must wait: one town per Strategic Turn, west to east)"
    return None, Reason(RULE, why)


def pushed_back(state, entered: str) -> tuple[str | None, Reason] | None:
    """The marker's town after a CP unit enters ``entered``; None when the entry does not touch it."""
    now = marker(state)
    if now is None or not entered.startswith("N") or _row(entered) < _row(now):
        return None
    west = [h for h in TOWNS if _row(h) > _row(entered)]
    back = west[-1] if west else None
    where = back or "off the map (no coastal town west of it)"
    return back, Reason(
        RULE,
        f"a CP unit entered {entered}, at or west of the marker in {now}: the marker goes back to {where}",
    )
