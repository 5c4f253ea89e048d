"""A piece dragged from one location to another, judged as what it is in its phase: a move, a
retreat or an advance after combat, or a placement (a declared action) — what the phase's
``drags`` declares (:meth:`.phases.Phase.drag_kind`). A log of a game records only where a piece
went; the phase says what that was.

A retreat or an advance is judged by the ruleset's :meth:`~.ruleset.Ruleset.judge_retreat` /
:meth:`~.ruleset.Ruleset.judge_advance` from where the unit stands to where the drag ends; a
ruleset that has no such rule answers :class:`NotJudged` with the reason (:func:`no_rule`), and the
drag is listed, never passed as legal. A placement is the declared action, its ``unit`` argument
the dragged unit and its location argument the drag's end (the phase's ``drag_args`` fill others
from the unit's fields), judged as ``railhead act`` judges it. Every verdict says the phase it was
judged in and what the drag was taken for (``extra["drag"]``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from .unjudged import NotJudged, no_rule
from .verdict import Reason, Verdict

__all__ = ["NotJudged", "action_args", "judge_drag", "no_rule", "verdict_record"]


def _source(unit, source: str, dest: str) -> str:
    return {
        "unit": unit.id,
        "to": dest,
        "from": unit.hex,
        "side": unit.side,
        "nation": unit.nation,
        "class": unit.cls,
        "size": unit.size,
    }[source]


def action_args(rs, kind: str, unit, dest: str, sources: dict[str, str] | None = None) -> dict[str, str]:
    """The arguments (as ``railhead act`` takes them, text) of the action ``kind`` for a drag of
    ``unit`` to ``dest``: ``unit`` the unit, every location argument the drag's end, the rest from
    ``sources`` (argument -> ``unit``, ``to``, ``from`` or a unit field); defaults stay."""
    action = rs.declarations.action(kind)
    given: dict[str, str] = {}
    for f in action.args:
        if f.name in (sources or {}):
            given[f.name] = _source(unit, sources[f.name], dest)
        elif f.name == "unit":
            given[f.name] = unit.id
        elif f.kind == "location":
            given[f.name] = dest
    return given


def judge_drag(rs, board, unit_id: str, dest: str, kind: str | None = None) -> Verdict | NotJudged:
    """Verdict on the drag of ``unit_id`` from where it stands to ``dest`` in the position's phase
    (``board.state``), as ``kind`` (None: what the phase declares for the unit's side): a move,
    ``"retreat"``, ``"advance"`` or a declared action. A rule's refusal is an illegal verdict with
    its rule; a drag the ruleset does not judge is :class:`NotJudged`, with the reason."""
    from .phases import _phasing, judged_in
    from .queries import judge, judge_action

    state = board.state
    unit = state.unit(unit_id)
    seq = rs.sequence
    phase = seq.phase(judged_in(seq, state, unit).phase) if seq is not None else None
    if kind is None:
        phasing = _phasing(state, unit)
        kind = phase.drag_kind(phasing) if phase is not None else "move"
        if kind is None:
            return NotJudged(phase.drag_unknown(rs.name, phasing))
    if kind == "move":
        path = rs.path_to(board, unit, "ground", dest)
        if path is None:
            v = Verdict(False, Fraction(0), (), (Reason(rs.adjacency_rule, f"no path {unit.hex} -> {dest}"),))
        else:
            v = judge(rs, board, unit_id, path, "ground")
    elif kind in ("retreat", "advance"):
        v = rs.judge_retreat(board, unit, dest) if kind == "retreat" else rs.judge_advance(board, unit, dest)
        if isinstance(v, NotJudged):
            return v
        if seq is not None:
            v = replace(v, extra={**v.extra, "phase": judged_in(seq, state, unit).to_dict()})
    else:
        sources = dict(phase.drag_args) if phase is not None else {}
        v = judge_action(rs, board, kind, action_args(rs, kind, unit, dest, sources))
    return replace(v, extra={**v.extra, "drag": kind})


def verdict_record(v: Verdict) -> dict[str, Any] | None:
    """None for a legal verdict, else the rule that refuses and why (what a check lists)."""
    if v.legal:
        return None
    reason = v.reasons[0] if v.reasons else None
    return {"rule": reason.rule if reason else "", "why": reason.message if reason else "refused"}
