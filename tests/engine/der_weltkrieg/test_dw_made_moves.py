"""Der Weltkrieg's moves made many at once (``Ruleset.made_moves``, ``der_weltkrieg/bulk.py``):
every unit it gives is the unit judging the move alone and applying it gives, and every move it
cannot decide so (a path entering another side's unit, a Construction Marker left behind, the
minimum move, a unit that may not move, a River Flotilla, a subclass judging moves otherwise) it
leaves to be judged one at a time; a log judged with it gives the verdicts of judging alone."""

from __future__ import annotations

import numpy as np
from builders import hex_map, position, side, unit

from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.hooks import DerWeltkrieg
from railhead.engine.sequence import MoveSequence, removed

DW = get_ruleset("der-weltkrieg")
FRENCH = {"side_": "entente", "nation": "france"}
TERRAINS = ["clear", "clear", "woods", "rough", "mountain", "swamp", "wooded_rough"]


def rough_board(seed: int, n_units: int = 40, markers: bool = True):
    """A 16 x 14 map of mixed hexsides and rivers, units of both sides (some of no strength,
    supply markers, HQs, rail-bound units), Construction Markers under some of them."""
    rng = np.random.default_rng(seed)
    base = hex_map((1, 16), (1, 14))
    sides = [
        side(a, b, str(rng.choice(TERRAINS)), *(["river"] if rng.random() < 0.1 else []))
        for a in base.hexes
        for b in base.neighbours(a)
        if a < b
    ]
    m = hex_map((1, 16), (1, 14), hexsides=sides)
    ids = list(m.hexes)
    picks = rng.choice(len(ids), n_units, replace=False)
    units = []
    for k, p in enumerate(picks):
        cls = str(rng.choice(["infantry", "cavalry", "mountain", "artillery", "hq", "supply_marker"]))
        kw = FRENCH if k % 3 == 0 else {}
        strength = 0 if rng.random() < 0.15 else 4
        movement: int | str = "RR" if rng.random() < 0.05 else int(rng.integers(1, 7))
        units.append(unit(f"U{k}", ids[p], cls, strength=strength, movement=movement, **kw))
    hexes = {ids[p]: {"markers": ["construction"]} for p in picks[::4]} if markers else {}
    return m, position(m, units, hexes=hexes), rng


def alone(board, u, dest, r):
    """Judging the move alone along the reach's path, and the unit as applying it leaves it."""
    i = board.arrays.index[dest]
    path = [board.arrays.ids[k] for k in r.path(i)] if np.isfinite(r.dist[i]) else [u.hex, dest]
    v = DW.judge_move(board, [u.id], path, "ground")
    if not v.legal:
        return v, None, None
    after = DW.apply(board, v, [u.id], path, "ground", record_mp=False)
    return v, after, after.units[board.state.place_of(u.id)]


def moves_on(board, rng, count: int):
    movers = [u for u in board.state.units]
    out = []
    for _ in range(count):
        u = movers[int(rng.integers(len(movers)))]
        dest = u.hex
        for _ in range(int(rng.integers(0, 4))):
            dest = str(rng.choice(board.map.neighbours(dest)))
        out.append((u, dest))
    return out


def test_each_move_made_at_once_is_the_move_judged_alone():
    made = fallbacks = 0
    for seed in range(8):
        m, board, rng = rough_board(seed)
        moves = moves_on(board, rng, 200)
        units = [u for u, _ in moves]
        reaches = DW.reach_many(board, units, "ground")
        got = DW.made_moves(board, units, [d for _, d in moves], reaches, "ground")
        for (u, dest), (r, _), g in zip(moves, reaches, got, strict=True):
            v, after, moved = alone(board, u, dest, r)
            if g is None:
                fallbacks += 1
                continue
            made += 1
            assert v.legal and not v.reasons and not v.effects, (seed, u.id, dest)
            assert g == moved and g.hex == dest and dict(g.attrs) == dict(moved.attrs)
            # the move changes nothing but its unit
            k = board.state.place_of(u.id)
            assert (
                after.units[:k] + after.units[k + 1 :] == board.state.units[:k] + board.state.units[k + 1 :]
            )
            assert after.hexes == board.state.hexes and after.ledgers == board.state.ledgers
    assert made > 300 and fallbacks > 300


def _one(board, uid: str, dest: str):
    u = board.state.unit(uid)
    r = DW.reach(board, u, "ground")
    return DW.made_moves(board, [u], [dest], [r], "ground")[0], alone(board, u, dest, r[0])


def test_a_path_entering_another_sides_unit_is_judged_alone():
    """R6-11, R18-11: entering a hex with an enemy unit of no strength or a Supply Point marker
    removes it: a change beyond the moving unit, left to the move judged alone."""
    m = hex_map((1, 10), (1, 10))
    for cls, strength in (("infantry", 0), ("supply_marker", 0)):
        board = position(
            m, [unit("G", "0505", movement=4), unit("E", "0506", cls, strength=strength, **FRENCH)]
        )
        got, (v, after, _) = _one(board, "G", "0507")
        assert v.legal and v.changes.removed == ("E",)
        assert got is None
    # a friendly unit on the way removes nothing: made at once
    board = position(m, [unit("G", "0505", movement=4), unit("H", "0506", strength=0)])
    got, (v, _, moved) = _one(board, "G", "0507")
    assert v.legal and got == moved


def test_a_construction_marker_left_behind_is_judged_alone():
    """R22-4: the last unit able to build leaving a Construction Marker's hex takes it away."""
    m = hex_map((1, 10), (1, 10))
    board = position(m, [unit("G", "0505")], hexes={"0505": {"markers": ["construction"]}})
    got, (v, after, _) = _one(board, "G", "0506")
    assert v.legal and after.hexes["0505"].markers == frozenset()
    assert got is None


