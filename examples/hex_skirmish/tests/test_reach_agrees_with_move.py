"""Every hex ``reach`` lists for a unit is a legal move along its path at its cost (HS-4 to HS-8),
for every unit of the phasing side, in both modes; and a hex next to the unit that reach leaves out
is an illegal move."""

from __future__ import annotations

import numpy as np
import pytest
from hex_skirmish.sample import map_doc, state_doc

from railhead.engine.api import Board, get_ruleset


@pytest.mark.parametrize("side", ["north", "south"])
@pytest.mark.parametrize("mode", ["ground", "rail"])
def test_reach_and_move_agree(side, mode):
    from railhead.engine.state import parse_state
    from railhead.mapdata.io import parse_mapdata

    rs = get_ruleset("hex_skirmish")
    m = parse_mapdata(map_doc())
    doc = state_doc(active_side=side)
    for u in doc["units"]:
        if u["id"] == "S-2":
            u["hex"] = "0609"  # a South unit on the rail line too
    b = Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))
    ids = b.arrays.ids
    checked = 0
    for unit in b.state.units_of(side):
        r, _ = rs.reach(b, unit, mode)
        start = b.idx(unit.hex)
        for i in r.hexes():
            if i == start:
                continue
            v = rs.judge_move(b, [unit.id], [ids[k] for k in r.path(int(i))], mode)
            assert v.legal and v.mp == r.cost(int(i)), (unit.id, ids[i], v.reasons)
            checked += 1
        for j in b.nbr[start]:
            if j >= 0 and not np.isfinite(r.dist[j]):
                assert not rs.judge_move(b, [unit.id], [unit.hex, ids[j]], mode).legal
    assert checked > (10 if mode == "ground" else 2)
