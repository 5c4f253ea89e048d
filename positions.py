"""A position as the commands (``railhead move``, ``act``, ``reach``, ``supply``, ``rail``) and the
referee (``railhead serve``) read it: the engine's position (:mod:`railhead.engine.queries`) with its
chart values checked against the ruleset's own chart tables, so another ruleset's values file, or a
value of the wrong kind, is refused by its key before any move is judged.

The check lives here, not in the engine: the tables are the player aids' (:mod:`railhead.exporters.
charts`), and the engine imports no exporter (shared/docs/architecture.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .engine.board import Board
from .engine.ruleset import Ruleset
from .engine.values import ChartValues
from .mapdata.model import MapData


def read_position(
    m: MapData,
    state: str | Path | dict[str, Any],
    ruleset: str | None = None,
    values: str | Path | ChartValues | None = None,
) -> tuple[Ruleset, Board]:
    """The ruleset and board of the position ``state`` on map ``m``: a state file (named in the
    messages), or its document (railhead.state/1, as the referee is sent one). ``values``: the chart
    values file, or its values already read. Bad input of any of them is an InputError, raised
    before anything is returned."""
    from .engine.queries import position_from, position_of

    if isinstance(state, str | Path):
        rs, board = position_of(m, state, ruleset, values)
    else:
        rs, board = position_from(m, state, ruleset, values)
    if values is not None:
        check_chart_values(rs.id, board.values)
    return rs, board


def check_chart_values(ruleset_id: str, values: ChartValues) -> ChartValues:
    """``values``, once each of its keys names a box of the ruleset's chart tables and holds a
    value of that box's kind (an InputError by its key, with the file's name, otherwise)."""
    from .exporters.charts.aids import build_tables

    build_tables(ruleset_id, values)
    return values


def load_position(
    map_file: str | Path,
    state_file: str | Path,
    ruleset: str | None = None,
    values_file: str | Path | None = None,
) -> tuple[Ruleset, Board]:
    """:func:`read_position` of a map file (read once per process: :mod:`railhead.mapdata.cache`)."""
    from .mapdata.cache import read_mapdata_cached

    return read_position(read_mapdata_cached(map_file), state_file, ruleset, values_file)
