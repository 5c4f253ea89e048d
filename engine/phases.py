"""The sequence of play a ruleset declares (``[phases]`` in its data file), and the judgements it
gives: which phase and which side a move or action is judged in, who may move in it, in which
modes, and in which order a unit's moves come inside it.

Not the replay of a log (that is :mod:`.sequence`). The declaration::

    [phases]
    per = "player_turn"            # what the phases repeat in: turn, impulse or player_turn
    rule = "5"                     # the rule of the whole sequence
    [phases.movement]              # one table per phase, in the rulebook's order
    rule = "5.2"
    mover = "phasing"              # phasing (the position's active_side), both, or none
    modes = ["march", "rail"]      # the modes the mover(s) may move in in this phase
    other_modes = ["react"]        # modes the non-phasing side may move in (retreats, reactions)
    reactions = ["answer_to"]      # move keywords that make a move a reaction (or retreat), allowed
                                   # to the non-phasing side (to both when mover = "both")
    actions = ["muster"]           # the ruleset's [actions] allowed in this phase
    records = { rail = "railed", march = "mp_spent" }  # mode -> the unit field that records it
    drags = { phasing = "advance", other = "retreat" }  # what a piece dragged in it is judged as
                                   # (a list where a side may do either: ["retreat", "advance"])
    order = [{ first = ["rail"], then = ["march"], rule = "5.21" }]  # first never after then
    apart = [{ modes = ["rail"], others = ["sea"], rule = "5.22" }]  # never both in one phase

A unit has moved in a mode this phase when the unit field ``records`` names for it is set (true,
or a number above 0): the position says what units did, the core reads it. When a legal move is
applied the core sets the boolean ones (:func:`recorded`).

What a piece dragged on the board in a phase is (a log of a game does not say: ``railhead check``
reads it here) is ``drags``: ``"move"`` (a move in the phase's modes: the default where the mover
moves on the ground), ``"retreat"`` or ``"advance"`` (after combat: judged by the ruleset's
``judge_retreat`` / ``judge_advance``, :mod:`.drags`), or the name of a declared action that puts a
unit in a location (``"place"``: its ``unit`` argument is the dragged unit, its location argument
where the drag ends; ``drag_args = { nation = "nation" }`` fills other arguments from the unit's
fields). One kind for every drag, or one per side: ``{ phasing = ..., other = ... }``. Where the
rulebook lets a side both retreat and advance in a phase (an attacker retreats on some results, a
defender advances after the attacker's retreat), the side's kinds are a list, the usual one first
(``{ phasing = ["advance", "retreat"], other = ["retreat", "advance"] }``): a log does not say which
it was, so the core judges the drag as each kind it can have been (:func:`.drags.judge_drag`). A
name that is none of these is the author's error when the data is read.

A position that names a phase is checked against the declaration (an unknown phase is bad input,
exit 2) and every move and action is judged in it. A position that names none is judged, move by
move, in the first phase whose mover may move in the move's mode (the side whose phase it is being
the position's ``active_side``, or the unit's own when it names none), and the answer says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..errors import InputError
from .verdict import Reason

MOVERS = ("phasing", "both", "none")
DRAG_KINDS = ("move", "retreat", "advance")  # besides a declared action's name
AFTER_COMBAT = ("retreat", "advance")  # the kinds a side's list of drags may name
DRAG_ROLES = ("phasing", "other")
DRAG_SOURCES = ("unit", "to", "from", "side", "nation", "class", "size")  # what fills an action's argument
PERIODS = ("turn", "impulse", "player_turn")


def kinds_text(kinds: tuple[str, ...]) -> str:
    """``an advance``, ``a retreat or an advance``: drag kinds as a reason names them."""
    return " or ".join(f"{'an' if k[:1] in tuple('aeiou') else 'a'} {k}" for k in kinds)


@dataclass(frozen=True)
class Order:
    """Inside a phase a unit moves in the ``first`` modes before the ``then`` modes: once it has
    moved in one of ``then`` it may no more move in one of ``first``."""

    first: tuple[str, ...]
    then: tuple[str, ...]
    rule: str = ""


@dataclass(frozen=True)
class Apart:
    """A unit that moved in one of ``modes`` this phase may not move in one of ``others``, nor the
    other way round."""

    modes: tuple[str, ...]
    others: tuple[str, ...]
    rule: str = ""


@dataclass(frozen=True)
class Phase:
    """One phase (or segment) of the sequence of play."""

    name: str
    rule: str = ""
    description: str = ""
    mover: str = "phasing"
    modes: tuple[str, ...] = ()
    other_modes: tuple[str, ...] = ()
    reactions: tuple[str, ...] = ()  # move keywords that let the non-phasing side (both: either) move
    actions: tuple[str, ...] = ()
    records: Mapping[str, str] = field(default_factory=dict)
    order: tuple[Order, ...] = ()
    apart: tuple[Apart, ...] = ()
    # role (phasing/other) -> what a drag is: one kind, or the after-combat kinds it may be (usual first)
    drags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    drag_args: Mapping[str, str] = field(default_factory=dict)  # action argument -> DRAG_SOURCES

    def drag_kinds(self, phasing: bool | None) -> tuple[str, ...]:
        """What a piece dragged in this phase by the phasing side (``phasing``), the other side, or
        a side not known (None) may be judged as, the usual kind first: the declared ``drags``
        (none for a side not known where the two sides' differ: :meth:`drag_unknown` says why),
        else a move where units move on the ground in this phase (a side that may not is judged,
        and refused, by the sequence of play), else none (the ruleset does not say what it is)."""
        if phasing is None and len(set(self.drags.values())) > 1:
            return ()
        kinds = self.drags.get("other" if phasing is False else "phasing")
        if kinds is not None:
            return kinds
        return ("move",) if self.allows("ground", None) else ()

    def drag_kind(self, phasing: bool | None) -> str | None:
        """The usual kind of :meth:`drag_kinds` (None where it gives none)."""
        kinds = self.drag_kinds(phasing)
        return kinds[0] if kinds else None

    def drag_unknown(self, ruleset_name: str, phasing: bool | None) -> str:
        """Why a drag in this phase is not judged when :meth:`drag_kinds` gives none."""
        if phasing is None and len(set(self.drags.values())) > 1:
            kinds = " or ".join(f"{kinds_text(k)} by the {r} side" for r, k in self.drags.items())
            return f"a drag in the {self.title()} phase is {kinds}, and no phasing side is named"
        return (
            f"a drag in the {self.title()} phase, where no unit moves on the ground and {ruleset_name} "
            "declares nothing else a drag is there (drags in its [phases])"
        )

    def allows(self, mode: str, phasing: bool | None) -> bool:
        """Whether a unit of the phasing side (``phasing``), of the other side, or of either
        (None: the position names no phasing side) may move in ``mode`` in this phase (a reaction
        aside)."""
        if self.mover == "none":
            return False
        if phasing is None:
            return mode in self.modes or mode in self.other_modes
        if phasing or self.mover == "both":
            return mode in self.modes
        return mode in self.other_modes

    def title(self) -> str:
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class SequenceOfPlay:
    """A ruleset's declared phases, in order."""

    phases: tuple[Phase, ...]
    per: str = "turn"
    rule: str = ""
    source: str = ""  # the data file that declares it, named in errors

    def names(self) -> list[str]:
        return [p.name for p in self.phases]

    def phase(self, name: str, file: Any = None) -> Phase:
        found = self._by_name.get(name)
        if found is not None:
            return found
        raise InputError(
            f"unknown phase {name!r}: the phases {self.source or 'the ruleset'} declares are "
            + ", ".join(self.names()),
            file=file,
            where="$.phase",
        )

    @property
    def default(self) -> str:
        """The phase a position that names none stands for: the first in which units move."""
        return next((p.name for p in self.phases if p.modes), self.phases[0].name)

    def allowing(self, mode: str, phasing: bool | None) -> tuple[Phase, ...]:
        """The phases in which a unit of the phasing side (``phasing``), of the other, or of
        either (None) may move in ``mode``, in order (asked for every move a log replays: each
        answer is worked out once)."""
        memo = self._allowing
        found = memo.get((mode, phasing))
        if found is None:
            found = memo[mode, phasing] = tuple(p for p in self.phases if p.allows(mode, phasing))
        return found

    @cached_property
    def _allowing(self) -> dict[tuple[str, bool | None], tuple[Phase, ...]]:
        """:meth:`allowing`'s answers so far."""
        return {}

    @cached_property
    def _by_name(self) -> dict[str, Phase]:
        """Each phase by its name (the first of a name, as a scan in order finds it)."""
        found: dict[str, Phase] = {}
        for p in self.phases:
            found.setdefault(p.name, p)
        return found


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where}: expected a list of names, not {value!r}")
    return tuple(value)


