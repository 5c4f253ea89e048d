"""The sequence of play (4.2, 5.85, 5.86, 8.11, 9.0): who moves where in the phase the position
names. In the 1st Mutual Movement Phase the player with the initiative in a theatre moves there
while his opponent moves in the other theatre; in the 2nd the theatres are swapped. Strategic and
sea movement happen only in the Strategic Movement Phase, the Allies first, then the CP (the
position's ``active_side``). The Western theatre is the Western, Italian and Egyptian maps, the
Eastern the Eastern, Caucasus and Iraqi maps (5.86: the fronts' ``theatre`` in ``data.toml``).

Who moves in which phase and mode is declared in ``data.toml`` (``[phases]``) and judged by the
core (:mod:`railhead.engine.phases`); the theatres are this game's own. A position that names no
phase is judged in the phase each move belongs to, with no theatre gate."""

from __future__ import annotations

from ....errors import InputError
from ...verdict import Reason
from .position import Position
from .prohibitions import august_turn


def western_initiative(board, data) -> str:
    """The side with the initiative in the Western theatre (5.83): the position's, else the CP in
    game turns one and two (19.51)."""
    state = board.state
    side = state.extra.get("western_initiative")
    if side is not None:
        return side
    if august_turn(board, data) is not None:
        return data["sequence"]["august_western_initiative"]["value"]
    raise InputError(
        "the position names a Mutual Movement Phase but not which side holds the initiative in the "
        "Western theatre (5.83)",
        where="$.western_initiative",
    )


def theatre_mover(board, data, theatre: str, phase: str) -> str:
    """The side that moves in ``theatre`` in the Mutual Movement Phase ``phase`` (4.2, 5.85)."""
    west = western_initiative(board, data)
    east = "allied" if west == "cp" else "cp"
    holder = west if theatre == "western" else east
    first = phase == data["sequence"]["first_mutual_movement"]["value"]
    return holder if first else ("allied" if holder == "cp" else "cp")


def phase_problem(rs, board, unit, mode: str) -> Reason | None:
    """Why ``unit`` may not move in ``mode`` in the position's phase, or None: the declared
    sequence of play (``[phases]``: who moves, in which modes, 9.56), then, in a Mutual Movement
    Phase the position names, the theatre its initiative gives each side (4.21, 5.85)."""
    state = board.state
    gate = rs.phase_problem(state, unit, mode)
    if gate is not None or not state.phase_named or mode != "ground":
        return gate
    data = rs.data
    seq = data["sequence"]
    if state.phase not in (seq["first_mutual_movement"]["value"], seq["second_mutual_movement"]["value"]):
        return None
    front = Position.of(board, data).front_of(unit.hex)
    if front is None:
        return None
    mover = theatre_mover(board, data, front.theatre, state.phase)
    if unit.side != mover:
        return Reason(
            "4.21",
            f"in the {state.phase.replace('_', ' ')} phase the {mover} player moves in the "
            f"{front.theatre} theatre ({unit.hex} is on the {front.id} front)",
        )
    return None
