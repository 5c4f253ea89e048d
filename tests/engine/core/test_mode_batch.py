"""engine/mode_batch.py: the batched reach over location x mode gives every unit exactly what
layered.mode_search gives it alone, overrides included."""

import numpy as np

from railhead.engine.board import map_arrays
from railhead.engine.layered import mode_search
from railhead.engine.mode_batch import mode_reach_batch
from railhead.mapdata.sample import sample_map, sample_two_sheet_map


def _costs(arrays, seed):
    rng = np.random.default_rng(seed)
    shape = arrays.nbr.shape
    walk = np.where(arrays.valid, rng.integers(60, 240, shape).astype(float), np.inf)
    road = np.where(arrays.valid & (rng.random(shape) < 0.5), 90.0, np.inf)
    return {"walk": walk, "road": road}, {("walk", "road"): 0.0, ("road", "walk"): np.full(arrays.n, 120.0)}


def _check(arrays, costs, change, starts, modes, limits, radius, overrides=()):
    hexes, dist, mode, off = mode_reach_batch(arrays, costs, change, starts, modes, limits, radius, overrides)
    names = list(costs)
    for k, s in enumerate(starts):
        local = {m: c.copy() for m, c in costs.items()}
        for kk, m, loc, slot, cost in overrides:
            if kk == k:
                local[names[m]][loc, slot] = cost
        mr = mode_search(arrays.nbr, local, change, int(s), names[modes[k]], float(limits[k]))
        best, _ = mr.best()
        want = np.flatnonzero(best <= limits[k])
        got = hexes[off[k] : off[k + 1]]
        assert sorted(got.tolist()) == want.tolist()
        order = np.argsort(got)
        assert np.array_equal(dist[off[k] : off[k + 1]][order], best[np.sort(got)])


def test_batch_equals_one_search_per_unit():
    arrays = map_arrays(sample_map())
    costs, change = _costs(arrays, 1)
    rng = np.random.default_rng(2)
    starts = rng.choice(arrays.n, 25, replace=False)
    modes = rng.integers(0, 2, 25)
    limits = np.full(25, 480.0)
    _check(arrays, costs, change, starts, modes, limits, radius=480 // 60)


def test_overrides_are_the_units_own():
    """A unit's override (its own start hex's steps made dearer) changes its reach and no other's."""
    arrays = map_arrays(sample_map())
    costs, change = _costs(arrays, 3)
    starts = np.array([arrays.index["1010"], arrays.index["1010"]])
    overrides = [(0, 0, int(starts[0]), d, 400.0) for d in range(6)]
    modes, limits = np.array([0, 0]), np.array([360.0, 360.0])
    _check(arrays, costs, change, starts, modes, limits, 6, overrides)
    hexes, _, _, off = mode_reach_batch(arrays, costs, change, starts, modes, limits, 6, overrides)
    assert off[1] - off[0] < off[2] - off[1]


def test_units_near_a_seam_are_searched_exactly():
    arrays = map_arrays(sample_two_sheet_map())
    costs, change = _costs(arrays, 4)
    starts = np.arange(0, arrays.n, max(1, arrays.n // 12))[:12]
    starts = starts[arrays.location_kind[starts] == 0]
    k = len(starts)
    _check(arrays, costs, change, starts, np.zeros(k, dtype=np.int64), np.full(k, 360.0), 6)


def test_a_windows_centre_cell_is_its_own_hex():
    """Every batched search starts from ``window_centre``: the cell at offset (0, 0)."""
    arrays = map_arrays(sample_map())
    for radius in range(6):
        offsets = arrays.window_offsets(radius)
        assert offsets[arrays.window_centre(radius)].tolist() == [0, 0]
        assert len(offsets) == 3 * radius * (radius + 1) + 1
