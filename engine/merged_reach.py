"""A reach merged from two searches of the same unit (a rule that allows a longer move only along
some hexes, say): each location keeps the cheaper of its two costs, and its path follows the search
that found that cost all the way, so a path never mixes the trees of the two searches."""

from __future__ import annotations

import numpy as np

from .movement import Reach
from .search import path_to


class MergedReach(Reach):
    """``dist`` and ``pred`` of the first search where it is at least as cheap, else the second's."""

    def __init__(self, first: Reach, second: Reach):
        use_second = second.dist < first.dist
        super().__init__(np.where(use_second, second.dist, first.dist), first.pred, first.start)
        self.second_pred = second.pred
        self.use_second = use_second

    def path(self, target: int) -> list[int]:
        return path_to(self.second_pred if self.use_second[target] else self.pred, target)
