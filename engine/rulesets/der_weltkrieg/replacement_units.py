"""Splitting and joining Replacement Units (R24-3): the ``regroup_rpl`` action, allowed in every
phase.

R24-3: "Replacement units may be split into smaller replacement units or recombined with other
replacement units at any time." The act lists the Replacement Units (class ``rpl``) involved and the
Strength Points each holds after (``result=ID=SP,ID=SP,...``, as :mod:`.recombination` reads it):

- every unit listed is a Replacement Unit (R24-3: into, or with, other replacement units);
- of one side and nationality, with Full Strength Symbols of the same colours (``symbol_color``: a
  replacement unit's type, R7-5's "similar type RPL"), so a split gives smaller units of the same
  kind;
- those in play are all in the hex of the act; a counter out of play (``eliminated``, or off the map)
  is set down there when it receives Strength Points;
- the Strength Points are only redistributed: their total is neither raised nor lowered.

A unit left with no Strength Points is removed from the map (an empty counter). "At any time": the
act is in every phase's ``actions`` (data.toml).
"""

from __future__ import annotations

from fractions import Fraction

from ...board import Board
from ...verdict import Changes, Verdict
from ...verdict import refused as _no
from .recombination import parse_result, symbol_colours


def judge_regroup(board: Board, hex_id: str, result: str) -> Verdict:
    """Whether the Replacement Units in ``result`` may be split or joined in ``hex_id`` to the
    Strength Points it gives (R24-3)."""
    state = board.state
    after = parse_result(result)
    units = [state.unit(uid) for uid in after]
    index = board.arrays.index
    out = [u for u in units if u.attr("eliminated") is True or u.hex not in index]
    for u in units:
        if u.cls != "rpl":
            return _no("R24-3", f"{u.id} is not a Replacement Unit: only those split or join at any time")
        if u not in out and u.hex != hex_id:
            return _no("R24-3", f"{u.id} is in {u.hex}, not in {hex_id}: units split or join in one hex")
    if len({u.side for u in units}) > 1 or len({u.nation for u in units}) > 1:
        return _no("R24-3", "replacement units of one side and nationality split or join")
    colours = symbol_colours(units, "a replacement unit's type is its Full Strength Symbol's (R24-3)")
    if len(set(colours.values())) > 1:
        which = ", ".join(f"{k} {v}" for k, v in colours.items())
        return _no("R24-3", f"replacement units of one type split or join, not {which}")
    before = {u.id: 0 if u in out else int(u.strength) for u in units}
    if not any(before.values()):
        return _no("R24-3", f"no Replacement Unit in play in {hex_id} among {', '.join(after)}")
    if sum(after.values()) != sum(before.values()):
        return _no(
            "R24-3",
            f"splitting or joining redistributes Strength Points: {sum(before.values())} in, "
            f"{sum(after.values())} out",
        )
    placed = [u for u in out if after[u.id] > 0]
    strengths = {uid: sp for uid, sp in after.items() if sp and sp != before[uid]}
    removed = tuple(u.id for u in units if u not in out and after[u.id] == 0)
    changes = Changes(
        removed=removed,
        strengths=strengths,
        unit_fields={u.id: {"eliminated": False} for u in placed if u.attr("eliminated") is True},
        set_down={u.id: hex_id for u in placed},
    )
    effects = [
        f"R24-3: {sum(before.values())} SP of replacement units in {hex_id}: "
        + ", ".join(f"{k} {v}" for k, v in after.items() if v)
    ]
    if removed:
        effects.append(f"removed from the map: {', '.join(removed)}")
    return Verdict(True, Fraction(0), (), (), tuple(effects), {"regroup": dict(after)}, changes)
