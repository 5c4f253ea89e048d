"""[15A3] rail ferries: a low-volume rail line from one port to another as the map draws it; usable
for rail movement only when the player owns both ports and both function; a ferry linking two
rail nets counts against each net's capacity; never a road."""

from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line, Link

M = mini_map(
    attrs={
        "GW2:0102": {"city": "full"},
        "GW2:0302": {"port": "standard"},
        "GW2:0702": {"port": "standard"},
        "GW2:0902": {"city": "full"},
    },
    lines=[
        Line("rail", ("GW2:0102", "GW2:0202", "GW2:0302"), {"net": "west", "nation": "france"}),
        Line("rail", ("GW2:0702", "GW2:0802", "GW2:0902"), {"net": "east", "nation": "france"}),
    ],
)
M.links = [Link(("GW2:0302", "GW2:0702"), "rail_ferry", ("rail",), {})]
CAP = {
    "grd-rail": {
        "capacity": {
            "entente:west": {"value": 20, "rule": "OB"},
            "entente:east": {"value": 20, "rule": "OB"},
        },
        "pools": {},
    }
}
PATH = ["GW2:0202", "GW2:0302", "GW2:0702", "GW2:0802"]
RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}


def _board(**hexes):
    return mini_board(
        M,
        [unit_doc("B", "entente", "france", "rifle", "GW2:0202", 2)],
        values=RATES,
        ledgers=CAP,
        hexes=hexes,
    )


def test_a_rail_ferry_carries_a_rail_move_and_charges_both_nets_as_low_volume():
    """[15A3]: the ferry is low-volume rail (×2 [7A4]) and counts against each net it links."""
    v = judge(_board(), "B", PATH, "rail")
    assert v.legal, v.reasons
    assert v.extra["rail"]["nets"] == ["west", "east"]
    charges = v.extra["rail"]["charges"]
    assert charges["entente:west"]["res"] == 4 and charges["entente:east"]["res"] == 4
    assert any(p[0] == "rail ferry" and p[2] == "15A3" for p in v.steps[1].parts)


def test_not_when_the_enemy_owns_a_port():
    """[15A3]: only if the player owns both ports."""
    v = judge(_board(**{"GW2:0702": {"owner": "central_powers"}}), "B", PATH, "rail")
    assert not v.legal and v.reasons[0].rule == "7A"


def test_not_when_a_port_does_not_function():
    """[15A3]: a port at its Port Summary's maximum damage does not function."""
    b = mini_board(
        M,
        [unit_doc("B", "entente", "france", "rifle", "GW2:0202", 2)],
        values={**RATES, "port_summary": {"standard": {"max_hits": 3}}},
        ledgers=CAP,
        hexes={"GW2:0702": {"port_hits": 3}},
    )
    v = judge(b, "B", PATH, "rail")
    assert not v.legal and v.reasons[0].rule == "15A3"


def test_a_rail_ferry_is_never_a_road():
    """[15A3]: no ground move along the ferry (and it is not a road)."""
    b = _board()
    assert not RS.nets(b).road_edge[b.arrays.edge_slot("GW2:0302", "GW2:0702")].any()
    assert not judge(b, "B", ["GW2:0202", "GW2:0302", "GW2:0702"], "ground").legal


def test_rail_reach_crosses_the_ferry():
    """[15A3]: the ferry is rail for reach as for a judged move (one hex of rail each way)."""
    from railhead.engine.rulesets.grd_great_war.rail import rail_reach

    b = _board()
    r, why = rail_reach(RS, b, b.state.unit("B"), "strategic_rail")
    assert not why and r.dist[b.idx("GW2:0902")] < float("inf")
    hostile = _board(**{"GW2:0702": {"owner": "central_powers"}})
    r, _ = rail_reach(RS, hostile, hostile.state.unit("B"), "strategic_rail")
    assert r.dist[hostile.idx("GW2:0802")] == float("inf")
