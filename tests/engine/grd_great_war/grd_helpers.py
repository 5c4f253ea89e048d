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
from railhead.engine.state import Unit, parse_state
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
    return Unit(uid, side, nation, cls, hexid, size, strength, movement, {"re": re, **attrs}).to_dict()


def write(tmp_path: Path, d: dict, name: str = "state.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(d), encoding="utf-8")
    return p


def mini_map(
    terrain: dict[str, str] | None = None,
    sides: dict[tuple[str, str], tuple[str, ...]] | None = None,
    lines: list | None = None,
    attrs: dict[str, dict] | None = None,
    cols: int = 10,
    rows: int = 4,
    sheet_id: str = "GW2",
):
    """One GW2 sheet of ``cols`` × ``rows`` clear French hexes in weather zone C, with the given
    terrain, hexside features, lines (``Line`` objects) and hex attrs."""
    from railhead.mapdata.grid import HexGrid, PixelFrame
    from railhead.mapdata.model import Hex, Hexside, MapData, Sheet, side_key

    grid = HexGrid(
        "flat", "even", (1, cols), (1, rows), "{col:02d}{row:02d}", PixelFrame(60.0, 69.3, (50.0, 50.0), 0.0)
    )
    sheet = Sheet(sheet_id, grid)
    hexes = []
    for c, r in grid.coords():
        hid = sheet.full_id(grid.format_id(c, r))
        a = {"nation": "france", "weather_zone": "C", **(attrs or {}).get(hid, {})}
        hexes.append(Hex(hid, (terrain or {}).get(hid, "clear"), attrs=a))
    m = MapData.build("mini", [sheet], hexes)
    m.hexsides = {side_key(*k): Hexside(side_key(*k), features=v) for k, v in (sides or {}).items()}
    m.lines = list(lines or [])
    return m


def mini_board(m, units: list[dict], values: dict | None = None, **top: Any) -> Board:
    d = {
        "format": "railhead.state/1",
        "ruleset": "grd-great-war",
        "turn": 1,  # no phase named: each move is judged in the phase that allows its mode [4A]
        "active_side": "entente",
        "weather": "clear",
        "units": units,
        "hexes": {},
        "ledgers": {},
    }
    d.update(top)
    state = parse_state(d, m, sides=RS.sides, declarations=RS.declarations)
    cells = {
        t: {r: {c: str(v) for c, v in cols.items()} for r, cols in rows.items()}
        for t, rows in (values or {}).items()
    }
    return Board(m, state, values=ChartValues(cells, Path("chart.toml")) if values is not None else None)


def judge(b: Board, unit: str, path: list[str], mode: str = "ground"):
    from railhead.engine.queries import judge as q

    return q(RS, b, unit, path, mode)


def supply_line_map(cols: int = 14, overland: int = 3):
    """A French rail line from two cities (sources) at the west edge to GW2:0602 (a depot when
    the position says so), a road on to GW2:0902; the map (``cols`` wide), its rail capacity
    ledger and the supply-line values (``overland`` hexes of overland element): (map, ledgers,
    values)."""
    from railhead.mapdata.model import Line

    m = mini_map(
        attrs={"GW2:0102": {"city": "full"}, "GW2:0202": {"city": "partial"}},
        lines=[
            Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 7)), {"net": "nw", "nation": "france"}),
            Line("road", tuple(f"GW2:{c:02d}02" for c in range(6, 10))),
        ],
        cols=cols,
    )
    cap = {"grd-rail": {"capacity": {"entente:nw": {"value": 20, "rule": "OB"}}, "pools": {}}}
    return m, cap, {"supply_lines": {"clear": {"overland": overland, "road": 3}}}
