"""The batched reach of many units (the benchmark's) agrees with each unit's own reach."""

import numpy as np
import pytest
from grd_helpers import RS, board

from railhead.engine.rulesets.grd_great_war.bulk import reach_all

VALUES = {
    "zoc_costs": {"standard": {"reduced_cost": 1, "other": 2}},
    "tec": {
        "clear": {"cm_artillery_clear": 1},
        "woods": {"cm_artillery_clear": 2},
        "rough": {"other_clear": 2, "cm_artillery_clear": 3},
        "forest": {"other_clear": 2, "cm_artillery_clear": 4},
    },
}


@pytest.mark.parametrize("mode", ["ground", "accel", "exploitation", "reaction"])
def test_bulk_reach_matches_single_reach(mode):
    """In every ground mode, with the one-hex move [6] (exploitation allowances are small) and the
    units barred from a mode (Army HQs in reaction movement, 6D)."""
    b = board(values=VALUES)
    units = [u for u in b.state.units if u.movement]
    bulk = reach_all(RS, b, units, mode)
    for u in units:
        r, _ = RS.reach(b, u, mode)
        single = {int(i): float(r.dist[i]) for i in np.flatnonzero(np.isfinite(r.dist))}
        assert bulk[u.id] == single, u.id
