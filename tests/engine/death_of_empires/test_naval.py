"""Naval Mode (8.6, 8.61, 8.63): embark in a port, sail through all-water and coastal hexes,
disembark in a port not in enemy ZOC; port capacity per day; Naval Capacity per turn."""

from helpers import board, du, h, move, pointy_map, ruleset

SEA = {h(c, 1): "all_water" for c in range(1, 13)}
PORTS = {
    h(2, 2): {"features": ["port"], "attrs": {"port_capacity": 2}},
    h(10, 2): {"features": ["port"], "attrs": {"port_capacity": 2}},
}  # noqa: E501
VALUES = {"naval.embark.mp_per_be": 1, "naval.disembark.mp_per_be": 1, "naval.rate.hexes_per_mp": 12}
ROUTE = [h(2, 2), h(2, 1), *[h(c, 1) for c in range(3, 11)], h(10, 2)]


def test_embark_sail_disembark():
    """8.61: 1 MP per BE to embark, 8.6: 9 hexes at 12 per MP = 1 MP, 1 MP to disembark: 3 of 4 MP."""
    m = pointy_map(terrain=SEA, hexes={k: dict(v) for k, v in PORTS.items()})
    b = board(m, [du("A", h(2, 2))], values=VALUES, naval_capacity={"central": 4})
    v = move(b, "A", ROUTE, mode="naval", embark="yes", disembark="deployed", facing="1")
    assert v.legal and v.mp == 3 and v.extra["naval_mp"] == 1
    assert v.changes.unit_fields["A"] == {"mode": "deployed", "facing": 1}


def test_port_capacity_and_naval_capacity():
    """8.63: a port passes its capacity per day x days (2 x 2 = 4 BE); 8.62: Naval Capacity per turn."""
    m = pointy_map(terrain=SEA, hexes={k: dict(v) for k, v in PORTS.items()})
    units = [du(f"B{k}", h(2, 2), pfi="X", multiplicity=3) for k in range(2)]  # 6 BE
    v = move(
        board(m, units, values=VALUES, naval_capacity={"central": 9}),
        "B0",
        [h(2, 2)],
        mode="naval",
        embark="yes",
        stack=["B1"],
    )  # noqa: E501
    assert not v.legal and v.reasons[0].rule == "8.63"
    v = move(
        board(m, units[:1], values=VALUES, naval_capacity={"central": 2}),
        "B0",
        [h(2, 2)],
        mode="naval",
        embark="yes",
    )  # noqa: E501
    assert not v.legal and v.reasons[0].rule == "8.62"


def test_no_disembarking_into_enemy_zoc_and_ships_keep_to_water():
    m = pointy_map(terrain=SEA, hexes={k: dict(v) for k, v in PORTS.items()})
    units = [du("A", h(9, 1), mode="naval"), du("R", h(10, 3), "entente")]
    b = board(m, units, values=VALUES)
    v = move(b, "A", [h(10, 1), h(10, 2)], mode="naval", disembark="deployed")
    assert not v.legal and v.reasons[0].rule == "8.61"
    assert not move(b, "A", [h(9, 2), h(9, 3)], mode="naval").legal  # inland
    r, _ = ruleset().reach(b, b.state.unit("A"), "naval")
    assert b.idx(h(1, 1)) in r.hexes() and b.idx(h(5, 4)) not in r.hexes()
