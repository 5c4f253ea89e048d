"""§9 T18: Channel port supply and Antwerp (11.44)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def island():
    """The Western map with sea five hexes around Antwerp: only the port can supply."""
    base = geo(("western",))
    ring = {h: "all_sea" for h in base.hexes if base.distance(h, "W6819") == 5}
    return geo(("western",), terrain=ring)


def status(b, uid):
    return unit_supply(b, RS.data, RS, b.state.unit(uid))


def test_t18_british_unit_three_hexes_from_antwerp():
    """11.44: British units within four hexes of a working Western-map port are supplied."""
    b = board(island(), [U("BR-1", "W6822", side="allied", nation="br")])
    s = status(b, "BR-1")
    assert s["status"] == "in supply" and "allied_channel" in s["via"]
    assert s["rules"] == ["11.44"]


def test_t18_cp_unit_in_a_blocking_hex_shuts_antwerp():
    """11.44 (2nd ed.): a CP unit in W6718 stops Antwerp serving as a port supply source."""
    units = [U("BR-1", "W6822", side="allied", nation="br"), U("GE-1", "W6718")]
    assert status(board(island(), units), "BR-1")["status"] == "out of supply"


def test_t18_cp_control_of_an_a_hex_shuts_antwerp():
    """11.44: Antwerp works only while the Allies control all its "A" hexes."""
    b = board(island(), [U("BR-1", "W6822", side="allied", nation="br")], hexes={"W6818": {"owner": "cp"}})
    assert status(b, "BR-1")["status"] == "out of supply"


def test_t18_french_units_only_in_the_port():
    """11.44: other Allied units are supplied only while occupying the port."""
    units = [U("FR-1", "W6822", side="allied", nation="fr"), U("FR-2", "W6819", side="allied", nation="fr")]
    b = board(island(), units)
    assert status(b, "FR-1")["status"] == "out of supply"
    assert status(b, "FR-2")["status"] == "in supply"
