"""The author's API: everything a ruleset needs from the engine core, in one module.

A ruleset written outside railhead imports from here and nowhere else in ``railhead.engine``; the
other modules are the engine's internals and may change. ``examples/hex_skirmish`` is a complete
ruleset built on this module alone, and ``docs/writing-a-ruleset.md`` walks through it.

The map of the API, by what a ruleset does:

**Declare the game** (``data.toml`` is read into these; the core checks every position against
them): :class:`Ruleset` (the base class: set ``data_file``, answer the questions),
:class:`RulesetData` (the parsed data file, with :meth:`RulesetData.value` for ``{value, rule}``
entries), :class:`Declarations`, :class:`Mode`, :class:`Option`, :class:`Field`, :class:`Action`,
:data:`FIELD_KINDS`; :func:`fraction` reads a data value exactly; :data:`PROHIBITED`.

**Read a position**: :class:`Board` (the map and position as arrays: ``idx``, ``unit_hex``,
``unit_side``, ``unit_flags``, ``hexes_holding``, ``marker``, ``location_field``, ``cached``),
:class:`MapArrays` (per map: ``hex_terrain``, ``side_feature``, ``side_terrain``, ``line_attr``,
``hex_attr``, ``record``, ``mode_allowed``, ``edge_slot``), :class:`GameState`, :class:`Unit`,
:class:`HexState`, :class:`ChartValues` (values a rulebook leaves to a chart, from ``--values``),
:class:`Dice`.

**The sequence of play** (``[phases]`` in ``data.toml``): :class:`SequenceOfPlay` (``rs.sequence``),
:class:`Phase` (who moves, in which modes, in which order), :func:`judged_in` (the phase and the
phasing side a move is judged in: :class:`Judged`); :func:`out_of_turn` (the refusal of what a
unit may do only in its own side's phase, when the position names the other side phasing);
:func:`judge_drag` judges a piece dragged in a
phase as what the phase's ``drags`` says it is (a move, a retreat or advance after combat through
``Ruleset.judge_retreat`` / ``Ruleset.judge_advance``, a placement action), or answers
:class:`NotJudged` with why (:func:`no_rule`); where a side may retreat or advance, :class:`Held`
(what the phase has seen: who left which location) tells which the drag was, else it is judged as
both; a legal verdict naming, under :data:`NOT_JUDGED` in its ``extra``, a rule the ruleset
could not judge (the combat's losses, say) is not judged; ``Ruleset.phase_problem`` is the core's
answer to "may this unit move in this mode now", which a ruleset may override for its own exceptions.

**Core-owned fields**: :func:`spent_mp` (the MP a unit has spent, exact), :func:`mp_field_value`,
:data:`MP_SPENT` (declared by the core: a ruleset does not declare ``mp_spent``).

**Zones of control and stacking**: :func:`enemy_zone_of_control`, :func:`zone_of_control`,
:func:`zone_around`; :func:`units_by_location`, :func:`stack_after`, :func:`stack_points`,
:func:`units_per_location`, :func:`stack_points_per_location`.

**Cost and search**: :class:`EdgeCosts` (per directed edge, in exact units of 1/:data:`MP_UNIT`
MP: ``add`` a cost with its rule, ``forbid`` steps with the rule), :func:`units` (MP to internal
units), :func:`mp` (back), :data:`INF`, :func:`search`, :func:`search_graph`,
:func:`search_from_costs`, :func:`path_to`, :func:`nearest_among` (the locations of a mask nearest
to some, as a reinforcement's nearest open hex); staged traces for supply (:class:`Stage`,
:func:`staged_trace`) and searches over location x mode (:func:`mode_search`).

**Movement**: :func:`walk` (a path's steps and cost, the first illegal step with its rule),
:func:`reach` / :func:`reach_each` (every location within an allowance), :class:`Reach`,
:class:`Walk`, :class:`Stop` (a stop-on-entering mask both honour: an enemy ZOC, say);
``Ruleset.reach_radius`` and ``Ruleset.reach_bound`` (a :class:`ReachBound`) bound how far a unit
goes, so a question about it runs on a window of the map; ``Ruleset.made_moves`` may make many
legal moves at once for a replay (each as judging it alone would; by default none).

**Replay a log**: :class:`MoveSequence` (moves queued with ``submit`` and judged in order with
``flush``; ``remove`` takes a unit off the map in log order, ``restore`` brings it back).

**Answers**: :class:`Verdict`, :class:`Reason`, :class:`Step`, :class:`Changes`, :func:`illegal`,
:func:`refused`, :func:`mp_out`; :class:`SupplyReport` (with :func:`supply_answer`) and :class:`SupplyEntry`;
:class:`CapacityReport` and :class:`CapacityPool`; :class:`Ledger` (capacity spent per pool and
period, kept in the position).

**Register**: :class:`RulesetEntry`, :func:`register`, :func:`unregister`, :func:`get_ruleset`,
:data:`ENTRY_POINT_GROUP` (a distribution's entry point in this group makes its ruleset known to
every ``railhead`` command). Bad input is :class:`InputError` (exit 2); a unit lacking a field
the ruleset needs to judge it is :class:`UnitFieldMissing` (an InputError naming the field, so a
log check can point at the roster column to fill); a rule's refusal is a verdict (exit 1).
"""

