"""A piece dragged from one location to another, judged as what it is in its phase: a move, a
retreat or an advance after combat, or a placement (a declared action) — what the phase's
``drags`` declares (:meth:`.phases.Phase.drag_kinds`). A log of a game records only where a piece
went; the phase says what that was.

A retreat or an advance is judged by the ruleset's :meth:`~.ruleset.Ruleset.judge_retreat` /
:meth:`~.ruleset.Ruleset.judge_advance` from where the unit stands to where the drag ends; a
ruleset that has no such rule answers :class:`NotJudged` with the reason (:func:`no_rule`), and the
drag is listed, never passed as legal; so is a drag the rules judged allow but a rule the ruleset
could not judge may forbid (a legal verdict whose ``extra[NOT_JUDGED]`` names that rule and why,
as an advance may name an order of advance that needs the combat's losses). A placement is the
declared action, its ``unit`` argument the dragged unit and its location argument the drag's end
(the phase's ``drag_args`` fill others from the unit's fields), judged as ``railhead act`` judges
it. Every verdict says the phase it was judged in and what the drag was taken for
(``extra["drag"]``).

Where a side may retreat or advance in a phase (its ``drags`` list both), what the drag was is
read from the log (:class:`Held`: an advance enters a location the other side left in the phase),
and where it still may have been either it is judged as both, saying so (:func:`judge_drag`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from .unjudged import NOT_JUDGED, NotJudged, no_rule
from .verdict import Reason, Verdict

__all__ = ["Held", "NotJudged", "action_args", "judge_drag", "no_rule", "verdict_record"]


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


class Held:
    """Which sides' units stood in each location at some moment of the phase a log has reached:
    what tells an advance after combat, which enters a location the other side left in the phase
    (the vacated hex), from a retreat. A check shows it each position before it judges a drag in
    the phase (:meth:`see`); a new phase (``key``) starts afresh. ``gone``: the units the log took
    off the map (eliminated, say), which no longer stand anywhere."""

    def __init__(self) -> None:
        self.key: Any = None
        self.sides: dict[str, set[str]] = {}
        self.gone: set[str] = set()

    def see(self, key: Any, state) -> None:
        """The position ``state`` is one of phase ``key``'s."""
        if key != self.key:
            self.key, self.sides = key, {}
        for u in state.units:
            if u.id not in self.gone:
                self.sides.setdefault(u.hex, set()).add(u.side)

    def off(self, key: Any, state, unit_id: str) -> None:
        """The log took ``unit_id`` off the map in phase ``key`` (from where ``state`` has it)."""
        self.see(key, state)
        self.gone.add(unit_id)

    def on(self, unit_id: str) -> None:
        """The log put ``unit_id`` on the map again (a unit brought back, or one that never left):
        it stands where the position has it."""
        self.gone.discard(unit_id)

    def vacated(self, state, loc: str, side: str) -> bool:
        """Whether units of a side other than ``side`` stood in ``loc`` earlier in the phase and
        none stands there now."""
        if not self.sides.get(loc, set()) - {side}:
            return False
        return not any(u.side != side and u.id not in self.gone for u in state.units_at(loc))

    def present(self, state):
        """``state`` without the units that are gone."""
        if not self.gone:
            return state
        return state.replace(units=tuple(u for u in state.units if u.id not in self.gone))


def judge_drag(
    rs, board, unit_id: str, dest: str, kind: str | None = None, held: Held | None = None
) -> Verdict | NotJudged:
    """Verdict on the drag of ``unit_id`` from where it stands to ``dest`` in the position's phase
    (``board.state``), as ``kind`` (None: what the phase declares for the unit's side): a move,
    ``"retreat"``, ``"advance"`` or a declared action. A rule's refusal is an illegal verdict with
    its rule; a drag the ruleset does not judge is :class:`NotJudged`, with the reason.

    Where the phase lets the unit's side both retreat and advance (``drags`` lists both), the kind
    comes from where the drag goes: an advance enters a location the other side left in this phase
    (``held``, what the phase has seen), so a drag anywhere else is a retreat; a drag into such a
    location may have been either, and is judged as both: legal if it is legal as one (the verdict
    names it, ``extra["drag"]``, and says both were tried), refused with both refusals, not judged
    if neither is legal and one is not judged. Without ``held`` the side's usual kind (the first
    declared) is taken, and the verdict says so."""
    from .phases import is_phasing, judged_in, kinds_text

    state = board.state
    unit = state.unit(unit_id)
    seq = rs.sequence
    phase = seq.phase(judged_in(seq, state, unit).phase) if seq is not None else None
    if kind is not None:
        kinds: tuple[str, ...] = (kind,)
    elif phase is None:
        kinds = ("move",)
    else:
        phasing = is_phasing(state.active_side, unit)
        kinds = phase.drag_kinds(phasing)
        if not kinds:
            return NotJudged(phase.drag_unknown(rs.name, phasing))
    note = ""
    if len(kinds) > 1 and held is None:
        kinds = kinds[:1]
        note = f"taken as {kinds_text(kinds)}, the usual drag of its side in this phase "
        note += "(not told what the phase saw)"
    elif len(kinds) > 1 and "advance" in kinds and not held.vacated(state, dest, unit.side):
        kinds = tuple(k for k in kinds if k != "advance")
        note = f"a retreat, not an advance: no enemy unit left {dest} in this phase"
    if len(kinds) == 1:
        v = _judge_as(rs, board, unit, dest, kinds[0], phase)
        if isinstance(v, NotJudged):
            return replace(v, kind=kinds[0])
        return replace(v, effects=(*v.effects, note) if note else v.effects)
    return _either(kinds, lambda k: _judge_as(rs, board, unit, dest, k, phase), unit, dest)


