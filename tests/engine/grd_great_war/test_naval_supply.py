"""The naval sub-element of the railroad/naval supply element [11B3b]: port to port across the
sea between functioning friendly-owned ports, in sea areas the basic naval rules open to the side;
port throughput (major 60, standard 30, minor 15, marginal 3, −3 per hit) and damaged ports."""

import pytest
from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.engine.values import MissingChartValue
from railhead.mapdata.model import Line, Link

CAP = {"grd-rail": {"capacity": {"entente:nw": {"value": 20, "rule": "OB"}}, "pools": {}}}
VALUES = {"supply_lines": {"clear": {"overland": 3, "road": 3}}}
HQ = unit_doc("HQ", "entente", "france", "army_hq", "GW2:1102", 3, strength=0, size="army")


def _map(area="north_sea", landing="minor", lane=True, home="standard"):
    """Sources (two cities joined by rail) in the west with a standard port at GW2:0302; a depot
    at the port GW2:1002 in the east, whose only way to a source is by sea."""
    m = mini_map(
        attrs={
            "GW2:0102": {"city": "full"},
            "GW2:0202": {"city": "partial"},
            "GW2:0302": {"port": home},
            "GW2:1002": {"port": landing},
        },
        lines=[
            Line("rail", ("GW2:0102", "GW2:0202", "GW2:0302"), {"net": "nw", "nation": "france"}),
            Line("rail", ("GW2:1002", "GW2:1102"), {"net": "east", "nation": "france"}),
        ],
        cols=14,
    )
    if lane:
        m.links = [Link(("GW2:0302", "GW2:1002"), "sea_lane", ("naval",), {"sea_area": area})]
    return m


def _report(m, units, values=VALUES, **hexes):
    hx = {"GW2:1002": {"depot": "operational"}, **hexes}
    b = mini_board(m, [HQ, *units], values=values, ledgers=CAP, hexes=hx)
    return {u["unit"]: u for u in RS.supply_report(b, "entente")["units"]}


def _u(uid="U", re=2, where="GW2:1202"):
    return unit_doc(uid, "entente", "france", "rifle", where, re)


def test_a_sea_lane_between_friendly_ports_carries_the_line():
    assert _report(_map(), [_u()])["U"]["status"] == "in general supply"
    assert _report(_map(lane=False), [_u()])["U"]["status"] == "out of general supply"


def test_the_basic_naval_rules_close_some_sea_areas_to_a_side():
    """[11B3b]: the Baltic is the Central Powers' only; the Black Sea and the Adriatic nobody's."""
    for area in ("baltic", "black_sea", "adriatic"):
        assert _report(_map(area), [_u()])["U"]["status"] == "out of general supply", area


def test_an_enemy_owned_port_is_no_port_of_the_line():
    rep = _report(_map(), [_u()], **{"GW2:0302": {"owner": "central_powers"}})
    assert rep["U"]["status"] == "out of general supply"


def test_throughput_limits_the_res_tracing_through_a_port():
    """A minor port passes 15 REs: the Army HQs (3 REs) and a 10-RE unit, not a further 4 REs;
    a marginal port passes 3 REs: the Army HQs alone [11B3b]."""
    rep = _report(_map(), [_u("U1", re=10), _u("U2", re=4, where="GW2:1203")])
    assert rep["HQ"]["status"] == rep["U1"]["status"] == "in general supply"
    assert rep["U2"]["status"] == "out of general supply"
    assert rep["U2"]["port_full"] == "GW2:1002" and "11B3b" in rep["U2"]["rules"]
    rep = _report(_map(landing="marginal"), [_u("U1")])
    assert rep["HQ"]["status"] == "in general supply" and rep["U1"]["status"] == "out of general supply"


def test_each_hit_takes_3_res_and_maximum_damage_stops_the_port():
    """A minor port (15 REs) with 4 hits passes 3 REs (the Army HQs); at the Port Summary's
    maximum damage (the chart-values cell) it does not function."""
    units = [_u("U1"), _u("U2", where="GW2:1203")]
    values = {**VALUES, "port_summary": {"minor": {"max_hits": 5}}}
    rep = _report(_map(), units, values=values, **{"GW2:1002": {"depot": "operational", "port_hits": 4}})
    assert [rep[k]["status"] for k in ("HQ", "U1")] == ["in general supply", "out of general supply"]
    rep = _report(_map(), units, values=values, **{"GW2:1002": {"depot": "operational", "port_hits": 5}})
    assert rep["U1"]["status"] == "out of general supply"


def test_a_damaged_port_needs_the_port_summary_cell():
    with pytest.raises(MissingChartValue, match="port_summary"):
        _report(_map(), [_u()], **{"GW2:1002": {"depot": "operational", "port_hits": 1}})


def test_a_great_port_passes_any_number_of_res_and_both_ports_count():
    """60 REs through a great landing port: all in when the far port is great too; the standard
    far port (30 REs) passes only the first 30 [11B3b]."""
    units = [_u(f"U{k}", re=20, where=f"GW2:12{k:02d}") for k in range(1, 4)]
    rep = _report(_map(landing="great", home="great"), units)
    assert all(rep[f"U{k}"]["status"] == "in general supply" for k in range(1, 4))
    rep = _report(_map(landing="great"), units)
    assert [rep[f"U{k}"]["status"] for k in range(1, 4)] == ["in general supply"] + [
        "out of general supply"
    ] * 2
    assert rep["U2"]["port_full"] == "GW2:0302"


def test_no_ground_step_along_a_sea_lane():
    b = mini_board(_map(), [_u(where="GW2:0302")], values={"tec": {"clear": {"other_clear": 1}}})
    v = judge(b, "U", ["GW2:0302", "GW2:1002"])
    assert not v.legal


def test_gsps_a_depot_generates_by_its_worst_port():
    """[11C2bii]: 16 with only great/major ports, 8 with a standard one, 4 with a minor one, 1 with
    a marginal one (the rail here is all high-volume)."""
    from railhead.engine.rulesets.grd_great_war.supply import gsp_caps

    def gsps(landing, home):
        b = mini_board(_map(landing=landing, home=home), [HQ], values=VALUES, ledgers=CAP,
                       hexes={"GW2:1002": {"depot": "operational"}})  # fmt: skip
        return gsp_caps(RS, b, "entente")["GW2:1002"]["gsps"]

    assert gsps("great", "major") == 16
    assert gsps("major", "standard") == 8
    assert gsps("minor", "standard") == 4
    assert gsps("marginal", "great") == 1
    b = mini_board(
        _map(lane=False), [HQ], values=VALUES, ledgers=CAP, hexes={"GW2:1002": {"depot": "operational"}}
    )
    assert gsp_caps(RS, b, "entente")["GW2:1002"]["gsps"] == 0