def test_the_minimum_move_is_judged_alone():
    """R6-9: a unit of 1 MP crossing a mountain hexside makes its minimum move, legal beyond its
    allowance, with the rule cited: left to the move judged alone."""
    m = hex_map((1, 10), (1, 10), hexsides=[side("0505", "0506", "mountain")])
    board = position(m, [unit("G", "0505", movement=1)])
    got, (v, _, _) = _one(board, "G", "0506")
    assert v.legal and v.reasons[0].rule == "R6-9"
    assert got is None


def test_a_unit_that_may_not_move_is_never_made():
    """R6-12: a rail-bound unit has no ground move, not even to where it stands; R21-1 a fortress."""
    m = hex_map((1, 10), (1, 10))
    board = position(m, [unit("R", "0505", movement="RR"), unit("F", "0707", cls="fortress")])
    for uid in ("R", "F"):
        u = board.state.unit(uid)
        got, (v, _, _) = _one(board, uid, u.hex)
        assert not v.legal and got is None


def test_a_river_flotilla_is_judged_alone():
    """R36-1 to R36-4: a River Flotilla moves by its own rules."""
    m = hex_map(
        (8, 14), (8, 14), hexsides=[side(f"{c:02d}10", f"{c:02d}11", None, "danube") for c in range(8, 15)]
    )
    board = position(m, [unit("F", "0810", cls="river_flotilla", nation="austria-hungary", strength=2)])
    got, (v, _, _) = _one(board, "F", "1010")
    assert got is None


def test_a_subclass_judging_moves_otherwise_makes_none_at_once():
    class Stricter(DerWeltkrieg):
        def judge_move(self, board, unit_ids, path, mode="ground", detrain=None):
            return super().judge_move(board, unit_ids, path, mode, detrain)

    m = hex_map((1, 10), (1, 10))
    board = position(m, [unit("G", "0505")])
    u = board.state.unit("G")
    r = DW.reach(board, u, "ground")
    assert DW.made_moves(board, [u], ["0506"], [r], "ground")[0] is not None
    assert Stricter().made_moves(board, [u], ["0506"], [r], "ground") == [None]


def test_other_rulesets_make_no_move_at_once():
    """The core's default: every move judged one at a time (the generic path)."""
    rs = get_ruleset("gmt-great-war")
    assert rs.made_moves(None, [1, 2], ["a", "b"], [None, None], "ground") == [None, None]


class Counting:
    """Der Weltkrieg, counting the moves it makes at once and those it leaves."""

    def __init__(self):
        self.made: list[bool] = []

    def __getattr__(self, name):
        return getattr(DW, name)

    def made_moves(self, board, units, dests, reaches, mode):
        out = DW.made_moves(board, units, dests, reaches, mode)
        self.made += [x is not None for x in out]
        return out


def test_a_log_judged_with_moves_made_at_once_equals_judging_alone():
    """Random logs over rough ground with both sides, units of no strength, supply markers and
    Construction Markers: judged in levels (most moves made at once) they give every verdict and
    the final position of judging each move alone, in log order."""
    made = left = 0
    for seed in range(4):
        m, board, rng = rough_board(seed, n_units=60)
        state = board.state
        rs = Counting()
        levels, one = MoveSequence(rs, m, state), MoveSequence(DW, m, state)
        got, want = {}, {}
        for k in range(150):
            uid = state.units[int(rng.integers(len(state.units)))].id
            if not levels.on_map(uid):
                continue
            dest = levels.position(uid)
            for _ in range(int(rng.integers(1, 4))):
                dest = str(rng.choice(m.neighbours(dest)))
            got.update(levels.submit(k, levels.unit(uid), dest))
            want[k] = one.move(one.unit(uid), dest) if one.on_map(uid) else removed(uid)
        got.update(levels.flush())
        assert got == want, seed
        assert levels.state.to_dict() == one.state.to_dict()
        assert any(v is None for v in want.values()) and any(v is not None for v in want.values())
        made += sum(rs.made)
        left += len(rs.made) - sum(rs.made)
    assert made > 100 and left > 20


def test_reaches_searched_together_are_each_units_reach_alone():
    """``reach_many`` searches the units sharing step costs and MP left in one call, and finds the
    minimum move's hexsides (R6-9, "only-move": one hexside from the start of a unit that has not
    moved) for all of them at once: each unit's distances and paths are those of its own search
    and the minimum move judged for it alone (as with "last-step")."""
    from railhead.engine.movement import reach
    from railhead.engine.search import units as internal

    beyond = 0
    for seed in range(6):
        _, board, rng = rough_board(seed, n_units=60, markers=seed % 2 == 0)
        movers = list(board.state.units)
        for u, (r, problems) in zip(movers, DW.reach_many(board, movers, "ground"), strict=True):
            problem = DW.move_problem(board.state, u, "ground")
            assert problems == ([problem] if problem else [])
            if problem or DW.klass(u).get("moves") == "danube":
                continue
            costs = DW.ground_costs(board, u, "ground")
            left = max(internal(DW.movement_allowance(u, "ground") - DW.spent_before(u)), 0)
            want = reach(board, costs, board.idx(u.hex), left)
            DW._minimum_move(board, u, costs, want, left)
            assert np.array_equal(r.dist, want.dist) and np.array_equal(r.pred, want.pred), (seed, u.id)
            beyond += int((r.dist[np.isfinite(r.dist)] > left).sum())
    assert beyond > 0  # minimum moves were found
