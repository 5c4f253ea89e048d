"""The engine's questions, as the commands ask them: load a position, judge a move, list a unit's
reach, report supply and rail capacity. Each answer is a JSON-ready dict."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError
from ..mapdata.io import read_mapdata
from ..mapdata.model import MapData
from .board import Board
from .ruleset import Ruleset, get_ruleset
from .state import GameState, read_state
from .verdict import Verdict, mp_out


def load_position(
    map_file: str | Path, state_file: str | Path, ruleset: str | None = None
) -> tuple[Ruleset, Board]:
    """Read a map and a position and check that they fit each other and the ruleset."""
    m = read_mapdata(map_file)
    return position_of(m, state_file, ruleset)


def position_of(m: MapData, state_file: str | Path, ruleset: str | None = None) -> tuple[Ruleset, Board]:
    from ..files import read_json

    doc = read_json(state_file, "state file (railhead.state/1)")
    rid = ruleset or (doc.get("ruleset") if isinstance(doc, dict) else None)
    if not isinstance(rid, str):
        raise InputError("expected the id of a ruleset", file=state_file, where="$.ruleset")
    try:
        rs = get_ruleset(rid)
    except InputError as exc:
        raise InputError(exc.message, file=state_file, where="$.ruleset") from None
    state = read_state(state_file, m, sides=rs.sides)
    board = Board(m, state)
    problems = rs.position_problems(board)
    if problems:
        where, message = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InputError(message + more, file=state_file, where=where)
    return rs, board


def judge(
    rs: Ruleset,
    board: Board,
    unit_id: str,
    path: list[str],
    mode: str = "ground",
    detrain: str | None = None,
    stack: list[str] | None = None,
) -> Verdict:
    state = board.state
    state.unit(unit_id)
    for hex_id in path:
        if not board.map.knows(hex_id):
            raise InputError(f"unknown hex id {hex_id!r}: {board.map.parse_problem(hex_id)}")
    if len(path) < 1:
        raise InputError("give at least the hex to move to")
    unit = state.unit(unit_id)
    if path[0] != unit.hex:
        path = [unit.hex, *path]
    for a, b in zip(path, path[1:], strict=False):
        if not board.map.adjacent(a, b):
            raise InputError(
                f"the path has a gap: {a} and {b} are not adjacent hexes; list every hex the unit enters"
            )
    ids = [unit_id, *[s for s in (stack or []) if s != unit_id]]
    return rs.judge_move(board, ids, path, mode, detrain)


def reach_report(rs: Ruleset, board: Board, unit_id: str, mode: str = "ground") -> dict[str, Any]:
    unit = board.state.unit(unit_id)
    r, problems = rs.reach(board, unit, mode)
    ids = board.arrays.ids
    hexes = []
    for i in r.hexes():
        entry = {"id": ids[i], "mp": mp_out(r.cost(i)), "path": [ids[k] for k in r.path(int(i))]}
        if hasattr(r, "detrain_of") and mode == "rail":
            entry["detrain"] = ids[r.detrain_of(int(i))]
        hexes.append(entry)
    hexes.sort(key=lambda e: (e["mp"], e["id"]))
    return {
        "unit": unit_id,
        "from": unit.hex,
        "mode": mode,
        "movement_allowance": mp_out(rs.movement_allowance(unit, mode)) if unit.movement != "RR" else "RR",
        "hexes": hexes,
        "reasons": [p.to_dict() for p in problems],
    }


def reach_mask(board: Board, report: dict[str, Any]) -> np.ndarray:
    out = np.zeros(board.n, dtype=bool)
    out[[board.idx(h["id"]) for h in report["hexes"]]] = True
    return out


def side_of(rs: Ruleset, state: GameState, side: str | None) -> str:
    if side is None:
        if state.active_side is None:
            raise InputError(f"say which side (--side {'|'.join(rs.sides)})")
        return state.active_side
    return rs.check_side(side)


def apply_move(board: Board, verdict: Verdict, unit_ids: list[str], path: list[str], mode: str) -> GameState:
    """The position after a legal move: units moved, MP spent, ledgers and rail status updated."""
    import dataclasses
    from types import MappingProxyType

    from .state import HexState

    if not verdict.legal:
        raise ValueError("only a legal move can be applied")
    state = board.state
    units = []
    for u in state.units:
        if u.id in unit_ids:
            attrs = dict(u.attrs)
            attrs["mp_spent"] = float(Fraction(attrs.get("mp_spent", 0)) + verdict.mp)
            if mode == "rail":
                attrs["used_rail"] = True
            if mode == "column":
                attrs["used_column"] = True
            u = dataclasses.replace(u, hex=path[-1], attrs=MappingProxyType(attrs))
        units.append(u)
    destroyed = {e.split(" ")[0] for e in verdict.effects if "destroyed" in e or "eliminated" in e}
    state = state.replace(units=tuple(u for u in units if u.id not in destroyed))
    for key, value in (verdict.extra.get("ledgers") or {}).items():
        state = state.with_ledger(key, value)
    if verdict.extra.get("repaired"):
        hexes = dict(state.hexes)
        for h in verdict.extra["repaired"]:
            old = hexes.get(h, HexState())
            attrs = dict(old.attrs)
            attrs["network"] = verdict.extra["network"]
            hexes[h] = dataclasses.replace(old, rail="operative", attrs=MappingProxyType(attrs))
        state = state.replace(hexes=MappingProxyType(hexes))
    return state
