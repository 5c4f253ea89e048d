"""Bridges as hexside features (:mod:`railhead.pipeline.bridges`): a road crossing a river hexside
is a bridge there; a railway, a border or a road beside the river is not."""

from __future__ import annotations

from railhead.mapdata.model import Hexside, Line
from railhead.pipeline.bridges import BRIDGE, bridging_lines, water_sides, with_bridges
from railhead.pipeline.legend import parse_legend


def _legend(**road):
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [
                {"name": "river", "color": "#2f6fd6"},
                {"name": "major_river", "color": "#1f4fb0"},
                {"name": "lake", "color": "#87b1b0"},
                {"name": "border", "color": "#8a3ca0"},
            ],
            "line": [{"name": "road", "color": "#c8402c", **road}, {"name": "rail", "color": "#222222"}],
        }
    )


SIDES = [
    Hexside(("0101", "0102"), features=("river",), confidence=0.9),
    Hexside(("0102", "0202"), features=("major_river",)),
    Hexside(("0202", "0203"), features=("border",)),
    Hexside(("0203", "0303"), features=("lake",)),
    Hexside(("0303", "0304"), features=("river",)),
]


def _bridges(legend, lines):
    out = with_bridges(SIDES, lines, bridging_lines(legend), water_sides(legend))
    return {s.key: s for s in out if BRIDGE in s.features}


def test_a_road_crossing_a_river_makes_a_bridge_and_nothing_else_does():
    road = Line("road", ("0101", "0102", "0202", "0203", "0303"), confidence=0.7)
    rail = Line("rail", ("0302", "0303", "0304"))
    got = _bridges(_legend(), [road, rail])
    # the river and the major river the road crosses; not the border, the lake, nor the river
    # only the railway crosses
    assert set(got) == {("0101", "0102"), ("0102", "0202")}
    assert got[("0101", "0102")].confidence == 0.7  # the lower of the river's and the road's
    assert got[("0101", "0102")].features == ("river", BRIDGE)


def test_the_legend_says_which_lines_make_bridges():
    road = Line("road", ("0101", "0102"))
    assert not _bridges(_legend(bridges=False), [road])
    rail = Line("rail", ("0303", "0304"))
    legend = _legend()
    assert not _bridges(legend, [rail])
    legend.line[1].extra["bridges"] = True  # a game that counts rail bridges says so
    assert set(_bridges(legend, [rail])) == {("0303", "0304")}


def test_a_synthetic_scan_has_a_bridge_wherever_its_road_crosses_a_river():
    from railhead.mapdata.sample import sample_map
    from railhead.pipeline.synth import render, sample_legend

    m = sample_map()
    truth = render(m, sample_legend(), seed=5).truth
    rivers = {k for k, s in m.hexsides.items() if {"river", "major_river"} & set(s.features)}
    want = {e for e in truth.line_edges("road") if e in rivers}
    got = {k for k, s in truth.hexsides.items() if BRIDGE in s.features}
    assert want and got == want
