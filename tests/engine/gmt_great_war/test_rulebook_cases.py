"""Cases read from the rulebook (not the spec): an HQ is a secondary source for the units with or
next to it, not for itself (11.21, 11.22); a unit that moved by sea may not move strategically in the
same phase, and the refusal says so (9.56)."""

import numpy as np
from gmt_helpers import RS, U, board, geo

from railhead.engine.board import Board
from railhead.engine.rulesets.gmt_great_war.bulk import reach_all
from railhead.engine.rulesets.gmt_great_war.supply import unit_supply

NO_TOWNS_NEAR = {"E4908": None, "E4304": None, "E4108": None}
FRONTS = ("western", "italian", "eastern", "egyptian", "iraqi")


def status(b, uid):
    return unit_supply(b, RS.data, RS, b.state.unit(uid))


def test_an_hq_does_not_supply_itself():
    """11.21, 11.22: an HQ five hexes from the source, with no town near, is out of supply: it is a
    secondary source only for the units stacked with or next to it; the infantry beside it is
    supplied through it, and a second HQ beside it supplies the first."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    assert m.distance("E4506", "E4501") == 5
    nb = next(h for h in ("E4507", "E4606", "E4406") if m.distance("E4506", h) == 1)
    alone = board(m, [U("GE-HQ", "E4506", cls="hq", ma=3), U("GE-1", nb)])
    assert status(alone, "GE-HQ")["status"] == "out of supply"
    assert status(alone, "GE-1")["via"] == "HQ GE-HQ"
    pair = board(m, [U("GE-HQ", "E4506", cls="hq", ma=3), U("GE-HQ2", nb, cls="hq", ma=3)])
    assert status(pair, "GE-HQ")["via"] == "HQ GE-HQ2"
    assert status(pair, "GE-HQ2")["via"] == "HQ GE-HQ"


def test_an_hq_may_not_end_its_move_supplied_by_itself():
    """8.26 with 11.22: the hexes an HQ may end a move in are those where it would be supplied
    without itself: five hexes from the source it may not stop, the infantry may."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    b = board(m, [U("GE-HQ", "E4505", cls="hq", ma=3), U("GE-1", "E4505")])
    i = b.arrays.index["E4506"]
    hq, _ = RS.reach(b, b.state.unit("GE-HQ"), "ground")
    inf, _ = RS.reach(b, b.state.unit("GE-1"), "ground")
    assert not np.isfinite(hq.dist[i]) and np.isfinite(inf.dist[i])
    two = board(m, [U("GE-HQ", "E4505", cls="hq", ma=3), U("GE-HQ2", "E4515", cls="hq", ma=3)])
    bulk = reach_all(RS, two, "cp")  # the whole side at once agrees, HQ by HQ
    for uid in ("GE-HQ", "GE-HQ2"):
        r, _ = RS.reach(two, two.state.unit(uid), "ground")
        assert set(bulk[uid]) == {int(k) for k in np.flatnonzero(np.isfinite(r.dist))}


def test_no_strategic_move_after_a_sea_move_cites_9_56():
    """9.56: an Allied unit that moved by sea (Le Havre to Venice) may not use regular Strategic
    Movement in the same Strategic Movement Phase; the refusal cites 9.56 and names the sea move.
    The same strategic move from Venice is legal for a unit that did not move by sea."""
    m = geo(FRONTS)
    kw = {"date": "1917-05", "phase": "strategic_movement", "active_side": "allied"}
    b = board(m, [U("BR-1", "W5801", side="allied", nation="br")], **kw)
    sea = ["W5801", "sea_lanes", "W2022"]
    v = RS.judge_move(b, ["BR-1"], sea, "sea")
    assert v.legal, v.reasons
    after = Board(b.map, RS.apply(b, v, ["BR-1"], sea, "sea"), values=b.values)
    fresh = board(m, [U("BR-1", "W2022", side="allied", nation="br")], **kw)
    r, _ = RS.reach(fresh, fresh.state.unit("BR-1"), "strategic")
    path = [fresh.arrays.ids[k] for k in r.path(fresh.arrays.index["W6912"])]
    assert RS.judge_move(fresh, ["BR-1"], path, "strategic").legal
    v = RS.judge_move(after, ["BR-1"], path, "strategic")
    assert not v.legal and v.reasons[0].rule == "9.56" and "by sea" in v.reasons[0].message


def test_out_of_supply_units_do_not_move_strategically():
    """11.81, 11.11: a unit out of supply at the start of the Strategic Movement Phase (five hexes
    from its source, no town near) may not use Strategic Movement; in supply (four hexes) the same
    unit is refused for other reasons only."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    kw = {"phase": "strategic_movement", "active_side": "cp"}
    v = RS.judge_move(board(m, [U("GE-1", "E4506")], **kw), ["GE-1"], ["E4506", "E4505"], "strategic")
    assert not v.legal and v.reasons[0].rule == "11.81"
    v = RS.judge_move(board(m, [U("GE-1", "E4505")], **kw), ["GE-1"], ["E4505", "E4504"], "strategic")
    assert not v.legal and v.reasons[0].rule != "11.81"
