"""§9 T19: the Sinai pipeline marker (11.53)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war import pipeline
from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def egypt(units, marker_at):
    return board(geo(("egyptian",)), units, hexes={marker_at: {"pipeline": True}}, weather={"ie": "fair"})


def test_t19_no_skipping_towns():
    """11.53: marker at N4011, an Allied unit in N3311: may not place at N3311 (N3611 first)."""
    b = egypt([U("BR-1", "N3311", side="allied", nation="br")], "N4011")
    at, why = pipeline.advance(b.state)
    assert at is None and why.rule == "11.53" and "N3611" in why.message


def test_t19_advances_one_town():
    """11.53: an Allied unit in the next town east lets the marker advance there."""
    b = egypt([U("BR-1", "N3611", side="allied", nation="br")], "N4011")
    assert pipeline.advance(b.state)[0] == "N3611"


def test_t19_cp_unit_pushes_it_back():
    """11.53: marker at N3311, a CP unit enters N3611 (west of it): back to N4011."""
    b = egypt([U("TU-1", "N3511", nation="tu")], "N3311")
    back, why = pipeline.pushed_back(b.state, "N3611")
    assert back == "N4011" and why.rule == "11.53"
    assert pipeline.pushed_back(b.state, "N3112") is None  # east of the marker: no effect


def test_t19_secondary_sources_follow_the_marker():
    """11.22, 11.53: towns up to the marker serve as Allied secondary sources; beyond it only a
    town an Allied unit occupies."""
    far = U("BR-2", "N3015", side="allied", nation="br")  # 3 hexes from N3112, 5 from N3311
    b = egypt([far], "N3311")
    assert unit_supply(b, RS.data, RS, b.state.unit("BR-2"))["status"] == "out of supply"
    b = egypt([far, U("BR-3", "N3112", side="allied", nation="br")], "N3311")
    assert unit_supply(b, RS.data, RS, b.state.unit("BR-2"))["status"] == "in supply"
