"""Rulesets: a data file of values with their rule references, plus a class of hooks for the rules
that have to be code.

Each ruleset lives in a package: ``data.toml`` (terrain chart, unit classes, capacities, ranges —
every value with the rule number it comes from — and the declarations: ``[modes]``, ``[options]``,
``[unit_fields]``, ``[location_fields]``, ``[actions]``, ``[phases]`` (the sequence of play,
:mod:`.phases`), ``weather`` (the first is a position's default), ``die_faces``) and a module
defining a :class:`Ruleset` subclass. :mod:`.registry` finds a ruleset by its id. The core asks a
ruleset only the questions below; everything game-specific stays behind them. The fields the core
owns (``mp_spent``: :mod:`.core_fields`) are declared for every ruleset, by none. An author outside
railhead imports all of this from :mod:`.api`.
"""

from __future__ import annotations

import tomllib
from abc import ABC, abstractmethod
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError
from .apply import apply_move
from .contract import FIELD_KINDS, Action, Declarations, Field, Mode, Option
from .core_fields import CORE_UNIT_FIELDS
from .phases import sequence_of
from .registry import get_ruleset
from .reports import CapacityReport, SupplyEntry, SupplyReport
from .unjudged import no_rule

__all__ = ["PROHIBITED", "Ruleset", "RulesetData", "fraction", "get_ruleset", "supply_answer"]

PROHIBITED = "prohibited"


def fraction(value: Any) -> Fraction:
    """A data value as an exact fraction ("1/10", 3, "3/2")."""
    return Fraction(value) if not isinstance(value, float) else Fraction(value).limit_denominator()


class RulesetData:
    """The parsed ``data.toml`` with lookups that keep the rule reference next to each value."""

    def __init__(self, raw: dict[str, Any], path: Path):
        self.raw = raw
        self.path = path

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)

    def value(self, section: str, key: str) -> tuple[Any, str]:
        """(value, rule) of ``section.key`` where entries are ``{value, rule}`` tables."""
        entry = self.raw[section][key]
        if isinstance(entry, dict):
            return entry["value"], entry.get("rule", self.raw[section].get("rule", ""))
        return entry, self.raw[section].get("rule", "")

    def terrain_names(self) -> list[str]:
        return list(self.raw.get("terrain", {}))


def declarations_of(raw: dict[str, Any], source: str = "") -> Declarations:
    """A ruleset's declarations as its data file (``source``, named in errors) states them."""
    modes = tuple(
        Mode(
            name,
            m.get("rule", ""),
            m.get("description", ""),
            tuple(m.get("keywords", ())),
            bool(m.get("endpoints_only", False)),
        )
        for name, m in raw.get("modes", {"ground": {}}).items()
    )
    options = tuple(
        Option(
            name,
            o["value"],
            (o["value"], *o.get("alternatives", ())) if "alternatives" in o else (),
            o.get("rule", ""),
            o.get("description", ""),
        )
        for name, o in raw.get("options", {}).items()
    )

    def fields_of(table: dict[str, Any], section: str) -> tuple[Field, ...]:
        for name, f in table.items():
            if f.get("kind", "text") not in FIELD_KINDS:
                raise ValueError(f"{section}.{name}: kind {f.get('kind')!r} is not one of {FIELD_KINDS}")
        return tuple(
            Field(
                name,
                f.get("kind", "text"),
                tuple(f.get("choices", ())),
                f.get("rule", ""),
                f.get("description", ""),
                f.get("minimum"),
                f.get("maximum"),
            )
            for name, f in table.items()
        )

    def fields(section: str) -> tuple[Field, ...]:
        return fields_of(raw.get(section, {}), section)

    actions = tuple(
        Action(
            name,
            a.get("rule", ""),
            a.get("description", ""),
            fields_of(a.get("args", {}), f"actions.{name}.args"),
            {k: f["default"] for k, f in a.get("args", {}).items() if "default" in f},
        )
        for name, a in raw.get("actions", {}).items()
    )

    for f in CORE_UNIT_FIELDS:
        if f.name in raw.get("unit_fields", {}):
            raise ValueError(f"unit_fields.{f.name}: the core declares this field; a ruleset does not")
    return Declarations(
        modes=modes,
        options=options,
        unit_fields=CORE_UNIT_FIELDS + fields("unit_fields"),
        location_fields=fields("location_fields"),
        state_fields=fields("state_fields"),
        weather=tuple(raw.get("weather", ())),
        die_faces=int(raw.get("die_faces", 6)),
        open_unit_fields=bool(raw.get("open_unit_fields", False)),
        actions=actions,
        sequence=sequence_of(raw, source),
        location_attrs=fields("location_attrs"),
        markers=tuple(
            Field(name, "text", (), m.get("rule", ""), m.get("description", ""))
            for name, m in raw.get("markers", {}).items()
        ),
        source=source,
    )


