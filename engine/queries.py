"""The engine's questions, as the commands ask them: read a position, judge a move, list a unit's
reach, report supply and rail capacity. Each answer is a JSON-ready dict. (A position as the
commands read it, its chart values checked against the ruleset's tables: :mod:`railhead.positions`.)"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..mapdata.model import MapData
from .board import Board
from .registry import get_ruleset
from .ruleset import Ruleset
from .state import GameState, parse_state
from .values import ChartValues, read_chart_values
from .verdict import Verdict, mp_out


def position_of(
    m: MapData,
    state_file: str | Path,
    ruleset: str | None = None,
    values_file: str | Path | ChartValues | None = None,
) -> tuple[Ruleset, Board]:
    """:func:`position_from` of the state file's document."""
    from ..files import read_json

    doc = read_json(state_file, "state file (railhead.state/1)")
    return position_from(m, doc, ruleset, values_file, file=state_file)


def position_from(
    m: MapData,
    doc: Any,
    ruleset: str | None = None,
    values_file: str | Path | ChartValues | None = None,
    file: str | Path | None = None,
) -> tuple[Ruleset, Board]:
    """The ruleset and board of a position given as its JSON document (railhead.state/1), read
    from ``file`` (named in the messages) or sent to the referee; ``values_file`` is the chart
    values file, or its values already read (the referee reads them once)."""
    state_file = file
    rid = ruleset or (doc.get("ruleset") if isinstance(doc, dict) else None)
    if not isinstance(rid, str):
        raise InputError("expected the id of a ruleset", file=state_file, where="$.ruleset")
    try:
        rs = get_ruleset(rid)
    except InputError as exc:
        raise InputError(
            exc.message, file=state_file if ruleset is None else None, where="$.ruleset"
        ) from None
    state = parse_state(doc, m, file=state_file, sides=rs.sides, declarations=rs.declarations)
    values = read_chart_values(values_file) if isinstance(values_file, str | Path) else values_file
    board = Board(m, state, values=values)
    check_position(rs, board, state_file)
    return rs, board


def check_position(rs: Ruleset, board: Board, file: str | Path | None = None) -> None:
    """The ruleset's own check of a position (its first problem, and how many more), as exit 2."""
    problems = rs.position_problems(board)
    if problems:
        where, message = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InputError(message + more, file=file, where=where)


def check_location(board: Board, location: str) -> None:
    """``location`` must be one of the map's, else exit 2 saying what is wrong with it."""
    if location not in board.arrays.index:
        raise InputError(f"unknown {board.map.id_word} {location!r}: {board.map.parse_problem(location)}")


def check_mode(rs: Ruleset, mode: str, keywords: dict[str, Any] | None = None) -> None:
    """The mode must be one the ruleset declares, and the keywords ones that mode takes."""
    names = rs.declarations.mode_names()
    if mode not in names:
        raise InputError(
            f"Invalid value for '--mode': {mode!r} is not one of {rs.id}'s modes ({', '.join(names)})"
        )
    allowed = rs.declarations.mode(mode).keywords
    for key, value in (keywords or {}).items():
        if value is not None and key not in allowed:
            takes = ", ".join(allowed) or "none"
            raise InputError(f"mode {mode!r} takes no {key!r} (its keywords: {takes})")


