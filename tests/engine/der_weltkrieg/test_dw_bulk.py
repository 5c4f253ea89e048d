"""The bulk forms (every unit's reach, thousands of moves) agree with the one-unit forms."""

from __future__ import annotations

import numpy as np
from builders import hex_map, position, side, unit

from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.bulk import reach_all, validate_moves

DW = get_ruleset("der-weltkrieg")


def busy_board(seed: int):
    rng = np.random.default_rng(seed)
    base = hex_map((1, 14), (1, 12))
    terrains = ["clear", "woods", "rough", "mountain", "swamp", "ocean", "wooded_rough"]
    sides = [
        side(a, b, str(rng.choice(terrains)), *(["river"] if rng.random() < 0.1 else []))
        for a in base.hexes
        for b in base.neighbours(a)
        if a < b
    ]
    m = hex_map((1, 14), (1, 12), hexsides=sides)
    ids = list(m.hexes)
    picks = rng.choice(len(ids), 30, replace=False)
    units = []
    for k, p in enumerate(picks):
        if k < 20:
            units.append(
                unit(
                    f"G{k}",
                    ids[p],
                    str(rng.choice(["infantry", "cavalry", "mountain", "artillery", "assault"])),
                    movement=int(rng.integers(2, 7)),
                )
            )
        else:
            units.append(unit(f"F{k}", ids[p], side_="entente", nation="france"))
    return position(m, units), rng


def test_reach_all_matches_reach_of_each_unit():
    for seed in range(6):
        board, _ = busy_board(seed)
        mine = [u for u in board.state.units if u.side == "central"]
        bulk = reach_all(DW, board, mine)
        for u in mine:
            r, _ = DW.reach(board, u)
            one = {int(i): float(r.cost(int(i))) for i in r.hexes()}
            assert bulk[u.id] == one, (seed, u.id)


def test_validate_moves_matches_judge_move():
    for seed in range(4):
        board, rng = busy_board(seed)
        mine = [u for u in board.state.units if u.side == "central"]
        moves = []
        for k in range(300):
            u = mine[k % len(mine)]
            path = [u.hex]
            for _ in range(int(rng.integers(1, 5))):
                path.append(str(rng.choice(board.map.neighbours(path[-1]))))
            if rng.random() < 0.05:
                path.append("0101" if path[-1] != "0101" else "0102")  # maybe a gap
            moves.append((u.id, path))
        bulk = validate_moves(DW, board, moves)
        for (uid, path), b in zip(moves, bulk, strict=True):
            v = DW.judge_move(board, [uid], path)
            assert b["legal"] == v.legal, (uid, path, b, v.reasons)
            if v.legal:
                assert b["mp"] == float(v.mp)
            else:
                assert b["rule"] == v.reasons[0].rule
