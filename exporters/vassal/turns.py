"""A module's turn trackers, and where they stand at each step of a log.

A ``TurnTracker`` (``VASSAL.build.module.turn``) holds levels: ``CounterTurnLevel`` (a number:
the turn) and ``ListTurnLevel`` (a list of names: phases, players), nested to any depth. Trackers
are numbered ``TurnTracker0``, ``TurnTracker1`` … in the order the module builds them
(``UniqueIdManager``), and every change of one is written to the log as ``TURN<id>`` TAB its state:
``currentLevel|level|level…`` over the top levels, each level's state ``;``-separated (a counter:
``current;currentSubLevel;loop;loopLimit;children…``, a list: ``current;currentSubLevel;first;
active flags;children…``). The levels in play are the top level ``currentLevel`` names and, inside
each, the child its ``currentSubLevel`` names; their values (the counter's number, the list's item)
are what a player sees as the turn: ``Turn 3, German Movement``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from .encoding import java_int, split
from .modules import B, _build_root

TRACKER = f"{B}.module.turn.TurnTracker"
COUNTER = f"{B}.module.turn.CounterTurnLevel"
LIST = f"{B}.module.turn.ListTurnLevel"
MAX_LEVEL_DEPTH = 16  # real trackers nest two or three levels


@dataclass(frozen=True)
class Level:
    """One level of a tracker: a counter (``items`` empty, numbers from ``start``) or a list."""

    name: str
    kind: str  # "counter" or "list"
    start: int = 1
    items: tuple[str, ...] = ()
    children: tuple[Level, ...] = ()
    property: str = ""  # the global property VASSAL keeps the level's current value in ("" none)


@dataclass(frozen=True)
class Tracker:
    id: str  # TurnTracker0, TurnTracker1, ... as VASSAL numbers them
    name: str
    levels: tuple[Level, ...]

    def level_names(self) -> list[str]:
        """Every level's name, outermost first."""
        out: list[str] = []

        def walk(levels: tuple[Level, ...]) -> None:
            for lv in levels:
                out.append(lv.name)
                walk(lv.children)

        walk(self.levels)
        return out

    def all_levels(self) -> Iterator[Level]:
        """Every level, breadth first: the top levels, then their children, and so on."""
        todo = list(self.levels)
        while todo:
            lv = todo.pop(0)
            yield lv
            todo.extend(lv.children)

    def find(self, name: str) -> Level | None:
        return next((lv for lv in self.all_levels() if lv.name == name), None)


def _level(el, where: str, depth: int = 0) -> Level | None:
    if depth > MAX_LEVEL_DEPTH:
        raise InputError(f"{where}: turn levels nested more than {MAX_LEVEL_DEPTH} deep")
    children = tuple(
        lv for c in el if c.tag in (COUNTER, LIST) and (lv := _level(c, where, depth + 1)) is not None
    )
    name = el.attrib.get("name", "") or el.attrib.get("property", "")
    if el.tag == COUNTER:
        start = java_int(el.attrib.get("start", "1"), 1)
        return Level(name, "counter", start=start, children=children, property=el.attrib.get("property", ""))
    items = tuple(split(el.attrib.get("list", ""), ",")) if el.attrib.get("list") else ()
    return Level(name, "list", items=items, children=children, property=el.attrib.get("property", ""))


def read_turn_trackers(path: str | Path) -> list[Tracker]:
    """The module's turn trackers, with their ids as VASSAL gives them."""
    p = Path(path)
    out = []
    for k, el in enumerate(_build_root(p).iter(TRACKER)):
        where = f"turn tracker {k} ({el.attrib.get('name', '')!r})"
        levels = tuple(lv for c in el if c.tag in (COUNTER, LIST) and (lv := _level(c, where)) is not None)
        out.append(Tracker(f"TurnTracker{k}", el.attrib.get("name", "") or f"Turn tracker {k + 1}", levels))
    return out


@dataclass
class TurnState:
    """Where a tracker stands: the value of each level in play, outermost first."""

    values: dict[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.values.items()) or "(not started)"


def _level_values(level: Level, state: str, out: dict[str, str], depth: int = 0) -> None:
    tokens = split(state, ";") if state else []
    if level.kind == "counter":
        current = java_int(tokens[0], level.start) if tokens and tokens[0] else level.start
        sub = java_int(tokens[1], 0) if len(tokens) > 1 else 0
        child_states = tokens[4:]
        out[level.name] = str(current)
    else:
        current = java_int(tokens[0], 0) if tokens and tokens[0] else 0
        sub = java_int(tokens[1], 0) if len(tokens) > 1 else 0
        child_states = tokens[4:]
        if 0 <= (current or 0) < len(level.items):
            out[level.name] = level.items[current]
    if level.children and depth < MAX_LEVEL_DEPTH:
        k = sub if sub is not None and 0 <= sub < len(level.children) else 0
        _level_values(level.children[k], child_states[k] if k < len(child_states) else "", out, depth + 1)


def decode_turn(tracker: Tracker, state: str) -> TurnState:
    """The levels in play of ``tracker`` in the logged ``state`` (``TurnTracker.setState``)."""
    tokens = split(state, "|")
    current = java_int(tokens[0], 0) if tokens and tokens[0] else 0
    values: dict[str, str] = {}
    if tracker.levels:
        k = current if current is not None and 0 <= current < len(tracker.levels) else 0
        _level_values(tracker.levels[k], tokens[k + 1] if k + 1 < len(tokens) else "", values)
    return TurnState(values)


def turn_command(tracker_id: str, state: str) -> str:
    """The log's command for a tracker's new state (``TurnTracker.encode``), for tests and tools."""
    from .encoding import join

    return join([f"TURN{tracker_id}", state], "\t")