def sequence_of(raw: Mapping[str, Any], source: str = "") -> SequenceOfPlay | None:
    """The ``[phases]`` table of a data file (None when it declares none). A malformed declaration
    is the ruleset author's error (ValueError), as for the other declarations."""
    table = raw.get("phases")
    if table is None:
        return None
    modes = set(raw.get("modes", {"ground": {}}))
    actions = set(raw.get("actions", {}))
    fields = set(raw.get("unit_fields", {}))
    per = table.get("per", "turn")
    if per not in PERIODS:
        raise ValueError(f"phases.per: expected one of {', '.join(PERIODS)}, not {per!r}")
    phases = []
    for name, p in table.items():
        if not isinstance(p, dict):
            continue
        where = f"phases.{name}"
        mover = p.get("mover", "phasing")
        if mover not in MOVERS:
            raise ValueError(f"{where}.mover: expected one of {', '.join(MOVERS)}, not {mover!r}")
        ph = Phase(
            name=name,
            rule=str(p.get("rule", "")),
            description=str(p.get("description", "")),
            mover=mover,
            modes=_strs(p.get("modes", []), f"{where}.modes"),
            other_modes=_strs(p.get("other_modes", []), f"{where}.other_modes"),
            reactions=_strs(p.get("reactions", []), f"{where}.reactions"),
            actions=_strs(p.get("actions", []), f"{where}.actions"),
            records=dict(p.get("records", {})),
            order=tuple(
                Order(_strs(o["first"], where), _strs(o["then"], where), str(o.get("rule", "")))
                for o in p.get("order", [])
            ),
            apart=tuple(
                Apart(_strs(a["modes"], where), _strs(a["others"], where), str(a.get("rule", "")))
                for a in p.get("apart", [])
            ),
        )
        ph = replace(ph, **_drags_of(p.get("drags"), p.get("drag_args"), raw.get("actions", {}), where))
        named_modes = {*ph.modes, *ph.other_modes, *ph.records}
        for o in ph.order:
            named_modes |= {*o.first, *o.then}
        for a in ph.apart:
            named_modes |= {*a.modes, *a.others}
        if named_modes - modes:
            raise ValueError(f"{where}: undeclared modes {sorted(named_modes - modes)}")
        if set(ph.actions) - actions:
            raise ValueError(f"{where}.actions: undeclared actions {sorted(set(ph.actions) - actions)}")
        if set(ph.records.values()) - fields - {"mp_spent"}:
            unknown = sorted(set(ph.records.values()) - fields)
            raise ValueError(f"{where}.records: undeclared unit fields {unknown}")
        phases.append(ph)
    if not phases:
        raise ValueError("phases: declares no phase")
    return SequenceOfPlay(tuple(phases), per, str(table.get("rule", "")), source)


