"""Reach and move judge agree: every area ``reach`` lists is a legal move along its path at its
cost, and every other area the unit could step into within its allowance is refused (the reach
search and the step-by-step walk apply the same rules: [9.3], [9.3.5], [9.3.6], [11.4])."""

import numpy as np
import pytest

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
from railhead.engine.search import mp
from railhead.engine.state import parse_state

RS = get_ruleset("great-war-area")


def board(extra_units=()):
    m = sample_map()
    doc = sample_state_doc()
    doc["units"] += list(extra_units)
    return Board(m, parse_state(doc, m, sides=RS.sides, declarations=RS.declarations))


CONTESTED = [{"id": "GE-9C", "side": "central", "nation": "germany", "class": "corps", "location": "lorraine",
              "movement": 4, "strength": 4}]  # fmt: skip


@pytest.mark.parametrize("extra", [(), CONTESTED], ids=["sample", "lorraine-contested"])
def test_reach_and_move_agree(extra):
    b = board(extra)
    for u in b.state.units:
        if not RS.is_ground(u) or u.side != "allies":
            continue
        r, _ = RS.reach(b, u, "ground")
        for i in r.hexes():
            path = [b.arrays.ids[k] for k in r.path(int(i))]
            if len(path) < 2:
                continue
            v = RS.judge_move(b, [u.id], path, "ground")
            assert v.legal and v.mp == mp(r.dist[i]), (u.id, path, v.reasons)
        for j in np.flatnonzero(~np.isfinite(r.dist)):
            start = b.idx(u.hex)
            if j in b.arrays.nbr[start]:
                v = RS.judge_move(b, [u.id], [u.hex, b.arrays.ids[j]], "ground")
                assert not v.legal, (u.id, b.arrays.ids[j])
