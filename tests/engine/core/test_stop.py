"""A stop-on-entering mask (movement.Stop): a unit that enters one of its locations stops there, in
``reach`` and ``walk`` alike; a unit that starts in one may leave it."""

from __future__ import annotations

import numpy as np
from builders import hex_map, position, unit

from railhead.engine.api import EdgeCosts, Stop, reach, units, walk


def setup():
    m = hex_map((1, 8), (1, 8))
    b = position(m, [unit("A", "0404")])
    costs = EdgeCosts.start(b.nbr.shape)
    costs.forbid(~b.arrays.valid, "T-1", "no edge")
    costs.add("terrain", np.full(b.nbr.shape, units(1)), "T-2")
    where = np.zeros(b.n, dtype=bool)
    where[b.idx("0405")] = True
    return b, costs, Stop(where, "T-9", "a unit entering an enemy zone of control stops")


def test_reach_ends_at_the_first_masked_location():
    b, costs, stop = setup()
    free = reach(b, costs, b.idx("0404"), units(3))
    held = reach(b, costs, b.idx("0404"), units(3), stop)
    assert np.isfinite(held.dist[b.idx("0405")])  # entered...
    # ...but not gone through: 0406, straight on beyond it, is reached round it at 3 MP, not 2
    assert free.dist[b.idx("0406")] == units(2) and held.dist[b.idx("0406")] == units(3)
    for target in held.hexes():
        path = held.path(int(target))
        assert not any(stop.where[i] for i in path[1:-1])  # no path goes on through the mask
    assert len(held.hexes()) <= len(free.hexes())


def test_walk_refuses_the_step_after_entering_with_the_stop_rule():
    b, costs, stop = setup()
    w = walk(b, costs, ["0404", "0405", "0406"], "T-4", stop=stop)
    assert w.failure is not None and w.failure.rule == "T-9" and w.failed_at == 1
    assert w.failure.message.startswith("0405 -> 0406")
    assert walk(b, costs, ["0404", "0405"], "T-4", stop=stop).failure is None
    assert walk(b, costs, ["0404", "0405", "0406"], "T-4").failure is None  # no mask: goes on


def test_a_unit_starting_in_the_mask_may_leave_it():
    b, costs, stop = setup()
    start = b.idx("0405")
    r = reach(b, costs, start, units(2), stop)
    assert np.isfinite(r.dist[b.idx("0407")])
    assert walk(b, costs, ["0405", "0406", "0407"], "T-4", stop=stop).failure is None


def test_reach_and_walk_agree_under_the_mask():
    b, costs, stop = setup()
    r = reach(b, costs, b.idx("0404"), units(4), stop)
    ids = b.arrays.ids
    for target in r.hexes():
        path = [ids[i] for i in r.path(int(target))]
        w = walk(b, costs, path, "T-4", stop=stop)
        assert w.failure is None and w.spent == r.dist[target]


def test_several_stops_each_cite_their_rule_and_a_forbidden_step_its_own():
    b, costs, enemy = setup()
    neutral_at = np.zeros(b.n, dtype=bool)
    neutral_at[b.idx("0504")] = True
    neutral = Stop(neutral_at, "T-8", "a unit entering a neutral hex stops there")
    both = [enemy, neutral]
    assert walk(b, costs, ["0404", "0504", "0604"], "T-4", stop=both).failure.rule == "T-8"
    assert walk(b, costs, ["0404", "0405", "0406"], "T-4", stop=both).failure.rule == "T-9"
    r = reach(b, costs, b.idx("0404"), units(2), both)
    assert np.isfinite(r.dist[b.idx("0504")]) and not np.isfinite(r.dist[b.idx("0406")])
    walled = costs.copy()
    walled.forbid(np.isin(b.nbr, [b.idx("0406")]) & b.arrays.valid, "T-3", "a wall")
    assert walk(b, walled, ["0404", "0405", "0406"], "T-4", stop=both).failure.rule == "T-3"
