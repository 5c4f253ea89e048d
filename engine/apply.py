"""The position after a legal move, as the core applies it for every ruleset.

The units move to the path's end and record the MP they spent (``mp_spent``, exact: see
:mod:`.core_fields`); then the verdict's :class:`~.verdict.Changes` (units removed, unit fields,
strengths and locations set, location status set) and its ledgers (``extra["ledgers"]``) are
applied, and the die rolls the move took from the state's given ``rolls`` are consumed. Nothing here
knows a game.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from types import MappingProxyType

from .contract import DeclaredMarkers
from .core_fields import mp_field_value, spent_mp
from .state import GameState, HexState
from .verdict import Verdict


def apply_move(
    board, verdict: Verdict, unit_ids: list[str], path: list[str], mode: str, record_mp: bool = True
) -> GameState:
    """The next position; ``record_mp`` False leaves the units' spent MP as it was (a replayed log
    whose moves are each judged with the full allowance)."""
    if not verdict.legal:
        raise ValueError("only a legal move can be applied")
    state: GameState = board.state
    ch = verdict.changes
    touched = set(unit_ids) | set(ch.unit_fields) | set(ch.strengths) | set(ch.set_down)
    units = list(state.units)
    for uid in touched:  # by place, not a pass over every unit: a position may hold thousands
        k = state.place_of(uid)
        if k is None:
            continue
        u = units[k]
        attrs = dict(u.attrs)
        if uid in unit_ids:
            if record_mp:
                attrs["mp_spent"] = mp_field_value(spent_mp(u) + Fraction(verdict.mp))
            u = dataclasses.replace(u, hex=path[-1])
        attrs.update(ch.unit_fields.get(uid, {}))
        if uid in ch.strengths:
            u = dataclasses.replace(u, strength=ch.strengths[uid])
        if uid in ch.set_down:
            u = dataclasses.replace(u, hex=ch.set_down[uid])
        units[k] = dataclasses.replace(u, attrs=MappingProxyType(attrs))
    if ch.removed:
        gone = set(ch.removed)
        units = [u for u in units if u.id not in gone]
    state = state.replace(units=tuple(units))
    for key, value in (verdict.extra.get("ledgers") or {}).items():
        state = state.with_ledger(key, value)
    if ch.locations:
        hexes = dict(state.hexes)
        for loc, change in ch.locations.items():
            old = hexes.get(loc, HexState())
            hexes[loc] = dataclasses.replace(
                old,
                owner=change.get("owner", old.owner),
                markers=_markers(state, old.markers, change.get("markers", {})),
                fields=MappingProxyType({**old.fields, **change.get("fields", {})}),
                attrs=MappingProxyType({**old.attrs, **change.get("attrs", {})}),
            )
        state = state.replace(hexes=MappingProxyType(hexes))
    taken = sum(1 for r in verdict.rolls if r.get("source") == "given")
    if taken:
        state = state.replace(rolls=state.rolls[taken:])
    return state


def _markers(state: GameState, old: frozenset[str], change) -> frozenset[str]:
    """A location's markers after a change ``{"add": [...], "remove": [...]}`` (removed first);
    still refusing undeclared names when the position was read with the ruleset's declarations."""
    if not change:
        return old
    new = (set(old) - set(change.get("remove", ()))) | set(change.get("add", ()))
    if state.names is None:
        return frozenset(new)
    for name in new:
        state.names.check("marker", name)
    return DeclaredMarkers(new, state.names)