from __future__ import annotations

from ..errors import InputError, UnitFieldMissing
from .board import Board, MapArrays
from .contract import FIELD_KINDS, Action, Declarations, Field, Mode, Option
from .core_fields import MP_SPENT, mp_field_value, spent_mp
from .dice import Dice
from .drags import Held, NotJudged, judge_drag, no_rule
from .layered import Stage, mode_search, staged_trace
from .ledger import Ledger
from .movement import Reach, Stop, Walk, reach, reach_each, walk
from .phases import Judged, Phase, SequenceOfPlay, judged_in, out_of_turn
from .registry import ENTRY_POINT_GROUP, RulesetEntry, get_ruleset, register, unregister
from .reports import CapacityPool, CapacityReport, SupplyEntry, SupplyReport
from .ruleset import PROHIBITED, Ruleset, RulesetData, fraction, supply_answer
from .search import (
    INF,
    MP_UNIT,
    EdgeCosts,
    mp,
    nearest_among,
    path_to,
    search,
    search_from_costs,
    search_graph,
    units,
)
from .sequence import MoveSequence
from .stacking import (
    stack_after,
    stack_points,
    stack_points_per_location,
    units_by_location,
    units_per_location,
)
from .state import GameState, HexState, Unit
from .unjudged import NOT_JUDGED
from .values import ChartValues
from .verdict import Changes, Reason, Step, Verdict, illegal, mp_out, refused
from .window import ReachBound
from .zoc import enemy_zone_of_control, zone_around, zone_of_control

__all__ = [
    "MoveSequence",
    "ReachBound",
    "Held",
    "Judged",
    "NOT_JUDGED",
    "NotJudged",
    "judge_drag",
    "no_rule",
    "Phase",
    "SequenceOfPlay",
    "judged_in",
    "out_of_turn",
    "ENTRY_POINT_GROUP",
    "FIELD_KINDS",
    "INF",
    "MP_SPENT",
    "MP_UNIT",
    "PROHIBITED",
    "Action",
    "Board",
    "CapacityPool",
    "CapacityReport",
    "Changes",
    "ChartValues",
    "Declarations",
    "Dice",
    "EdgeCosts",
    "Field",
    "GameState",
    "HexState",
    "InputError",
    "UnitFieldMissing",
    "Ledger",
    "MapArrays",
    "Mode",
    "Option",
    "Reach",
    "Reason",
    "Ruleset",
    "RulesetData",
    "RulesetEntry",
    "Stage",
    "Step",
    "Stop",
    "SupplyEntry",
    "SupplyReport",
    "Unit",
    "Verdict",
    "Walk",
    "enemy_zone_of_control",
    "fraction",
    "get_ruleset",
    "illegal",
    "refused",
    "mode_search",
    "mp",
    "mp_field_value",
    "mp_out",
    "nearest_among",
    "path_to",
    "reach",
    "reach_each",
    "register",
    "search",
    "search_from_costs",
    "search_graph",
    "spent_mp",
    "stack_after",
    "stack_points",
    "stack_points_per_location",
    "staged_trace",
    "supply_answer",
    "units",
    "units_by_location",
    "units_per_location",
    "unregister",
    "walk",
    "zone_around",
    "zone_of_control",
]