def _judge_as(rs, board, unit, dest: str, kind: str, phase) -> Verdict | NotJudged:
    """The verdict on a drag taken as ``kind`` (its ``extra["drag"]``), or why it is not judged."""
    from .phases import judged_in
    from .queries import judge, judge_action

    if kind == "move":
        path = rs.path_to(board, unit, "ground", dest)
        if path is None:
            v = Verdict(False, Fraction(0), (), (Reason(rs.adjacency_rule, f"no path {unit.hex} -> {dest}"),))
        else:
            v = judge(rs, board, unit.id, path, "ground")
    elif kind in ("retreat", "advance"):
        v = rs.judge_retreat(board, unit, dest) if kind == "retreat" else rs.judge_advance(board, unit, dest)
        if isinstance(v, NotJudged):
            return v
        if rs.sequence is not None:
            v = replace(v, extra={**v.extra, "phase": judged_in(rs.sequence, board.state, unit).to_dict()})
    else:
        sources = dict(phase.drag_args) if phase is not None else {}
        v = judge_action(rs, board, kind, action_args(rs, kind, unit, dest, sources))
    if v.legal and v.extra.get(NOT_JUDGED):
        rules = "; ".join(f"{r['rule']}: {r['why']}" for r in v.extra[NOT_JUDGED])
        return NotJudged(f"the rules judged allow it, but not judged: {rules}")
    return replace(v, extra={**v.extra, "drag": kind})


def _either(kinds: tuple[str, ...], judge_as, unit, dest: str) -> Verdict | NotJudged:
    """One answer on a drag that may have been any of ``kinds``: judged as each in order
    (``judge_as(kind)``) until one makes it legal."""
    from .phases import kinds_text

    which = kinds_text(kinds)
    why = f"{dest} was left by the other side in this phase, and the log does not say whether {unit.id} "
    why += f"made {which} there"
    answers = []
    for k in kinds:
        v = judge_as(k)
        if isinstance(v, Verdict) and v.legal:
            said = f"judged as {which}: {why}; legal as {kinds_text((k,))}"
            extra = {**v.extra, "drag": k, "drags_tried": list(kinds)}
            return replace(v, effects=(*v.effects, said), extra=extra)
        answers.append(v)
    parts = []
    for k, v in zip(kinds, answers, strict=True):
        said = v.reason if isinstance(v, NotJudged) else _refusal_text(v)
        parts.append(f"as {kinds_text((k,))}: {said}")
    if any(isinstance(v, NotJudged) for v in answers):
        return NotJudged(f"{why}; " + "; ".join(parts), kind=" or ".join(kinds))
    rules = "; ".join(dict.fromkeys(v.reasons[0].rule for v in answers if v.reasons))
    extra = {"drag": " or ".join(kinds), "drags_tried": list(kinds)}
    return Verdict(False, Fraction(0), (), (Reason(rules, f"{why}; " + "; ".join(parts)),), extra=extra)


def _refusal_text(v: Verdict) -> str:
    r = v.reasons[0] if v.reasons else None
    return f"{r.rule}: {r.message}" if r is not None else "refused"


def verdict_record(v: Verdict) -> dict[str, Any] | None:
    """None for a legal verdict, else the rule that refuses and why (what a check lists)."""
    if v.legal:
        return None
    reason = v.reasons[0] if v.reasons else None
    return {"rule": reason.rule if reason else "", "why": reason.message if reason else "refused"}
