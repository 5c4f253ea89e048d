"""What a GR/D position may not hold: supply depots off every rail net [11C1], capacity actions the
rules forbid [7A5] (a transfer of more than 3 REs, a build without two connected yards...)."""

from __future__ import annotations

from ....errors import InputError


def position_problems(rs, board) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    nets = rs.nets(board)
    for h, hs in board.state.hexes.items():
        if hs.fields.get("depot") is not None and nets.hex_net[board.idx(h)] is None:
            out.append(
                (
                    f"$.hexes.{h}.depot",
                    f"a supply depot stands in a rail hex of a rail net (11C1); {h} is on no rail net",
                )
            )
    if out:
        return out
    from .actions import apply_actions

    try:
        apply_actions(rs, board)
    except InputError as exc:
        out.append((exc.where or "$.rail_actions", exc.message))
    return out