def judge(
    rs: Ruleset,
    board: Board,
    unit_id: str,
    path: list[str],
    mode: str = "ground",
    stack: list[str] | None = None,
    **keywords: Any,
) -> Verdict:
    """Verdict on moving ``unit_id`` (with the ``stack``) through ``path`` in ``mode``."""
    check_mode(rs, mode, keywords)
    state = board.state
    state.unit(unit_id)
    for loc in path:
        check_location(board, loc)
    if len(path) < 1:
        raise InputError("give at least the location to move to")
    unit = state.unit(unit_id)
    if path[0] != unit.hex:
        path = [unit.hex, *path]
    jumps = rs.declarations.mode(mode).endpoints_only
    for a, b in zip(path, path[1:], strict=False):
        if not jumps and board.arrays.edge_slot(a, b) is None and not rs.box_step(board, a, b):
            raise InputError(
                f"the path has a gap: {a} and {b} are not adjacent; list every location the unit enters"
            )
    ids = movers(unit_id, stack)
    given = {k: v for k, v in keywords.items() if v is not None}
    if getattr(rs, "sequence", None) is None:
        return rs.judge_move(board, ids, path, mode, **given)
    from .phases import judged_in

    judged = judged_in(rs.sequence, state, unit, mode).to_dict()
    for uid in ids:
        why = rs.phase_problem(state, state.unit(uid), mode, given, board=board)
        if why is not None:
            return Verdict(False, Fraction(0), (), (why,), extra={"phase": judged})
    v = rs.judge_move(board, ids, path, mode, **given)
    return replace(v, extra={**v.extra, "phase": judged})


def movers(unit_id: str, stack: list[str] | None) -> list[str]:
    """The units a move moves: the unit, then the others of its ``stack``."""
    return [unit_id, *[s for s in (stack or []) if s != unit_id]]


def judge_action(rs: Ruleset, board: Board, name: str, given: dict[str, str]) -> Verdict:
    """Verdict on the ruleset's action ``name`` with the arguments as the command line gives them
    (``KEY=VALUE`` text), each checked against the action's declaration first."""
    action = rs.declarations.action(name)
    args = action.parse(given, knows_location=lambda x: x in board.arrays.index)
    if getattr(rs, "sequence", None) is None:
        return rs.judge_action(board, name, args)
    from .phases import action_phase, action_problem

    judged = action_phase(rs.sequence, board.state, name).to_dict()
    why = action_problem(rs.sequence, board.state, name)
    if why is not None:
        return Verdict(False, Fraction(0), (), (why,), extra={"phase": judged})
    v = rs.judge_action(board, name, args)
    return replace(v, extra={**v.extra, "phase": judged})


def reach_report(rs: Ruleset, board: Board, unit_id: str, mode: str = "ground") -> dict[str, Any]:
    """Every location the unit can reach, its cost, path and the ruleset's extras for it."""
    check_mode(rs, mode)
    unit = board.state.unit(unit_id)
    out = {
        "unit": unit_id,
        "from": unit.hex,
        "mode": mode,
        "movement_allowance": rs.allowance_label(unit, mode),
    }
    if getattr(rs, "sequence", None) is not None:
        from .phases import judged_in

        out["phase"] = judged_in(rs.sequence, board.state, unit, mode).to_dict()
        why = rs.phase_problem(board.state, unit, mode, board=board)
        if why is not None:  # the unit moves nowhere in this mode now
            return {**out, "hexes": [], "reasons": [why.to_dict()]}
    r, problems = rs.reach(board, unit, mode)
    ids = board.arrays.ids
    hexes = []
    for i in r.hexes():
        entry = {"id": ids[i], "mp": mp_out(r.cost(i)), "path": [ids[k] for k in r.path(int(i))]}
        entry.update(r.extras(int(i), ids))
        hexes.append(entry)
    hexes.sort(key=lambda e: (e["mp"], e["id"]))
    return {**out, "hexes": hexes, "reasons": [p.to_dict() for p in problems]}


def side_of(rs: Ruleset, state: GameState, side: str | None) -> str:
    if side is None:
        if state.active_side is None:
            raise InputError(f"say which side (--side {'|'.join(rs.sides)})")
        return state.active_side
    return rs.check_side(side)


def side_report(rs: Ruleset, board: Board, question: str, side: str | None) -> dict[str, Any]:
    """``supply`` or ``rail`` (capacity) of one side (None: the active side), as the ruleset
    reports it."""
    if question not in ("supply", "rail"):
        raise InputError(f"unknown report {question!r} (supply or rail)")
    return getattr(rs, f"{question}_report")(board, side_of(rs, board.state, side))
