"""The reach of every unit at once agrees with the one-unit reach, hex for hex and MP for MP
(8.1, 8.13, 8.14, 8.26), and every hex a reach lists is accepted by judge_move along its path."""

import numpy as np
import pytest
from gmt_helpers import RS

from railhead.engine.board import Board
from railhead.engine.rulesets.gmt_great_war.bulk import reach_all
from railhead.engine.rulesets.gmt_great_war.sample import sample_map, sample_state
from railhead.engine.state import parse_state


@pytest.fixture(scope="module")
def sample_board():
    m = sample_map(RS.data)
    state = parse_state(sample_state(), m, sides=RS.sides, declarations=RS.declarations)
    return Board(m, state)


@pytest.mark.parametrize("side", ["cp", "allied"])
def test_bulk_agrees_with_single(sample_board, side):
    b = sample_board
    bulk = reach_all(RS, b, side)
    for u in b.state.units_of(side):
        r, _ = RS.reach(b, u, "ground")
        single = {int(i): float(r.dist[i]) / 120 for i in np.flatnonzero(np.isfinite(r.dist))}
        assert bulk[u.id] == pytest.approx(single), u.id


@pytest.mark.parametrize("uid", ["GE-1ID", "GE-1CD", "GE-8A-HQ", "AH-1MD", "RU-1CD", "TU-9ID"])
def test_every_reached_hex_is_a_legal_move(sample_board, uid):
    b = sample_board
    u = b.state.unit(uid)
    r, _ = RS.reach(b, u, "ground")
    for i in np.flatnonzero(np.isfinite(r.dist)):
        if i == b.arrays.index[u.hex]:
            continue
        path = [b.arrays.ids[k] for k in r.path(int(i))]
        v = RS.judge_move(b, [uid], path, "ground")
        assert v.legal, (path, v.reasons)
        assert float(v.mp) == pytest.approx(r.dist[i] / 120)
