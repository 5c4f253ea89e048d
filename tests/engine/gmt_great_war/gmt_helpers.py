"""Builders for the GMT Great War tests: plain sample geography on chosen fronts with the few
hexes a case needs, a position validated as the CLI validates it, and moves."""

from __future__ import annotations

from typing import Any

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.gmt_great_war.geography import geography_map
from railhead.engine.state import FORMAT, Unit, parse_state

RS = get_ruleset("gmt-great-war")


_MAPS: dict[str, object] = {}


def geo(fronts=("eastern",), terrain=None, hexsides=None, places=None, plain=True):
    """The sample geography on ``fronts`` (plain: all land clear), with the hexes a case needs;
    built once per distinct request."""
    key = repr((tuple(fronts), terrain, hexsides, places, plain))
    if key not in _MAPS:
        _MAPS[key] = geography_map(
            RS.data, tuple(fronts), plain=plain, terrain=terrain, hexsides=hexsides, places=places
        )
    return _MAPS[key]


def U(uid: str, hex_id: str, side="cp", nation="ge", cls="infantry", ma=4, strength=3, **attrs) -> dict:
    return Unit(uid, side, nation, cls, hex_id, strength=strength, movement=ma, attrs=attrs).to_dict()


def doc(units, weather: Any = "fair", date="1915-05", hexes=None, options=None, **extra) -> dict:
    d = {
        "format": FORMAT,
        "ruleset": "gmt-great-war",
        "turn": 10,
        "active_side": None,  # both sides move in a Mutual Movement Phase (4.2); say who for the strategic
        "weather": weather,
        "units": list(units),
        "hexes": hexes or {},
        "ledgers": {},
        **extra,
    }
    if date is not None:
        d["date"] = date
    if d.get("phase") is None:
        d.pop("phase", None)  # no phase named: each move judged in the phase that allows it
    if options:
        d["options"] = options
    return d


def board(m, units, values=None, **kw) -> Board:
    state = parse_state(doc(units, **kw), m, sides=RS.sides, declarations=RS.declarations)
    b = Board(m, state, values=values)
    problems = RS.position_problems(b)
    assert not problems, problems
    return b


def move(b, uid, *path, mode="ground", stack=()):
    unit = b.state.unit(uid)
    full = list(path) if path[0] == unit.hex else [unit.hex, *path]
    return RS.judge_move(b, [uid, *stack], full, mode)


def owners(hex_ids, side) -> dict:
    return {h: {"owner": side} for h in hex_ids}
