"""The core's turned-round step costs (``search.reversed_costs``), which reverse searches (supply
traced from the sources) rely on: the index is built once per neighbour table and must give the
right costs for every cost array searched over that table."""

import numpy as np

from railhead.engine.search import INF, reversed_costs


def _line() -> np.ndarray:
    # 0 - 1 - 2 in a row, slot 0 = left, slot 1 = right, slot 2 = none
    return np.array([[-1, 1, -1], [0, 2, -1], [1, -1, -1]])


def test_entry_is_the_cost_of_the_step_from_the_neighbour_into_the_hex():
    nbr = _line()
    cost = np.array([[INF, 10.0, INF], [20.0, 30.0, INF], [40.0, INF, INF]])
    back = reversed_costs(nbr, cost)
    assert back[1, 0] == 10.0  # 0 → 1
    assert back[0, 1] == 20.0  # 1 → 0
    assert back[2, 0] == 30.0  # 1 → 2
    assert back[1, 1] == 40.0  # 2 → 1
    assert np.isinf(back[:, 2]).all() and np.isinf(back[0, 0]) and np.isinf(back[2, 1])


def test_the_same_table_with_other_costs_gives_their_own_reversal():
    nbr = _line()
    first = reversed_costs(nbr, np.full((3, 3), 5.0))
    other = np.array([[INF, 1.0, INF], [2.0, 3.0, INF], [4.0, INF, INF]])
    again = reversed_costs(nbr, other)
    assert first[1, 0] == 5.0 and again[1, 0] == 1.0 and again[1, 1] == 4.0