def supply_answer(side: str, units: list[SupplyEntry], **extras: Any) -> SupplyReport:
    """What :meth:`Ruleset.supply_report` gives: the side, its units' entries (each with a
    ``status``) and how many have each status, plus the ruleset's own ``extras``."""
    return SupplyReport(side, units, extras)


class Ruleset(ABC):
    """Base class of every ruleset. Subclasses set ``data_file`` (or ``package`` for the rulesets
    under ``engine/rulesets/``) and answer the questions."""

    package: str = ""
    data_file: Path | None = None
    adjacency_rule: str = ""  # the rule cited when a path jumps between locations that do not touch
    influence_radius: int = 1  # a step's cost depends on units at most this many steps from it

    def __init__(self) -> None:
        path = self.data_file or Path(__file__).parent / "rulesets" / self.package / "data.toml"
        with Path(path).open("rb") as fh:
            self.data = RulesetData(tomllib.load(fh), Path(path))
        self.id: str = self.data["id"]
        self.name: str = self.data["name"]
        self.sides: list[str] = list(self.data["sides"])

    @cached_property
    def declarations(self) -> Declarations:
        path = self.data.path
        home = Path(__file__).resolve().parents[1]  # the railhead package: name its files from there
        shown = path.resolve().relative_to(home) if path.resolve().is_relative_to(home) else path
        return declarations_of(self.data.raw, str(shown))

    @property
    def sequence(self):
        """The declared sequence of play (``[phases]``, :mod:`.phases`), or None."""
        return self.declarations.sequence

    def phase_problem(self, state, unit, mode: str, keywords: dict[str, Any] | None = None, board=None):
        """Why the declared sequence of play forbids ``unit`` to move in ``mode`` now (a
        :class:`~.verdict.Reason`), or None; :func:`.queries.judge` asks it before every move (with
        the ``board``). A ruleset may override it for a move its own rule allows out of turn."""
        from .phases import move_problem

        return None if self.sequence is None else move_problem(self.sequence, state, unit, mode, keywords)

    def other_side(self, side: str) -> str:
        others = [s for s in self.sides if s != side]
        if len(others) != 1:
            raise InputError(f"unknown side {side!r} (sides: {', '.join(self.sides)})")
        return others[0]

    def check_side(self, side: str) -> str:
        if side not in self.sides:
            raise InputError(f"unknown side {side!r} for {self.id} (sides: {', '.join(self.sides)})")
        return side

    def option(self, state, name: str) -> Any:
        """A named decision (the data's ``[options]``); a state may override it in ``"options"``."""
        overrides = state.extra.get("options") or {}
        if name in overrides:
            return overrides[name]
        return self.declarations.option(name).default

    def unit_class(self, cls: str) -> dict[str, Any]:
        classes = self.data.get("classes", {})
        if cls not in classes:
            raise InputError(f"unknown unit class {cls!r} for {self.id} (classes: {', '.join(classes)})")
        return classes[cls]

    def unknown_classes(self, board) -> list[tuple[str, str]]:
        """(JSON path, message) for each unit of a class the data's ``[classes]`` does not list."""
        classes = self.data.get("classes", {})
        if not classes:  # a ruleset without a class vocabulary
            return []
        return [
            (
                f"$.units[{k}].class",
                f"unit {u.id}: unknown unit class {u.cls!r} for {self.id} (classes: {', '.join(classes)})",
            )
            for k, u in enumerate(board.state.units)
            if u.cls not in classes
        ]

    # ------------------------------------------------------------------ the questions
    def position_problems(self, board) -> list[tuple[str, str]]:
        """(JSON path, message) for each way the position contradicts the map or the rules."""
        return []

    @abstractmethod
    def judge_move(self, board, unit_ids: list[str], path: list[str], mode: str, **keywords: Any):
        """Verdict on moving these units along ``path``; ``keywords`` are the mode's declared
        keywords (legal, MP, steps, the deciding rule)."""

    def judge_action(self, board, name: str, args: dict[str, Any]):
        """Verdict on one of the ruleset's declared ``[actions]`` (checked arguments ``args``): the
        ruleset's method ``action_<name>(board, **args)`` answers it."""
        self.declarations.action(name)
        hook = getattr(self, f"action_{name}", None)
        if hook is None:
            raise NotImplementedError(f"{self.id} declares action {name!r} but has no action_{name}")
        return hook(board, **args)

    def judge_retreat(self, board, unit, dest: str):
        """Verdict on ``unit`` retreating after combat from where it stands to ``dest`` (a drag a
        phase's ``drags`` calls a retreat: :mod:`.drags`), or a :class:`~.drags.NotJudged` saying
        why not: by default the ruleset has no retreat rule railhead judges."""
        return no_rule(self, "retreat")

    def judge_advance(self, board, unit, dest: str):
        """Verdict on ``unit`` advancing after combat from where it stands to ``dest``, or a
        :class:`~.drags.NotJudged` (by default: no advance rule railhead judges)."""
        return no_rule(self, "advance")

    @abstractmethod
    def reach(self, board, unit, mode: str):
        """(Reach, reasons): every location ``unit`` can reach this phase, with costs and paths."""

    def reach_many(self, board, units: list, mode: str) -> list:
        """:meth:`reach` of each of ``units`` on one board, in order. A ruleset may answer them
        together (one search call for the units that share costs and allowance); the answers must
        equal asking one unit at a time."""
        return [self.reach(board, u, mode) for u in units]

    def made_moves(self, board, units: list, dests: list[str], reaches: list, mode: str) -> list:
        """For each move of ``units[k]`` to ``dests[k]`` on ``board`` (``reaches[k]``: what
        :meth:`reach_many` answered for the unit there, its reach and the reasons it cannot
        move), the unit as the move leaves it where
        the ruleset can say so without judging the move alone: a legal move that changes nothing
        but the moving unit, the unit exactly as :meth:`judge_move` along ``reaches[k].path`` to
        the destination and :meth:`apply` (its spent MP left as it was) would leave it. None for
        any other move (refused, or one that changes more, or one the ruleset does not decide
        here): the caller judges it one move at a time. By default None for every move; a ruleset
        answers many moves at once to judge a long log faster (its answers must equal judging
        each move alone). The core does not check them against :meth:`judge_move` and
        :meth:`apply`: a ruleset that inherits another's ``made_moves`` but judges or applies
        moves otherwise must override it too (or return None for every move)."""
        return [None] * len(units)

    @abstractmethod
    def movement_allowance(self, unit, mode: str):
        """The unit's movement allowance in ``mode`` (a Fraction), or None where it has none
        (a rail-bound unit, say): the reach report then shows what :meth:`allowance_label` gives."""

    def reach_radius(self, board, unit, mode: str) -> int | None:
        """The most steps ``unit`` can take this phase in ``mode`` (None: no bound known). With a
        bound, questions about one unit may run on a window of the map (:mod:`.window`). It
        depends on the unit's fields, not on where it stands (a log's replay keeps it while a
        unit changes only its place)."""
        return None

    def reach_bound(self, board, unit, mode: str):
        """A tighter bound than :meth:`reach_radius` (None: none known): step costs over the whole
        map no position makes cheaper, the unit's budget in them, and where one step more may go
        (a :class:`~.window.ReachBound`). A unit's window is then the locations those costs let
        it reach, not every location within its radius: a log is judged on smaller windows. As
        the radius, it depends on the unit's fields, not on where it stands."""
        return None

    def allowance_label(self, unit, mode: str) -> Any:
        from .verdict import mp_out

        ma = self.movement_allowance(unit, mode)
        return None if ma is None else mp_out(ma)

    @abstractmethod
    def supply_report(self, board, side: str) -> SupplyReport:
        """Supply status of every unit of ``side`` (a :class:`~.reports.SupplyReport`, which
        :func:`supply_answer` builds): an entry per unit with its ``status`` and ``rules``."""

    @abstractmethod
    def rail_report(self, board, side: str) -> CapacityReport:
        """Rail or strategic capacity of ``side`` (a :class:`~.reports.CapacityReport`): a pool
        per net or country, as :meth:`Ledger.report <.ledger.Ledger.report>` gives them."""

    def capacity_pool_of(self, board, side: str) -> np.ndarray | None:
        """Per location, the capacity pool (rail net) it belongs to for ``side``'s capacity
        picture, or None where the ruleset has no such pools."""
        return None

    def out_of_service(self, board) -> np.ndarray:
        """Per location, whether its lines carry nothing now (a rail hex a game declares
        inoperative, say); the capacity picture draws them apart. Nothing by default."""
        return np.zeros(board.n, dtype=bool)

    def apply(self, board, verdict, unit_ids: list[str], path: list[str], mode: str, record_mp: bool = True):
        """The position after a legal move (for replaying logs): the core moves the units, records
        MP, applies the verdict's changes and ledgers; a ruleset may add more by overriding this."""
        state = apply_move(board, verdict, unit_ids, path, mode, record_mp)
        return self._record_phase_moves(board.state, state, unit_ids, mode)

    def _record_phase_moves(self, before, state, unit_ids: list[str], mode: str):
        """The boolean unit fields the declared phase ``records`` for ``mode`` set on the movers
        (what they did this phase, for the order inside it: :mod:`.phases`)."""
        sets = self.recorded_fields(before, unit_ids, mode)
        if not sets:
            return state
        import dataclasses
        from types import MappingProxyType

        units = list(state.units)
        for uid, fields in sets.items():
            k = state.place_of(uid)
            if k is not None:
                u = units[k]
                units[k] = dataclasses.replace(u, attrs=MappingProxyType({**u.attrs, **fields}))
        return state.replace(units=tuple(units))

    def recorded_fields(self, before, unit_ids: list[str], mode: str) -> dict[str, dict[str, bool]]:
        """The boolean unit fields (``{unit: {field: True}}``) the phase of the position ``before``
        a legal move in ``mode`` records for its movers (:func:`.phases.recorded`); none without a
        declared sequence of play."""
        if self.sequence is None:
            return {}
        from .phases import recorded

        flags = {f.name for f in self.declarations.unit_fields if f.kind == "boolean"}
        return recorded(self.sequence, before, unit_ids, mode, flags)

    def box_step(self, board, a: str, b: str) -> bool:
        """Whether a step between two locations no edge of the graph joins is a step into or out
        of a box: by default between a holding box and the location its host stands at
        (:mod:`.holding`); a ruleset may join its own boxes (the judge of the move decides whether
        the step is legal)."""
        from .holding import joined

        return joined(board.map, board.state, a, b)

    def path_to(self, board, unit, mode: str, dest: str) -> list[str] | None:
        """The path the unit would take to ``dest`` ignoring its allowance, so that a judged move
        can say which rule stops it: by default the fewest steps over edges open in ``mode``."""
        from .search import INF, path_to, search

        a = board.arrays
        hops = np.where(a.mode_allowed(mode), 1.0, INF)
        start, goal = board.idx(unit.hex), board.idx(dest)
        dist, pred = search(board.nbr, hops, start)
        if not np.isfinite(dist[goal]):
            return None
        return [a.ids[i] for i in path_to(pred, goal)]
