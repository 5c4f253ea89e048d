"""The per-unit values of a whole position (:class:`railhead.engine.board.UnitColumns`), which the
boards of windows cut from it read instead of asking each unit again: a window's board answers
its units' sides, strengths and unit flags as a board built on its units alone does, also after a
level of moves changed some units (columns made from the ones before, only those rows asked again)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from builders import hex_map

from railhead.engine.board import Board, UnitColumns, map_arrays
from railhead.engine.state import GameState, Unit
from railhead.engine.window import WindowArrays, board_of


def _units(m, rng, n: int = 40) -> tuple[Unit, ...]:
    ids = list(m.hexes)
    spots = rng.choice(len(ids), n, replace=False)
    return tuple(
        Unit(
            f"U{k}",
            str(rng.choice(["north", "south"])),
            "x",
            str(rng.choice(["foot", "horse"])),
            ids[h],
            strength=int(rng.integers(0, 5)),
            movement=3,
        )  # fmt: skip
        for k, h in enumerate(spots)
    )


def _answers(board: Board) -> tuple:
    horse = board.unit_flags(("test-horse",), lambda u: u.cls == "horse")
    strong = board.unit_flags(("test-strong", 2), lambda u: u.strength >= 2)
    return board.unit_side.tolist(), board.unit_strength.tolist(), horse.tolist(), strong.tolist()


def test_a_window_board_reads_its_units_values_from_the_whole_positions_columns():
    rng = np.random.default_rng(3)
    m = hex_map((1, 20), (1, 16))
    arrays = map_arrays(m)
    state = GameState("toy", _units(m, rng), names=None)
    loc = np.array([arrays.index[u.hex] for u in state.units])
    columns = UnitColumns(state.units)
    for _ in range(5):
        # a level: some units change side, strength, class or place; the next columns are made
        # from these with only their rows asked again
        changed = sorted(rng.choice(len(state.units), 8, replace=False).tolist())
        units = list(state.units)
        for k in changed:
            u = units[k]
            units[k] = replace(
                u,
                side="south" if u.side == "north" else "north",
                strength=4 - u.strength,
                cls="horse" if u.cls == "foot" else "foot",
                hex=str(rng.choice(list(m.hexes))),
            )
        before = state
        state = replace(state, units=tuple(units))
        loc = np.array([arrays.index[u.hex] for u in state.units])
        _answers(Board.on(arrays, before, columns=columns, rows=np.arange(len(before.units))))
        columns = UnitColumns(state.units, columns, changed)
        keep = np.sort(rng.choice(arrays.n, arrays.n // 2, replace=False))
        sub = WindowArrays(arrays, keep)
        read = board_of(sub, state, loc, columns=columns)
        alone = board_of(sub, state, loc)
        assert read._columns is columns and alone._columns is None
        assert read.state.units == alone.state.units
        assert _answers(read) == _answers(alone)
    # columns of another tuple of units are not read
    other = replace(state, units=state.units[::-1])
    whole = WindowArrays(arrays, np.arange(arrays.n))
    assert board_of(whole, other, loc[::-1], columns=columns)._columns is None
