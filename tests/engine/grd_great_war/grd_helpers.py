"""Helpers of the GR/D Great War tests: ledgers of given nets, the sample position with changes."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from railhead.engine.board import Board
from railhead.engine.ledger import Ledger
from railhead.engine.rulesets.grd_great_war.capacity import LEDGER
from railhead.engine.rulesets.grd_great_war.hooks import RULESET
from railhead.engine.rulesets.grd_great_war.sample import sample_map, sample_state
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues

RS = RULESET()
MAP = sample_map()


def ledger_state(turn: int = 1, ledgers: dict | None = None) -> SimpleNamespace:
    return SimpleNamespace(turn=turn, phase="movement", impulse=0, ledgers=ledgers or {})


def nets(**capacities: int) -> Ledger:
    """A rail ledger of turn 1 with these nets' capacities (pool name = keyword, ``__`` → ``:``)."""
    caps = {k.replace("__", ":"): (Fraction(v), "7A5") for k, v in capacities.items()}
    return Ledger.of(ledger_state(1), LEDGER, caps)


def next_turn(ledger: Ledger) -> Ledger:
    return Ledger.of(
        ledger_state(ledger.turn + 1, {LEDGER: ledger.to_state()}), LEDGER, dict(ledger.capacity)
    )


def doc(**changes: Any) -> dict:
    d = copy.deepcopy(sample_state())
    d.update(changes)
    return d


def board(d: dict | None = None, values: dict | None = None) -> Board:
    d = d or sample_state()
    state = parse_state(d, MAP, sides=RS.sides, declarations=RS.declarations)
    cells = {
        t: {r: {c: str(v) for c, v in cols.items()} for r, cols in rows.items()}
        for t, rows in (values or {}).items()
    }
    return Board(MAP, state, values=ChartValues(cells, Path("chart.toml")) if values is not None else None)


def unit_doc(uid, side, nation, cls, hexid, re, strength=4, movement=5, size="brigade", **attrs) -> dict:
    return {
        "id": uid,
        "side": side,
        "nation": nation,
        "class": cls,
        "size": size,
        "strength": strength,
        "movement": movement,
        "hex": hexid,
        "attrs": {"re": re, **attrs},
    }


def write(tmp_path: Path, d: dict, name: str = "state.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(d), encoding="utf-8")
    return p
