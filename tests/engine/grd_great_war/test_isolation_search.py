"""[3G] isolation: a unit is isolated unless an overland line of any length reaches a source.
``reaches_a_source`` turns the steps round either through the back-slot table (every step has
its way back) or edge by edge (a one-way neighbour); both must answer alike."""

import numpy as np

from railhead.engine.rulesets.grd_great_war.supply import reaches_a_source
from railhead.engine.search import INF


def _row() -> np.ndarray:
    # 0 - 1 - 2 - 3 in a row: slot 0 left, slot 1 right
    return np.array([[-1, 1], [0, 2], [1, 3], [2, -1]])


def test_a_line_of_any_length_reaches_the_source_but_not_across_a_closed_step():
    """[3G]: hexes 0-2 reach the source at 0 step by step; the step 3 → 2 is closed."""
    cost = np.array([[INF, 1.0], [1.0, 1.0], [1.0, 1.0], [INF, INF]])
    assert reaches_a_source(_row(), cost, np.array([0])).tolist() == [True, True, True, False]


def test_a_one_way_neighbour_is_followed_in_its_own_direction_only():
    """[3G]: 3 steps into 0 (a one-way link, no way back): 3 reaches the source at 0; with the
    source at 3, nothing else does."""
    nbr = np.array([[-1, 1, -1], [0, 2, -1], [1, -1, -1], [-1, -1, 0]])
    cost = np.where(nbr >= 0, 1.0, INF)
    assert reaches_a_source(nbr, cost, np.array([0])).tolist() == [True, True, True, True]
    assert reaches_a_source(nbr, cost, np.array([3])).tolist() == [False, False, False, True]