def _drags_of(value: Any, args: Any, actions: Mapping[str, Any], where: str) -> dict[str, Any]:
    """``drags`` and ``drag_args`` of a phase, checked: each kind is one of :data:`DRAG_KINDS` or a
    declared action whose arguments the dragged unit and its destination fill."""
    if value is None:
        if args is not None:
            raise ValueError(f"{where}.drag_args: given without drags")
        return {}
    if isinstance(value, (str, list)):
        drags = {r: value for r in DRAG_ROLES}
    elif isinstance(value, dict) and value and set(value) <= set(DRAG_ROLES):
        drags = dict(value)
    else:
        raise ValueError(
            f"{where}.drags: expected a kind or a table of {' and '.join(DRAG_ROLES)}, not {value!r}"
        )
    sources = dict(args or {})
    bad = {k: v for k, v in sources.items() if v not in DRAG_SOURCES}
    if bad:
        raise ValueError(f"{where}.drag_args: {bad} (each one of {', '.join(DRAG_SOURCES)})")
    for role, kind in list(drags.items()):
        if isinstance(kind, list):
            if not kind or len(set(kind)) < len(kind) or not set(kind) <= set(AFTER_COMBAT):
                raise ValueError(
                    f"{where}.drags.{role}: a list names kinds a drag after combat may be, each once "
                    f"({' and '.join(AFTER_COMBAT)}), not {kind!r}"
                )
            drags[role] = tuple(kind)
            continue
        if not isinstance(kind, str):
            raise ValueError(f"{where}.drags.{role}: expected a name, not {kind!r}")
        drags[role] = (kind,)
        if kind in DRAG_KINDS:
            continue
        if kind not in actions:
            raise ValueError(
                f"{where}.drags.{role}: {kind!r} is neither {', '.join(DRAG_KINDS)} nor a declared action "
                f"(actions: {', '.join(actions) or 'none'})"
            )
        declared = actions[kind].get("args", {})
        for name in sources:
            if name not in declared:
                raise ValueError(f"{where}.drag_args: action {kind!r} takes no argument {name!r}")
        for name, spec in declared.items():
            filled = name in sources or name == "unit" or spec.get("kind") == "location"
            if not filled and "default" not in spec:
                raise ValueError(
                    f"{where}.drags.{role}: action {kind!r} needs {name}=..., which a drag does not give "
                    f"(drag_args = {{ {name} = ... }}: one of {', '.join(DRAG_SOURCES)})"
                )
    return {"drags": drags, "drag_args": sources}


