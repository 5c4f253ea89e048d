"""engine/merged_reach.py: two searches of one unit merged; each location's path follows the search
that gave its cost, never a mix of the two trees."""

import numpy as np

from railhead.engine.merged_reach import MergedReach
from railhead.engine.movement import Reach

INF = np.inf


def test_each_path_follows_its_own_search():
    # first search: 0 -> 1 -> 2 (2 MP); second (another rule): 0 -> 2 (1.5 MP) -> 3
    first = Reach(np.array([0.0, 1.0, 2.0, INF]), np.array([-9999, 0, 1, -9999]), 0)
    second = Reach(np.array([0.0, 5.0, 1.5, 2.5]), np.array([-9999, 0, 0, 2]), 0)
    r = MergedReach(first, second)
    assert r.dist.tolist() == [0.0, 1.0, 1.5, 2.5]
    assert r.path(1) == [0, 1]
    assert r.path(2) == [0, 2]
    assert r.path(3) == [0, 2, 3]
    assert r.hexes().tolist() == [0, 1, 2, 3]


def test_ties_keep_the_first_search():
    first = Reach(np.array([0.0, 1.0]), np.array([-9999, 0]), 0)
    second = Reach(np.array([0.0, 1.0]), np.array([-9999, 0]), 0)
    r = MergedReach(first, second)
    assert not r.use_second.any() and r.path(1) == [0, 1]
