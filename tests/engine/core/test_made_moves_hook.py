"""``Ruleset.made_moves``, the core hook by which a ruleset makes a log's legal moves many at once
(:mod:`railhead.engine.sequence`), used by a ruleset written on the author's API alone (the core's
toy ruleset): the replay puts the units it answers in the position, and a hook that answers what
judging each move alone would leave gives the verdicts and position of judging in log order."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from builders import hex_map
from toy_ruleset import Toy

from railhead.engine.api import MoveSequence
from railhead.engine.state import parse_state


class Windowed(Toy):
    """The toy ruleset with a bound on its reach (each ground step costs 1 MP or more), so a log's
    moves are judged on windows: where the core asks ``made_moves``."""

    def reach_radius(self, board, unit, mode: str) -> int | None:
        return int(unit.movement) if mode == "ground" else None


class MakesMoves(Windowed):
    """Makes each legal move as ``judge_move`` along the reach's path and ``apply`` (spent MP left
    as it was) would; ``mark`` writes on each unit it makes, to see whose unit the position holds."""

    def __init__(self, mark: str | None = None):
        super().__init__()
        self.mark, self.made = mark, 0

    def made_moves(self, board, units, dests, reaches, mode):
        out = []
        for u, dest, (r, problems) in zip(units, dests, reaches, strict=True):
            i = board.arrays.index.get(dest)
            if problems or i is None or not np.isfinite(r.dist[i]) or i == r.start:
                out.append(None)
                continue
            path = [board.arrays.ids[j] for j in r.path(i)]
            verdict = self.judge_move(board, [u.id], path, mode)
            if not verdict.legal or verdict.rolls:
                out.append(None)
                continue
            moved = self.apply(board, verdict, [u.id], path, mode, record_mp=False).unit(u.id)
            if self.mark is not None:
                moved = replace(moved, attrs={**moved.attrs, "formation": self.mark})
            out.append(moved)
            self.made += 1
        return out


def spread(seed: int):
    """Units far apart on a 40 x 30 map, each moved a few steps at a time."""
    rng = np.random.default_rng(seed)
    m = hex_map((1, 40), (1, 30))
    ids = list(m.hexes)
    spots = rng.choice(len(ids), 20, replace=False)
    units = [
        {"id": f"R{k}", "side": "red", "class": "inf", "location": ids[h], "movement": 3, "attrs": {}}
        for k, h in enumerate(spots)
    ]
    where, moves = {u["id"]: u["location"] for u in units}, []
    for _ in range(30):
        uid = units[int(rng.integers(len(units)))]["id"]
        dest = str(rng.choice(m.neighbours(where[uid])))
        if dest not in where.values():
            moves.append((uid, dest))
            where[uid] = dest
    doc = {"format": "railhead.state/1", "ruleset": "toy", "turn": 1, "phase": "movement",
           "active_side": "red", "units": units}  # fmt: skip
    return m, parse_state(doc, m, declarations=Toy().declarations), moves


def replay(rs, m, state, moves):
    seq = MoveSequence(rs, m, state)
    got = {}
    for k, (uid, dest) in enumerate(moves):
        got.update(seq.submit(k, seq.unit(uid), dest))
    got.update(seq.flush())
    return seq, got


def test_a_toy_ruleset_making_moves_at_once_equals_judging_them_alone():
    m, state, moves = spread(5)
    rs = MakesMoves()
    levels, got = replay(rs, m, state, moves)
    alone = MoveSequence(Windowed(), m, state)
    want = {k: alone.move(alone.unit(uid), dest) for k, (uid, dest) in enumerate(moves)}
    assert rs.made > 0
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()


def test_the_position_holds_the_units_the_hook_answers():
    m, state, moves = spread(5)
    rs = MakesMoves(mark="made at once")
    levels, _ = replay(rs, m, state, moves)
    marked = [u for u in levels.state.units if u.attrs.get("formation") == "made at once"]
    assert rs.made > 0 and marked
