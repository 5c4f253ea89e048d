"""Recombination of reduced units (R23) and Replacement Units (R24): the ``recombine`` action of the
Replacement / Recombination Phase.

Units of the same type and nationality whose Full Strength Symbols have the same colours may
recombine (R23-1; the position states each unit's symbol colour in ``symbol_color``), in the hex of
a Headquarters of their nationality, none of them nor the HQ having moved or fought this turn
(R23-2; ``mp_spent``, ``used_rail``, ``used_column``, ``fought``), in the owning player's
Replacement/Recombination Phase (R23-3), never in an enemy ZOC (R23-6). Their Strength Points are
redistributed, never increased, a unit raised to at most the lower of its front-side printed
strength (``front_strength``) and its Full Strength Symbol (``full_strength``) (R23-4); an
eliminated unit (``eliminated``, kept in the position off the map) may be returned to play in the
hex (R23-5). Replacement Units (class ``rpl``) exist only to give their Strength Points to a
recombination (R24-4). A unit left with no Strength Points is removed from the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ....errors import InputError
from ...board import Board
from ...core_fields import spent_mp
from ...state import Unit
from ...verdict import Changes, Reason, Verdict
from ...verdict import refused as _no


def recombination_problem(before: Sequence[int], after: Sequence[tuple[int, int, int]]) -> Reason | None:
    """R23-4: SP are redistributed, never increased; a unit may hold at most the lower of its front-side
    strength and its Full Strength Symbol. ``before``: the SP of the units involved (after flips and
    markers); ``after``: (strength, front-side strength, Full Strength Symbol) of each unit kept."""
    total_before, total_after = sum(before), sum(s for s, _, _ in after)
    if total_after > total_before:
        return Reason("R23-4", f"recombination may not increase strength ({total_before} -> {total_after})")
    for s, front, full in after:
        if s > min(front, full):
            return Reason("R23-4", f"a unit may hold at most {min(front, full)} SP, not {s}")
    return None


def parse_result(text: str) -> dict[str, int]:
    """``ID=SP,ID=SP``: each unit of the recombination and its Strength Points after it."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        uid, eq, sp = part.partition("=")
        if not eq or not uid or not sp.strip().isdigit():
            raise InputError(f"result: expected ID=SP,ID=SP,... (Strength Points after), not {part!r}")
        if uid in out:
            raise InputError(f"result: {uid} is listed twice")
        out[uid] = int(sp)
    return out


def _need(unit: Unit, name: str) -> int:
    return int(
        unit.need(
            name, f"{unit.id} is raised by the recombination: the position must state its {name} (R23-4)"
        )
    )


def _moved(u: Unit) -> bool:
    return spent_mp(u) > 0 or bool(u.attr("used_rail")) or bool(u.attr("used_column"))


def judge_recombination(rs, board: Board, hex_id: str, result: str) -> Verdict:
    """Whether the units listed in ``result`` may recombine in ``hex_id`` to the strengths it gives
    (R23-1 to R23-6, R24-4)."""
    state = board.state
    after = parse_result(result)
    units = [state.unit(uid) for uid in after]
    returned = [u for u in units if u.attr("eliminated") is True]
    for u in units:
        if u not in returned and u.hex != hex_id:
            return _no("R23-2", f"{u.id} is in {u.hex}, not in {hex_id} where the recombination takes place")
    side = units[0].side
    if state.active_side is not None and any(u.side != state.active_side for u in units):
        return _no(
            "R23-3", "recombination takes place in the owning player's Replacement/Recombination Phase"
        )
    nations = {u.nation for u in units}
    if len(nations) > 1:
        return _no("R23-1", f"units of one nationality recombine, not {', '.join(sorted(nations))}")
    colours = symbol_colours(units, "R23-1 compares Full Strength Symbols' colours")
    if len(set(colours.values())) > 1:
        which = ", ".join(f"{k} {v}" for k, v in colours.items())
        return _no("R23-1", f"units recombine only with Full Strength Symbols of the same colours ({which})")
    nation = units[0].nation
    hqs = [u for u in state.units_at(hex_id) if u.cls == "hq" and u.nation == nation and u.side == side]
    if not hqs:
        return _no(
            "R23-2", f"no {nation} Headquarters in {hex_id}: recombination takes place in the hex of one"
        )
    if all(_moved(h) or h.attr("fought") for h in hqs):
        return _no("R23-2", f"the Headquarters in {hex_id} moved or fought this turn")
    for u in units:
        if u not in returned and (_moved(u) or u.attr("fought")):
            return _no("R23-2", f"{u.id} moved or participated in combat this turn: it does not recombine")
    if rs.enemy_zoc(board, side)[board.idx(hex_id)]:
        return _no("R23-6", f"{hex_id} is in an enemy ZOC: no recombination there")
    before = [0 if u in returned else u.strength for u in units]
    kept = []
    for u, old in zip(units, before, strict=True):
        new = after[u.id]
        if u in returned and new == 0:
            return _no("R23-5", f"{u.id} is eliminated: it returns to play only with Strength Points")
        if new > old:
            if u.cls == "rpl":
                return _no(
                    "R24-4", f"{u.id} is a Replacement Unit: it only gives Strength Points to recombination"
                )
            kept.append((new, _need(u, "front_strength"), _need(u, "full_strength")))
        else:
            kept.append((new, new, new))
    why = recombination_problem(before, kept)
    if why is not None:
        return Verdict(False, Fraction(0), (), (why,))
    strengths = {u.id: after[u.id] for u in units if after[u.id] and after[u.id] != u.strength}
    removed = tuple(u.id for u in units if after[u.id] == 0)
    changes = Changes(
        removed=removed,
        strengths=strengths,
        unit_fields={u.id: {"eliminated": False} for u in returned},
        set_down={u.id: hex_id for u in returned},
    )
    effects = [f"R23-4: {sum(before)} SP redistributed: " + ", ".join(f"{k} {v}" for k, v in after.items())]
    if removed:
        effects.append(f"removed from the map: {', '.join(removed)}")
    if returned:
        effects.append(f"R23-5: returned to play in {hex_id}: {', '.join(u.id for u in returned)}")
    return Verdict(True, Fraction(0), (), (), tuple(effects), {"recombination": dict(after)}, changes)


def symbol_colours(units: Sequence[Unit], why: str) -> dict[str, str]:
    """Each unit's Full Strength Symbol colour (``symbol_color``), which R23-1 and R24-3 compare;
    a unit that does not state it is bad input (exit 2), ``why`` saying which rule needs it."""
    colours = {}
    for u in units:
        colours[u.id] = u.need("symbol_color", f"{u.id}: {why}: state the unit's symbol_color")
    return colours
