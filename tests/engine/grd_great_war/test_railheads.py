"""Railheads and roadheads [7]: a rail line or road is used up to the railhead (roadhead) hex,
inclusive, never beyond: not by rail movement, not as a road, not by a supply line. The railhead
hex lists (``attrs.railhead_beyond``) the hex next to it the line does not reach yet."""

from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

LINE = tuple(f"GW2:{c:02d}02" for c in range(1, 9))
M = mini_map(
    attrs={"GW2:0102": {"city": "full"}, "GW2:0202": {"city": "partial"}},
    lines=[Line("rail", LINE, {"net": "nw", "nation": "france"}), Line("road", ("GW2:0803", "GW2:0903"))],
    cols=10,
)
CAP = {"grd-rail": {"capacity": {"entente:nw": {"value": 20, "rule": "OB"}}, "pools": {}}}
VALUES = {"rail_rates": {"operational": {"hexes_per_mp": 4}}, "tec": {"clear": {"other_clear": 1}}}
HEAD = {"GW2:0502": {"attrs": {"railhead_beyond": ["GW2:0602"]}}}


def _b(hexes=None, unit_hex="GW2:0202"):
    u = unit_doc("R", "entente", "france", "rifle", unit_hex, 1)
    return mini_board(M, [u], values=VALUES, ledgers=CAP, hexes=hexes or {})


def test_rail_movement_up_to_the_railhead_inclusive():
    b = _b(HEAD)
    assert judge(b, "R", list(LINE[1:5]), "rail").legal  # into the railhead hex 0502
    v = judge(b, "R", list(LINE[1:6]), "rail")
    assert not v.legal and v.reasons[0].rule == "7"
    assert judge(_b(), "R", list(LINE[1:6]), "rail").legal  # no railhead: the whole line


def test_the_line_beyond_is_no_rail_line_nor_road():
    """A unit at GW2:0702 (beyond the railhead) is on no usable rail line; moving along the line
    costs the terrain, not the road rate."""
    b = _b(HEAD, unit_hex="GW2:0702")
    v = judge(b, "R", ["GW2:0702", "GW2:0802"], "rail")
    assert not v.legal and v.reasons[0].rule == "7A"
    nets = RS.nets(b)
    i, d = b.arrays.edge_slot("GW2:0702", "GW2:0802")
    assert not nets.road_edge[i, d] and not nets.rail[i, d]
    i, d = b.arrays.edge_slot("GW2:0402", "GW2:0502")
    assert nets.road_edge[i, d] and nets.rail[i, d]


def test_roadheads_end_printed_roads():
    b = _b({"GW2:0803": {"attrs": {"roadhead_beyond": ["GW2:0903"]}}})
    i, d = b.arrays.edge_slot("GW2:0803", "GW2:0903")
    assert not RS.nets(b).road_edge[i, d]
    assert RS.nets(_b()).road_edge[i, d]


def test_a_supply_line_does_not_run_beyond_a_railhead():
    """The depot at GW2:0702 lies beyond the railhead: its rail element reaches no source."""
    units = [
        unit_doc("HQ", "entente", "france", "army_hq", "GW2:0802", 3, strength=0, size="army"),
        unit_doc("U", "entente", "france", "rifle", "GW2:0902", 2),
    ]
    values = {"supply_lines": {"clear": {"overland": 1, "road": 1}}}

    def status(hexes):
        b = mini_board(M, units, values=values, ledgers=CAP, hexes=hexes)
        return {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}["U"]

    depot = {"GW2:0702": {"depot": "operational"}}
    assert status(depot) == "in general supply"
    assert status({**depot, **HEAD}) == "out of general supply"
