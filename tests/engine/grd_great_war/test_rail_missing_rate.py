"""A blank Rail Movement Rates Table cell [7A2] is missing input, the same in every question about
an operational rail move: its verdict, its reach and the path that explains a refused one all stop
naming the cell (MissingChartValue, exit 2); none answers "nothing reachable" for a value it
lacks. Strategic rail movement [7A3] counts hexes and needs no rate. The same holds for a blank
River Movement Rates Table cell [7C2]."""

from __future__ import annotations

import pytest
from grd_helpers import RS, mini_board, unit_doc
from test_rail_refusal import CAP, U_LINE, M
from test_t17_river_movement import _map as river_map
from test_t17_river_movement import _regiment

from railhead.engine.queries import judge
from railhead.engine.values import MissingChartValue

CELL = r"hexes_per_mp = VALUE under \[rail_rates\.operational\] in chart\.toml"


def _board():
    unit = unit_doc("R", "entente", "france", "infantry", "GW2:0101", 1, movement=1)
    return mini_board(M, [unit], values={}, ledgers=CAP)


def test_rail_reach_without_the_rate_names_the_cell_7a2():
    """7A2: the reach of an operational rail move needs the rate as its verdict does."""
    b = _board()
    with pytest.raises(MissingChartValue, match=CELL):
        RS.reach(b, b.state.unit("R"), "rail")
    with pytest.raises(MissingChartValue, match=CELL):
        judge(RS, b, "R", ["GW2:0101", "GW2:0102"], "rail")


def test_rail_path_without_the_rate_names_the_cell_7a2():
    """7A2: the path that explains a refused operational rail move needs the rate too."""
    b = _board()
    with pytest.raises(MissingChartValue, match=CELL):
        RS.path_to(b, b.state.unit("R"), "rail", "GW2:0401")


def test_strategic_rail_needs_no_rate_7a3():
    """7A3: strategic rail movement is up to 200 hexes: its reach and path need no rate."""
    b = _board()
    r, problems = RS.reach(b, b.state.unit("R"), "strategic_rail")
    assert not problems and b.idx("GW2:0401") in set(r.hexes().tolist())
    assert RS.path_to(b, b.state.unit("R"), "strategic_rail", "GW2:0401") == list(U_LINE)


def test_river_reach_without_the_rate_names_the_cell_7c2():
    """7C2: the river reach needs the River Movement Rates Table's value as the move does."""
    b = mini_board(river_map(), [_regiment()], values={})
    with pytest.raises(MissingChartValue, match="river_rates"):
        RS.reach(b, b.state.unit("RGT"), "river")
