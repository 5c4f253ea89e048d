"""§9 T5: a unit may always move at least one hex (8.13), then it must stop (8.21)."""

from gmt_helpers import U, board, geo, move

M = dict(terrain={"E4306": "mountain"}, hexsides={("E4305", "E4306"): ("river",)})


def test_t05_first_hex_over_the_allowance_is_legal():
    """8.13: an 0-2 HQ crossing a river into mountain in Wet (3 MP) on its first hex."""
    b = board(
        geo(("eastern",), **M), [U("AH-HQ", "E4305", nation="ah", cls="hq", ma=2, strength=0)], weather="wet"
    )
    v = move(b, "AH-HQ", "E4306")
    assert v.legal
    assert v.mp == 3
    assert any("8.13" in e for e in v.effects)


def test_t05_then_it_must_stop():
    """8.21: the second hex needs MP the unit no longer has."""
    b = board(
        geo(("eastern",), **M), [U("AH-HQ", "E4305", nation="ah", cls="hq", ma=2, strength=0)], weather="wet"
    )
    v = move(b, "AH-HQ", "E4306", "E4307")
    assert not v.legal
    assert v.reasons[0].rule == "8.21"


def test_t05_reach_lists_the_one_hex():
    """8.13: the reach includes the first hex beyond the allowance, and nothing past it."""
    b = board(
        geo(("eastern",), **M), [U("AH-HQ", "E4305", nation="ah", cls="hq", ma=2, strength=0)], weather="wet"
    )
    r, _ = __import__("gmt_helpers").RS.reach(b, b.state.unit("AH-HQ"), "ground")
    i = b.arrays.index
    assert r.dist[i["E4306"]] == 3 * 120
    assert not __import__("numpy").isfinite(r.dist[i["E4307"]])
