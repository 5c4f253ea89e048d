"""A staged trace whose stages begin only at given locations (a supply line's road element begins at
a depot, its overland element at an HQ or a source), on a path graph 0-1-2-3-4-5."""

from __future__ import annotations

import numpy as np

from railhead.engine.layered import Stage, staged_trace

INF = np.inf


def _line(n: int) -> np.ndarray:
    nbr = np.full((n, 2), -1)
    for i in range(n):
        if i > 0:
            nbr[i, 0] = i - 1
        if i < n - 1:
            nbr[i, 1] = i + 1
    return nbr


def test_a_stage_begins_only_where_it_is_allowed():
    nbr = _line(6)
    ones = np.where(nbr >= 0, 1.0, INF)
    first = Stage("rail", ones, limit=2)  # from 0 reaches 0, 1, 2
    anywhere = staged_trace(nbr, [first, Stage("road", ones, limit=1)], [0])
    assert np.isfinite(anywhere.dist[-1][3])  # road begins at 2, reaches 3
    gate = np.zeros(6, dtype=bool)
    gate[1] = True  # the road element may begin only at location 1
    gated = staged_trace(nbr, [first, Stage("road", ones, limit=1, begins_at=gate)], [0])
    assert list(np.isfinite(gated.dist[-1])) == [True, True, True, False, False, False]
    assert gated.dist[-1][2] == 1.0  # reached from 1, not from 2 at no cost


def test_no_gate_location_reached_means_nothing_beyond():
    nbr = _line(6)
    ones = np.where(nbr >= 0, 1.0, INF)
    gate = np.zeros(6, dtype=bool)
    gate[5] = True
    t = staged_trace(nbr, [Stage("rail", ones, limit=1), Stage("road", ones, begins_at=gate)], [0])
    assert not t.reached().any()
