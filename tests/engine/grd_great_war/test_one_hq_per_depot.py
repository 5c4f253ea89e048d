"""[11B2]: at most one Army HQs may trace a road element to a given supply depot. In the order
the position lists them, each HQs claims the depot its line reaches; another HQs needs another
depot (or a source within the road element)."""

from grd_helpers import RS, mini_board, supply_line_map, unit_doc

M, CAP, VALUES = supply_line_map(cols=12, overland=1)


def _hq(uid, where):
    return unit_doc(uid, "entente", "france", "army_hq", where, 3, strength=0, size="army")


def _status(units, depots):
    hexes = {h: {"depot": "operational"} for h in depots}
    b = mini_board(M, units, values=VALUES, ledgers=CAP, hexes=hexes)
    return {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}


UNITS = [
    _hq("HQ1", "GW2:0802"),
    _hq("HQ2", "GW2:0602"),
    unit_doc("U1", "entente", "france", "rifle", "GW2:0902", 2),
    unit_doc("U2", "entente", "france", "rifle", "GW2:0503", 2),
]


def test_two_hqs_one_depot_supplies_only_the_first_hqs_units():
    rep = _status(UNITS, ["GW2:0602"])
    assert rep["U1"] == "in general supply"
    assert rep["U2"] == "out of general supply"


def test_the_order_of_the_hqs_decides_which_claims_it():
    rep = _status([UNITS[1], UNITS[0], *UNITS[2:]], ["GW2:0602"])
    assert rep["U1"] == "out of general supply" and rep["U2"] == "in general supply"


def test_a_second_depot_serves_the_second_hqs():
    rep = _status(UNITS, ["GW2:0602", "GW2:0502"])
    assert rep["U1"] == rep["U2"] == "in general supply"


def test_one_hqs_alone_uses_its_depot():
    rep = _status([UNITS[1], UNITS[3]], ["GW2:0602"])
    assert rep["U2"] == "in general supply"
