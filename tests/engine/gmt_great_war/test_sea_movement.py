"""Allied sea movement (9.5): ports, the Baltic and Black Sea, Europe to the Near East by way of
Egypt, the limits of 6 and 3 and the ledger (9.51-9.56)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.board import Board

FRONTS = ("western", "italian", "eastern", "egyptian", "iraqi")


def sea(b, uid, start, end):
    return RS.judge_move(b, [uid], [start, "sea_lanes", end], "sea")


def after(b, v, uid, start, end):
    return Board(b.map, RS.apply(b, v, [uid], [start, "sea_lanes", end], "sea"), values=b.values)


def pool(b, name):
    return next(n for n in RS.rail_report(b, "allied")["networks"] if n["pool"] == name)


def test_sea_between_european_ports_counts_against_six():
    """9.51, 9.52: Le Havre to Venice (in 1917: before that only Italians operate on the Italian
    map, 17.21): one of the six European sea moves."""
    b = board(geo(FRONTS), [U("BR-1", "W5801", side="allied", nation="br")], date="1917-05")
    v = sea(b, "BR-1", "W5801", "W2022")
    assert v.legal, v.reasons
    b = after(b, v, "BR-1", "W5801", "W2022")
    assert (pool(b, "allied_sea_europe")["spent"], pool(b, "allied_sea_europe")["capacity"]) == (1, 6)


def test_sea_europe_to_egypt_counts_against_both():
    """9.52, 9.55: Europe to an Egyptian port counts against both limits."""
    b = board(geo(FRONTS), [U("BR-1", "W5801", side="allied", nation="br")])
    v = sea(b, "BR-1", "W5801", "N4215")
    assert v.legal, v.reasons
    assert {e["pool"] for e in v.extra["strategic"]} == {"allied_sea_europe", "allied_sea_near_east"}


def test_sea_europe_to_iraq_must_stop_in_egypt():
    """9.55: Europe to the Near East goes first to an Allied port on the Egyptian map."""
    b = board(geo(FRONTS), [U("BR-1", "W5801", side="allied", nation="br")])
    v = sea(b, "BR-1", "W5801", "N2252")
    assert not v.legal and v.reasons[0].rule == "9.55"


def test_sea_no_baltic_ports():
    """9.54: no sea movement in the Baltic."""
    m = geo(FRONTS)
    b = board(m, [U("RU-1", "E6120", side="allied", nation="ru")])
    v = sea(b, "RU-1", "E6120", "W5801")
    assert not v.legal and v.reasons[0].rule == "9.54"


def test_sea_black_sea_needs_constantinople():
    """9.54: Black Sea ports only while the Allies control Constantinople (E1328)."""
    m = geo(FRONTS)
    b = board(m, [U("RU-1", "E3031", side="allied", nation="ru")])
    assert sea(b, "RU-1", "E3031", "E2328").reasons[0].rule == "9.54"
    owners = {"E1328": {"owner": "allied"}, "E2328": {"owner": "allied"}}
    b = board(m, [U("RU-1", "E3031", side="allied", nation="ru")], hexes=owners)
    v = sea(b, "RU-1", "E3031", "E2328")
    assert v.legal, v.reasons


def test_sea_limit_of_three_in_the_near_east():
    """9.52: three units by sea on the Near East maps per phase; the fourth is refused."""
    m = geo(FRONTS)
    units = [U(f"BR-{k}", "N4215", side="allied", nation="br") for k in range(4)]
    b = board(m, units, hexes={"N2252": {"owner": "allied"}})
    for k in range(3):
        v = sea(b, f"BR-{k}", "N4215", "N2252")
        assert v.legal, v.reasons
        b = after(b, v, f"BR-{k}", "N4215", "N2252")
    v = sea(b, "BR-3", "N4215", "N2252")
    assert not v.legal and v.reasons[0].rule == "9.52"


def test_sea_cp_may_not():
    """9.51: sea movement is the Allied player's."""
    b = board(geo(FRONTS), [U("GE-1", "W2230")], hexes={"W2230": {"owner": "cp"}})
    assert sea(b, "GE-1", "W2230", "W2022").reasons[0].rule == "9.51"


def test_sea_reach_lists_ports():
    """9.51: the reach of a sea move is every port it could be placed in (Venice from 1917, 17.21)."""
    b = board(geo(FRONTS), [U("BR-1", "W5801", side="allied", nation="br")], date="1917-05")
    r, _ = RS.reach(b, b.state.unit("BR-1"), "sea")
    reached = {b.arrays.ids[i] for i in r.hexes()}
    assert {"W2022", "N4215", "W6707"} <= reached
    assert "N2252" not in reached and "E6120" not in reached


def test_sea_respects_national_fronts():
    """17.21: no U.S. units on the Near East maps, so none sails to Egypt."""
    b = board(geo(FRONTS), [U("US-1", "W5801", side="allied", nation="us")])
    v = sea(b, "US-1", "W5801", "N4215")
    assert not v.legal and v.reasons[0].rule == "17.21"
