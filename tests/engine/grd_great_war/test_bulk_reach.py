"""The batched reach of many units (the benchmark's) agrees with each unit's own reach."""

import numpy as np
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


def test_bulk_reach_matches_single_reach():
    b = board(values=VALUES)
    units = [u for u in b.state.units if u.movement]
    bulk = reach_all(RS, b, units)
    for u in units:
        r, _ = RS.reach(b, u, "ground")
        single = {int(i): float(r.dist[i]) for i in np.flatnonzero(np.isfinite(r.dist))}
        assert bulk[u.id] == single, u.id