@dataclass(frozen=True)
class Judged:
    """The phase a move or action is judged in, the side whose phase it is (None: the position
    does not say) and whether the position named the phase or it was taken from the move."""

    phase: str
    side: str | None
    named: bool
    rule: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.phase, "side": self.side, "named": self.named, "rule": self.rule}

    def text(self) -> str:
        side = f", {self.side} phasing" if self.side else ""
        how = "" if self.named else " (the position names no phase: the first phase that allows the move)"
        return f"judged in the {self.phase.replace('_', ' ')} phase{side}{how}"


def is_phasing(side: str | None, unit) -> bool | None:
    """Whether ``unit`` is of the phasing side ``side`` (a position's ``active_side``, a log's
    step's); None when no side is named (or no unit)."""
    if side is None or unit is None:
        return None
    return unit.side == side


def out_of_turn(state, unit, rule: str, when: str):
    """The refusal (an illegal :class:`~.verdict.Verdict` under ``rule``) of something ``unit``
    may do only in its own side's phase, when the position's active side is the other one; None
    when it is the unit's side or the position names none. ``when`` says when the rule allows it
    ("reinforcements arrive in the friendly Reinforcement Arrival Phase")."""
    from .verdict import refused

    if is_phasing(state.active_side, unit) is not False:
        return None
    return refused(
        rule, f"{unit.id} is a {unit.side} unit: {when}, and this is the {state.active_side} player's"
    )


def judged_in(seq: SequenceOfPlay, state, unit=None, mode: str | None = None) -> Judged:
    """The phase a move of ``unit`` in ``mode`` (or an action: no unit) is judged in."""
    if state.phase_named:
        p = seq.phase(state.phase)
        return Judged(p.name, state.active_side, True, p.rule)
    if mode is not None:  # the phase the move belongs to (for the unit's side, else for either)
        found = seq.allowing(mode, is_phasing(state.active_side, unit)) or seq.allowing(mode, None)
        if found:
            side = state.active_side or (unit.side if unit is not None else None)
            return Judged(found[0].name, side, False, found[0].rule)
    p = seq.phase(state.phase if state.phase in seq.names() else seq.default)
    return Judged(p.name, state.active_side, False, p.rule)


def _did(unit, fieldname: str) -> bool:
    value = unit.attr(fieldname)
    if isinstance(value, bool):
        return value
    try:
        return value is not None and float(value) > 0
    except (TypeError, ValueError):
        return bool(value)


def _used(phase: Phase, unit, modes: tuple[str, ...]) -> str | None:
    """The first of ``modes`` the unit has moved in this phase, as the position records it."""
    for m in modes:
        f = phase.records.get(m)
        if f is not None and _did(unit, f):
            return m
    return None


