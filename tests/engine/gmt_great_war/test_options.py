"""The spec's §10 decisions as named options (data.toml [options]), each tested both ways."""

import pytest
from gmt_helpers import RS, U, board, geo, move

from railhead.engine.rulesets.gmt_great_war.operational import movement_allowance
from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def status(b, uid):
    return unit_supply(b, RS.data, RS, b.state.unit(uid))["status"]


@pytest.mark.parametrize(("choice", "expected"), [("never_adjacent", 5), ("start_not_adjacent", 10)])
def test_cavalry_doubling(choice, expected):
    """8.14, A4: cavalry that starts clear of the enemy but passes next to an enemy combat unit."""
    units = [U("GE-C", "W4530", cls="cavalry", ma=5), U("FR-1", "W4728", side="allied", nation="fr")]
    b = board(geo(("western",)), units, options={"cavalry_doubling": choice})
    path = ["W4530", "W4629", "W4628"]
    assert b.arrays.index["W4728"] in b.arrays.nbr[b.arrays.index["W4628"]]
    assert movement_allowance(b, RS.data, RS, ["GE-C"], path)[0] == expected


def test_cavalry_reach_keeps_clear_of_the_enemy():
    """8.14, A4 (default): beyond its printed 5 MP the cavalry reaches only hexes it can get to
    without ever being adjacent to an enemy combat unit."""
    import numpy as np

    units = [U("GE-C", "W5031", cls="cavalry", ma=5), U("FR-1", "W5228", side="allied", nation="fr")]
    b = board(geo(("western",)), units)
    r, _ = RS.reach(b, b.state.unit("GE-C"), "ground")
    enemy = b.arrays.index["W5228"]
    near = set(b.arrays.nbr[enemy][b.arrays.nbr[enemy] >= 0].tolist())
    reached = np.flatnonzero(np.isfinite(r.dist))
    assert any(r.dist[k] > 5 * 120 for k in reached)
    for k in reached:
        if r.dist[k] > 5 * 120:
            assert not near & set(r.path(int(k))), b.arrays.ids[k]
    assert near & set(reached.tolist())  # reached within the printed allowance


@pytest.mark.parametrize(("doubled", "legal"), [(True, True), (False, False)])
def test_hq_doubled_after_october_1914(doubled, legal):
    """8.14, A5: an HQ (MA 3) on the Western Front in 1915 moving 4 MP."""
    units = [U("GE-HQ", "W5027", cls="hq", ma=3)]
    b = board(geo(("western",)), units, options={"hq_doubled_after_october_1914": doubled})
    v = move(b, "GE-HQ", "W5028", "W5029", "W5030", "W5031")
    assert v.legal is legal
    if not legal:
        assert v.reasons[0].rule == "8.21"


@pytest.mark.parametrize(("choice", "mp"), [("at_least_two", 3), ("two_including_river", 2)])
def test_devastated_cost(choice, mp):
    """14.63, A8: a devastated clear hex across a river in Wet."""
    m = geo(("western",), hexsides={("W5027", "W5028"): ("river",)})
    b = board(
        m,
        [U("GE-1", "W5027")],
        weather={"wi": "wet"},
        hexes={"W5028": {"devastated": True}},
        options={"devastated_cost": choice},
    )
    assert move(b, "GE-1", "W5028").mp == mp


@pytest.mark.parametrize(("through", "expected"), [(False, "out of supply"), (True, "in supply")])
def test_supply_through_neutral(through, expected):
    """11.6, A10: a line whose only way out crosses neutral hexes."""
    m = geo(("eastern",), places={"E4908": None, "E4304": None, "E4108": None})
    ring = {h: {"owner": "neutral"} for h in m.neighbours("E4505")}
    b = board(m, [U("GE-1", "E4505")], hexes=ring, options={"supply_through_neutral": through})
    assert status(b, "GE-1") == expected


@pytest.mark.parametrize(("one", "expected"), [(True, "in supply"), (False, "out of supply")])
def test_british_empire_one_nation(one, expected):
    """11.22, A13: a British Indian unit next to a British HQ."""
    units = [
        U("BI-1", "N3620", side="allied", nation="bi"),
        U("BR-HQ", "N3520", side="allied", nation="br", cls="hq"),
    ]
    b = board(geo(("egyptian",)), units, options={"british_empire_one_nation": one})
    assert status(b, "BI-1") == expected


@pytest.mark.parametrize(("outside", "units_charged"), [(True, 2), (False, 1)])
def test_transit_box_outside_germany(outside, units_charged):
    """9.11, 9.14, A14: Berlin into the CP transit box: charged to Europe and the Near East, the
    Europe charge doubled when the box counts as outside Germany."""
    m = geo(("eastern", "iraqi"))
    b = board(
        m,
        [U("GE-1", "E5102")],
        options={"transit_box_outside_germany": outside},
        european_turks_deployed=True,  # 17.31: German divisions go to the Near East only after
    )
    path = ["E5102", "E5101", "cp_transit"]
    v = RS.judge_move(b, ["GE-1"], path, "strategic")
    assert v.legal, v.reasons
    charged = {e["pool"]: e["units"] for e in v.extra["strategic"]}
    assert charged == {"cp_europe": units_charged, "cp_near_east": 1}


@pytest.mark.parametrize(("double", "units_charged"), [(True, 2), (False, 1)])
def test_hq_double_for_sea(double, units_charged):
    """9.34, A15: an Allied HQ moving by sea in Europe."""
    b = board(
        geo(("western", "italian")),
        [U("BR-HQ", "W5801", side="allied", nation="br", cls="hq")],
        options={"hq_double_for_sea": double},
        date="1917-05",  # before 1917 only Italians operate on the Italian map (17.21)
    )
    v = RS.judge_move(b, ["BR-HQ"], ["W5801", "sea_lanes", "W2022"], "sea")
    assert v.legal and v.extra["strategic"][0]["units"] == units_charged


@pytest.mark.parametrize(("choice", "expected"), [("own_hex", "in supply"), ("nowhere", "out of supply")])
def test_hot_desert_terminal(choice, expected):
    """12.2, A12: in Hot weather a line may go into a desert hex but not through or out of it: a
    unit standing in desert two hexes from its source."""
    m = geo(("egyptian",), terrain={"N1920": "desert"})
    b = board(
        m, [U("TU-1", "N1920", nation="tu")], weather={"ie": "hot"}, options={"hot_desert_terminal": choice}
    )
    assert status(b, "TU-1") == expected


def test_hot_desert_blocks_lines_through_it():
    """12.2: a desert hex between the unit and its source blocks the line in Hot weather, not in Fair."""
    band = {f"N18{c:02d}": "desert" for c in range(8, 31)}
    m = geo(("egyptian",), terrain=band, places={"N1728": None})
    for weather, expected in (("hot", "out of supply"), ("fair", "in supply")):
        b = board(m, [U("TU-1", "N1920", nation="tu")], weather={"ie": weather})
        assert status(b, "TU-1") == expected, weather
