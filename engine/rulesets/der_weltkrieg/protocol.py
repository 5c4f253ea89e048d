"""What the Der Weltkrieg rule modules ask of the ruleset's hooks about a position.

The hooks (``hooks.py``) import the rule modules of this folder, never the other way round: a rule
module that needs an answer only the hooks give (terrain per hexside, enemy ZOC, movement costs) is
handed the ruleset object and types it as :class:`DwHooks`.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from ...board import Board
from ...search import EdgeCosts
from ...state import GameState, Unit


class DwHooks(Protocol):
    """The Der Weltkrieg ruleset's answers about a position that the rule modules use."""

    def option(self, state: GameState, name: str) -> Any: ...

    def is_gcu(self, unit: Unit) -> bool: ...

    def is_infantry_type(self, unit: Unit) -> bool: ...

    def terrain_arrays(self, board: Board) -> dict[str, np.ndarray]: ...

    def enemy_zoc(self, board: Board, side: str) -> np.ndarray: ...

    def dest(self, board: Board, arr: np.ndarray) -> np.ndarray: ...

    def terrain_costs(self, board: Board, unit: Unit) -> EdgeCosts: ...

    def ground_costs(
        self, board: Board, unit: Unit, mode: str = "ground", after_rail: bool = False
    ) -> EdgeCosts: ...

    def minimum_move_mask(self, board: Board, unit: Unit) -> np.ndarray: ...
