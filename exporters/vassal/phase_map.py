"""Which phase of a ruleset each step of a VASSAL log is in: the module's turn tracker read at every
step (:mod:`.turns`), its values mapped to the ruleset's declared phases by a mapping file.

The mapping file (``railhead.phases/1``, TOML) names the tracker and the levels that give the phase
and, where the module has one, the phasing player, then says what each value of the phase level
is::

    format = "railhead.phases/1"
    ruleset = "der-weltkrieg"
    tracker = "Turn"                 # the module's turn tracker, by name
    phase_level = "Phase"            # the level whose items are the phases
    side_level = "Player"            # optional: the level naming the phasing player
    [phases]
    "German Movement" = { phase = "movement", side = "central" }
    "German Combat" = { phase = "combat", side = "central" }
    "Set up" = { setup = true }      # moves before play starts: counted, not judged
    [sides]                          # values of side_level, when there is one
    "Germany" = "central"

``railhead check --phases-template`` writes one, matching the names it can (a phase whose name's
words are all in the item, a side the item names) and leaving the rest commented out for the user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...files import atomic_output, read_toml
from .turns import Tracker, decode_turn
from .unit_pieces import side_names

FORMAT = "railhead.phases/1"
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class PhaseOf:
    """What a step of the log is in: the ruleset's ``phase`` and phasing ``side`` (None: not
    known), or a set-up step, or why it cannot be known (``unknown``)."""

    phase: str | None = None
    side: str | None = None
    setup: bool = False
    unknown: str = ""
    turn: str = ""  # the tracker's own words for the step, for the report

    def key(self) -> tuple:
        return (self.phase, self.side, self.setup, self.unknown)


@dataclass
class PhaseMap:
    tracker: str
    phase_level: str
    side_level: str | None
    turn_tracker: Tracker  # the module's tracker named ``tracker`` (what decodes the log's states)
    phases: dict[str, dict[str, Any]] = field(default_factory=dict)
    sides: dict[str, str] = field(default_factory=dict)
    file: str = ""

    def of(self, values: dict[str, str], describe: str) -> PhaseOf:
        item = values.get(self.phase_level)
        if item is None:
            return PhaseOf(unknown=f"the tracker's level {self.phase_level!r} is not in play", turn=describe)
        entry = self.phases.get(item)
        if entry is None:
            return PhaseOf(
                unknown=f"phase {item!r} of the module is not in {self.file or 'the mapping'}", turn=describe
            )
        if entry.get("setup"):
            return PhaseOf(setup=True, turn=describe)
        side = entry.get("side")
        if side is None and self.side_level is not None:
            side = self.sides.get(values.get(self.side_level, ""))
        return PhaseOf(entry["phase"], side, turn=describe)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower().replace("_", " ")))


def read_phase_map(path: str | Path, rs, trackers: list[Tracker]) -> PhaseMap:
    """A mapping file, checked against the ruleset's phases and sides and the module's tracker."""
    p = Path(path)
    doc = read_toml(p, "phase mapping (railhead.phases/1)")

    def bad(where: str, message: str) -> InputError:
        return InputError(message, file=p, where=where)

    if doc.get("format") != FORMAT:
        raise bad("format", f'expected format = "{FORMAT}"')
    if doc.get("ruleset") not in (None, rs.id):
        raise bad("ruleset", f"the mapping is for {doc.get('ruleset')!r}, the check runs {rs.id!r}")
    names = [t.name for t in trackers]
    tracker_name = doc.get("tracker", names[0] if len(names) == 1 else None)
    tracker = next((t for t in trackers if t.name == tracker_name), None)
    if tracker is None:
        raise bad("tracker", f"expected one of the module's turn trackers: {', '.join(names) or '(none)'}")
    levels = tracker.level_names()
    phase_level, side_level = doc.get("phase_level"), doc.get("side_level")
    if phase_level not in levels:
        raise bad("phase_level", f"expected a level of tracker {tracker.name!r}: {', '.join(levels)}")
    if side_level is not None and side_level not in levels:
        raise bad("side_level", f"expected a level of tracker {tracker.name!r}: {', '.join(levels)}")
    declared = rs.sequence.names() if rs.sequence is not None else []
    phases: dict[str, dict[str, Any]] = {}
    for item, entry in (doc.get("phases") or {}).items():
        where = f"phases.{item!r}"
        if not isinstance(entry, dict):
            raise bad(where, "expected a table: { phase = ..., side = ... } or { setup = true }")
        if entry.get("setup") is True:
            phases[item] = {"setup": True}
            continue
        if entry.get("phase") not in declared:
            raise bad(f"{where}.phase", f"expected a phase {rs.id} declares: {', '.join(declared)}")
        if entry.get("side") not in (None, *rs.sides):
            raise bad(f"{where}.side", f"expected a side of {rs.id}: {', '.join(rs.sides)}")
        phases[item] = {"phase": entry["phase"], "side": entry.get("side")}
    sides = {}
    for value, side in (doc.get("sides") or {}).items():
        if side not in rs.sides:
            raise bad(f"sides.{value!r}", f"expected a side of {rs.id}: {', '.join(rs.sides)}")
        sides[value] = side
    return PhaseMap(tracker.name, phase_level, side_level, tracker, phases, sides, str(p))


def phases_of_moves(
    pmap: PhaseMap, tracker: Tracker, turns: list[tuple[int, str, str]], n_moves: int
) -> list[PhaseOf]:
    """The phase each of the log's ``n_moves`` moves is in, from the tracker's logged states
    (``turns``: moves before each state, tracker id, state), in order."""
    out: list[PhaseOf] = []
    mine = [(before, state) for before, tid, state in turns if tid == tracker.id]
    current = decode_turn(tracker, "")
    started = False
    k = 0
    for i in range(n_moves):
        while k < len(mine) and mine[k][0] <= i:
            current, started = decode_turn(tracker, mine[k][1]), True
            k += 1
        if not started:
            out.append(PhaseOf(unknown="no turn tracker state logged before this move", turn=""))
            continue
        out.append(pmap.of(current.values, current.describe()))
    return out


def template(rs, tracker: Tracker) -> str:
    """A mapping file to fill in: every item of the tracker's list levels, matched to a phase or a
    side of the ruleset where its words say so, else left commented out with the choices."""
    declared = rs.sequence.names() if rs.sequence is not None else []
    lists = [lv for lv in tracker.all_levels() if lv.kind == "list"]
    phase_level = max(
        lists, key=lambda lv: sum(1 for it in lv.items if _phase_for(it, declared)), default=None
    )
    side_level = next(
        (
            lv
            for lv in lists
            if lv is not phase_level and all(side_names(it, tuple(rs.sides)) for it in lv.items)
        ),
        None,
    )
    lines = [
        f'format = "{FORMAT}"',
        f'ruleset = "{rs.id}"',
        f"tracker = {_q(tracker.name)}",
        f"phase_level = {_q(phase_level.name) if phase_level else _q('')}"
        + (
            ""
            if phase_level
            else "  # name the level whose items are the phases: " + ", ".join(tracker.level_names())
        ),  # fmt: skip
    ]
    if side_level is not None:
        lines.append(f"side_level = {_q(side_level.name)}")
    lines += [
        "",
        f"# the phases {rs.id} declares: {', '.join(declared)}; sides: {', '.join(rs.sides)}",
        "# a value that is no phase of play (set-up, end of game): { setup = true }",
        "[phases]",
    ]
    for item in phase_level.items if phase_level else ():
        phase = _phase_for(item, declared)
        sides = side_names(item, tuple(rs.sides)) | {s for s in rs.sides if s in _words(item)}
        side = f", side = {_q(next(iter(sides)))}" if len(sides) == 1 else ""
        if phase:
            lines.append(f"{_q(item)} = {{ phase = {_q(phase)}{side} }}")
        else:
            lines.append(f"# {_q(item)} = {{ phase = ?{side} }}")
    if side_level is not None:
        lines += ["", "[sides]"]
        for item in side_level.items:
            sides = side_names(item, tuple(rs.sides))
            lines.append(f"{_q(item)} = {_q(next(iter(sides)))}" if len(sides) == 1 else f"# {_q(item)} = ?")
    return "\n".join(lines) + "\n"


def phases_template_for(module: str | Path, rs) -> str:
    """The template for the module's turn tracker (the one whose levels best match the ruleset's
    phases, when it has several); a module without one, or whose trackers only count turns (no
    list level to name phases), is refused, saying so."""
    from .turns import read_turn_trackers

    trackers = read_turn_trackers(module)
    if not trackers:
        raise InputError(
            "the module has no turn tracker: a log of it marks no phases, so check judges each move "
            "as a movement of its own side (no --phases needed)",
            file=module,
        )
    listing = [t for t in trackers if any(lv.kind == "list" for lv in t.all_levels())]
    if not listing:
        names = ", ".join(repr(t.name) for t in trackers)
        raise InputError(
            f"the module's turn tracker{'s' if len(trackers) > 1 else ''} ({names}) count turns only: "
            "no level lists phases, so a log of it marks no phases; check judges each move as a "
            "movement of its own side (no --phases needed)",
            file=module,
        )
    declared = rs.sequence.names() if rs.sequence is not None else []

    def matches(t: Tracker) -> int:
        return sum(1 for lv in t.all_levels() for it in lv.items if _phase_for(it, declared))

    return template(rs, max(listing, key=matches))


def write_template(path: str | Path, text: str) -> None:
    with atomic_output(path) as fh:
        fh.write(text)


def _phase_for(item: str, declared: list[str]) -> str | None:
    """The declared phase all of whose words the item has (the one with most words, if several)."""
    words = _words(item)
    hits = [p for p in declared if _words(p) <= words]
    return max(hits, key=lambda p: len(_words(p))) if hits else None


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