def move_problem(
    seq: SequenceOfPlay, state, unit, mode: str, keywords: Mapping[str, Any] | None = None
) -> Reason | None:
    """Why the sequence of play forbids ``unit`` to move in ``mode`` now, or None: the mover of the
    phase, the modes it allows, and the order of a unit's moves inside it."""
    j = judged_in(seq, state, unit, mode)
    phase = seq.phase(j.phase)
    phasing = is_phasing(state.active_side, unit)
    reaction = (phasing is not True or phase.mover == "both") and any(
        (keywords or {}).get(k) not in (None, "", "no") for k in phase.reactions
    )
    if reaction:
        return None
    if not phase.allows(mode, phasing):
        if phasing is False and phase.mover == "phasing" and mode in phase.modes:
            return Reason(
                phase.rule,
                f"{unit.id} is not of the phasing side: in the {phase.title()} phase only the "
                f"{state.active_side} player moves"
                + (f" ({phase.description})" if phase.description else ""),
            )
        if phasing is None:
            role, own = "either", (*phase.modes, *phase.other_modes)
        elif phasing or phase.mover == "both":
            role, own = "the phasing", phase.modes
        else:
            role, own = "the non-phasing", phase.other_modes
        if own and not seq.allowing(mode, phasing):
            return Reason(
                phase.rule,
                f"in the {phase.title()} phase {role} side moves only by {', '.join(own)} movement, "
                f"not {mode}",
            )
        where = seq.allowing(mode, phasing)
        if not where and phasing is not None:
            other = seq.allowing(mode, not phasing)
            whose = "the phasing" if phasing else "the non-phasing"
            rule = other[0].rule if other else phase.rule
            if other:
                return Reason(
                    rule,
                    f"{unit.id} is of {whose} side ({state.active_side} phasing): {mode} movement "
                    f"is for the {'non-phasing' if phasing else 'phasing'} side, in the "
                    + ", ".join(p.title() for p in other)
                    + " phase",
                )
        if not where:
            return Reason(phase.rule, f"no phase of the sequence of play allows {mode} movement")
        return Reason(
            where[0].rule,
            f"{mode} movement happens only in the "
            + ", ".join(p.title() for p in where)
            + f" phase, not in the {phase.title()} phase",
        )
    for o in phase.order:
        if mode in o.first:
            done = _used(phase, unit, o.then)
            if done:
                return Reason(
                    o.rule or phase.rule,
                    f"{unit.id} has made its {done} movement this phase: "
                    f"{'/'.join(o.first)} movement comes before {'/'.join(o.then)} movement",
                )
    for a in phase.apart:
        for mine, theirs in ((a.modes, a.others), (a.others, a.modes)):
            if mode in mine:
                done = _used(phase, unit, theirs)
                if done:
                    return Reason(
                        a.rule or phase.rule,
                        f"{unit.id} moved by {done} movement this phase: no {mode} movement "
                        "in the same phase",
                    )
    return None


def action_problem(seq: SequenceOfPlay, state, action: str) -> Reason | None:
    """Why the sequence of play forbids the ruleset's action ``action`` now, or None. An action no
    phase lists is not tied to a phase."""
    where = [p for p in seq.phases if action in p.actions]
    if not where:
        return None
    j = judged_in(seq, state)
    if not j.named or any(p.name == j.phase for p in where):
        return None
    return Reason(
        where[0].rule,
        f"{action} happens only in the " + ", ".join(p.title() for p in where) + f" phase, not in the "
        f"{j.phase.replace('_', ' ')} phase",
    )


def action_phase(seq: SequenceOfPlay, state, action: str) -> Judged:
    """The phase an action is judged in: the position's, else the first that lists the action."""
    if state.phase_named:
        return judged_in(seq, state)
    where = [p for p in seq.phases if action in p.actions]
    if where:
        return Judged(where[0].name, state.active_side, False, where[0].rule)
    return judged_in(seq, state)


def recorded(seq: SequenceOfPlay, state, unit_ids: list[str], mode: str, boolean_fields) -> dict:
    """The unit fields a legal move in ``mode`` sets so that the position records it
    (``{unit: {field: True}}``): the boolean field the judged phase ``records`` for the mode."""
    if not unit_ids:
        return {}
    unit = state.by_id.get(unit_ids[0])
    j = judged_in(seq, state, unit, mode)
    f = seq.phase(j.phase).records.get(mode)
    if f is None or f not in boolean_fields:
        return {}
    return {uid: {f: True} for uid in unit_ids}
