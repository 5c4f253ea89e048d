"""T22 [8.1], [8.2], [8.8], [14.1], [8.2.3]: an 8-10 squadron in a port on the Bay of Biscay."""

import pytest
from gwa_build import RS, area_map, judge, position, rules, unit

from railhead.mapdata.model import Box, Link

MAP = area_map(
    {
        "gascony": {"country": "france"},
        "provence": {"country": "france", "weather_area": "mediterranean"},
        "holstein": {"country": "germany"},
    },
    [("gascony", "biscay", "coast"), ("provence", "west_med", "coast")],
    seas={"biscay": {}, "west_med": {}, "north_sea": {}, "baltic": {}},
    ports={
        "bordeaux": ("gascony", ["biscay"]),
        "toulon": ("provence", ["west_med"]),
        "wilhelmshaven": ("holstein", ["north_sea"]),
    },
    canals={"kiel": ("holstein", ["north_sea", "baltic"])},
    links=[Link(("biscay", "west_med"), "sea_lane", ("naval",), {"nmp": 6, "name": "round_spain"})],
)


def board(weather="normal", **kw):
    return position(MAP, [unit("FR-SQ", "bordeaux", "squadron", "france")], weather=weather, **kw)


def test_round_spain_normal():
    """[8.1], [8.2], [8.2.1], [8.2.2]: 1 (sea) + 6 (lane) + 1 (port) = 8 <= 10: legal."""
    v = judge(board(), "FR-SQ", ["bordeaux", "biscay", "west_med", "toulon"], "naval")
    assert v.legal and v.mp == 8
    assert [s.mp for s in v.steps] == [1, 6, 1]


@pytest.mark.parametrize(("option", "legal"), [("minus_quarter", True), ("three_quarters", False)])
def test_round_spain_winter_option_both_ways(option, legal):
    """[14.1], spec A9 ``winter_naval_allowance``: MA 10 - floor(10/4) = 8, still legal; the other
    reading floor(7.5) = 7 makes the 8 NMP voyage illegal."""
    b = board({"northwestern": "winter"}, options={"winter_naval_allowance": option})
    v = judge(b, "FR-SQ", ["bordeaux", "biscay", "west_med", "toulon"], "naval")
    assert v.legal is legal
    if not legal:
        assert rules(v) == "8.1; 14.1"


def test_kiel_canal_closed_when_contested():
    """[8.2.3]: no passage through the Kiel Canal while its area is contested."""
    units = [
        unit("GE-SQ", "wilhelmshaven", "squadron", "germany"),
        unit("GE-1C", "holstein", nation="germany"),
        unit("FR-1C", "holstein"),
    ]
    b = position(MAP, units, control={"holstein": "central"})
    v = judge(b, "GE-SQ", ["wilhelmshaven", "north_sea", "kiel", "baltic"], "naval")
    assert not v.legal and rules(v) == "8.2.3"
    b = position(MAP, units[:1], control={"holstein": "central"})
    v = judge(b, "GE-SQ", ["wilhelmshaven", "north_sea", "kiel", "baltic"], "naval")
    assert v.legal and v.mp == 2  # enter North Sea 1, enter the canal 1, leave it free [8.2.3]


def test_must_begin_or_end_in_a_friendly_port():
    """[8.8]: a naval move begins or ends in a friendly port; an enemy port is not entered [4]."""
    v = judge(board(), "FR-SQ", ["bordeaux", "biscay", "west_med"], "naval")
    assert v.legal
    b = position(MAP, [unit("FR-SQ", "biscay", "squadron", "france")])
    v = judge(b, "FR-SQ", ["biscay", "west_med"], "naval")
    assert not v.legal and rules(v) == "8.8"


def test_a_bombarded_port_is_not_entered():
    """[8.8]: a bombarded port is blocked until its owner repairs it."""
    b = position(
        MAP, [unit("FR-SQ", "bordeaux", "squadron", "france")], hexes_extra={"toulon": {"bombarded": True}}
    )
    v = judge(b, "FR-SQ", ["bordeaux", "biscay", "west_med", "toulon"], "naval")
    assert not v.legal and rules(v) == "4; 8.8"


def test_bombardment_costs_two_nmp_and_one_nrc_and_blocks_the_port():
    """[8.8]: bombarding an enemy port from the maritime area beside it: +2 NMP, 1 NRC, and the
    port is blocked (a bombarded port is not entered until repaired)."""
    b = position(MAP, [unit("GE-SQ", "toulon", "squadron", "germany")], banks={"germany": 5},
                 control={"gascony": "allies", "provence": "central"})  # fmt: skip
    v = RS.judge_move(b, ["GE-SQ"], ["toulon", "west_med", "biscay"], "naval", bombard="bordeaux")
    assert v.legal, v.reasons
    assert v.mp == 1 + 6 + 2
    assert v.changes.locations == {"bordeaux": {"fields": {"bombarded": True}}}
    assert v.extra["ledgers"]["nrc"]["pools"]["germany"][0]["amount"] == 1


def test_no_bombardment_of_a_port_holding_naval_units():
    """[8.8]: a port holding naval units may not be bombarded."""
    units = [unit("GE-SQ", "toulon", "squadron", "germany"), unit("FR-SQ", "bordeaux", "squadron", "france")]
    b = position(MAP, units, banks={"germany": 5}, control={"provence": "central"})
    v = RS.judge_move(b, ["GE-SQ"], ["toulon", "west_med", "biscay"], "naval", bombard="bordeaux")
    assert not v.legal and rules(v) == "8.8"


LANE_MAP = area_map(
    {"gascony": {"country": "france"}, "egypt": {"country": "britain", "weather_area": "mediterranean"}},
    [("gascony", "biscay", "coast"), ("egypt", "suez_gulf", "coast")],
    seas={"biscay": {}, "suez_gulf": {}},
    ports={"bordeaux": ("gascony", ["biscay"]), "suez": ("egypt", ["suez_gulf"])},
    links=[
        Link(("biscay", "cape_lane"), "sea_lane", ("naval",), {"turns": 3}),
        Link(("cape_lane", "suez_gulf"), "sea_lane", ("naval",), {"turns": 3}),
    ],
    boxes=[Box("cape_lane", "Sea Lane round Africa", {"kind": "sea_lane", "turns": 3})],
)


def test_sea_lane_of_whole_turns():
    """[8.1]: Bay of Biscay -> Gulf of Suez takes 3 full game turns: the squadron ends its move on
    the lane with 3 turns to sail; it leaves only when they are done, never passing through."""
    b = position(LANE_MAP, [unit("BR-SQ", "bordeaux", "squadron", "britain")])
    v = judge(b, "BR-SQ", ["bordeaux", "biscay", "cape_lane"], "naval")
    assert v.legal and v.changes.unit_fields == {"BR-SQ": {"lane_turns_left": 3}}
    v = judge(b, "BR-SQ", ["bordeaux", "biscay", "cape_lane", "suez_gulf", "suez"], "naval")
    assert not v.legal and rules(v) == "8.1"
    on = position(LANE_MAP, [unit("BR-SQ", "cape_lane", "squadron", "britain", lane_turns_left=2)])
    v = judge(on, "BR-SQ", ["cape_lane", "suez_gulf", "suez"], "naval")
    assert not v.legal and rules(v) == "8.1"
    done = position(LANE_MAP, [unit("BR-SQ", "cape_lane", "squadron", "britain", lane_turns_left=0)])
    assert judge(done, "BR-SQ", ["cape_lane", "suez_gulf", "suez"], "naval").legal
