"""Asking the rules engine what one step costs, so a chart prints the engine's own answer.

A two-hex map (one hexside of the given terrain and features, optionally a rail line along it) and
one unit; the engine judges the step. Charts built this way cannot disagree with the engine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.board import Board
from ...engine.ruleset import Ruleset
from ...engine.state import parse_state
from ...mapdata.io import parse_mapdata


def probe_board(
    ruleset: Ruleset,
    *,
    hexside_terrain: str = "clear",
    features: tuple[str, ...] = (),
    track: str | None = None,
    unit_class: str = "infantry",
    unit_attrs: dict[str, Any] | None = None,
    nation: str | None = None,
) -> Board:
    """Hexes 0101 and 0102 (flat, even-shifted) sharing one hexside; a unit of ``unit_class`` in 0101
    with a movement allowance no step can exhaust."""
    lines = [{"kind": "rail", "hexes": ["0101", "0102"], "attrs": {"track": track}}] if track else []
    m = parse_mapdata(
        {
            "format": "railhead.mapdata/1",
            "name": "probe",
            "sheets": [
                {"id": "", "grid": {"orientation": "flat", "shifted": "even", "cols": [1, 1], "rows": [1, 2]}}
            ],
            "hexes": [{"id": "0101", "terrain": "clear"}, {"id": "0102", "terrain": "clear"}],
            "hexsides": [{"hexes": ["0101", "0102"], "terrain": hexside_terrain, "features": list(features)}],
            "lines": lines,
        }
    )
    side = ruleset.sides[0]
    nations = ruleset.data.get("nations", {})
    nation = nation or next((n for n, s in nations.items() if s == side), "")
    state = {
        "format": "railhead.state/1",
        "ruleset": ruleset.id,
        "turn": 1,
        "active_side": side,
        "weather": "fair",
        "units": [
            {
                "id": "PROBE",
                "side": side,
                "nation": nation,
                "class": unit_class,
                "size": "division",
                "strength": 6,
                "movement": 99,
                "hex": "0101",
                "attrs": dict(unit_attrs or {}),
            }
        ],
        "hexes": {},
        "ledgers": {},
    }
    return Board(m, parse_state(state, m))


def step_cost(ruleset: Ruleset, hexside_terrain: str, unit_class: str, **kw: Any) -> Fraction | None:
    """MP the engine charges ``unit_class`` to cross one hexside of ``hexside_terrain`` in a ground
    move; None when the engine forbids the step."""
    board = probe_board(ruleset, hexside_terrain=hexside_terrain, unit_class=unit_class, **kw)
    verdict = ruleset.judge_move(board, ["PROBE"], ["0101", "0102"], "ground", None)
    return verdict.mp if verdict.legal else None
