"""engine/layered.py: a stage whose length limit grows with what its path passes
(``limits_by_count``), with a count that stops at its maximum (``saturate``) rather than closing
the step: a supply element made longer by the transport units it is traced through."""

from __future__ import annotations

import numpy as np

from railhead.engine.layered import Stage, staged_trace


def _line(n: int) -> np.ndarray:
    """A line of ``n`` locations: slot 0 the next, slot 1 the previous (-1 at the ends)."""
    nbr = np.full((n, 2), -1, dtype=np.int64)
    nbr[:-1, 0] = np.arange(1, n)
    nbr[1:, 1] = np.arange(0, n - 1)
    return nbr


def _stage(things: list[int], n: int = 8, max_count: int = 2) -> Stage:
    nbr = _line(n)
    here = np.zeros(n, dtype=np.int64)
    for t in things:
        here[t] += 1
    counts = np.where(nbr >= 0, here[np.maximum(nbr, 0)], 0)
    cost = np.where(nbr >= 0, 1.0, np.inf)
    return Stage("overland", cost, 4.0, counts, max_count, saturate=True, limits_by_count=(2.0, 3.0, 4.0))


def test_nothing_passed_keeps_the_base_limit():
    tr = staged_trace(_line(8), [_stage([])], [0])
    assert np.flatnonzero(tr.reached()).tolist() == [0, 1, 2]


def test_one_thing_passed_adds_one_and_more_add_up_to_the_most():
    tr = staged_trace(_line(8), [_stage([1])], [0])
    assert np.flatnonzero(tr.reached()).tolist() == [0, 1, 2, 3]
    tr = staged_trace(_line(8), [_stage([1, 1, 1])], [0])  # saturates at 2: limit 4, not beyond
    assert np.flatnonzero(tr.reached()).tolist() == [0, 1, 2, 3, 4]


def test_a_thing_beyond_the_base_limit_still_counts_once_entered():
    tr = staged_trace(_line(8), [_stage([3])], [0])
    assert tr.reached()[3] and not tr.reached()[4]


def test_without_saturation_a_count_over_the_maximum_closes_the_step():
    st = _stage([1, 1, 1])
    closed = Stage("overland", st.cost, 4.0, st.counts, 2)
    assert np.flatnonzero(staged_trace(_line(8), [closed], [0]).reached()).tolist() == [0]
