"""A window of the map answers questions about one unit as the whole board does (Der Weltkrieg,
random positions on a map much larger than any unit's reach), and merging a window's next position
back gives the whole board's next position."""

from __future__ import annotations

import collections

import numpy as np
from builders import hex_map, position, side, unit
from hypothesis import given, settings
from hypothesis import strategies as st

from railhead.engine.ruleset import get_ruleset
from railhead.engine.window import (
    WindowArrays,
    board_of,
    bounded_window,
    bounded_windows,
    locations_within,
    merge_window,
    window_board,
)

DW = get_ruleset("der-weltkrieg")
TERRAIN = ["clear", "clear", "woods", "swamp", "rough", "broken", "hilly", "mountain"]
CLASSES = ["infantry", "cavalry", "mountain", "artillery", "assault", "hq", "engineer"]


def random_board(seed: int):
    rng = np.random.default_rng(seed)
    base = hex_map((1, 24), (1, 20))
    sides = []
    for a in base.hexes:
        for b in base.neighbours(a):
            if a < b and rng.random() < 0.6:
                feats = [f for f, p in (("river", 0.1), ("major_river", 0.03)) if rng.random() < p]
                sides.append(side(a, b, str(rng.choice(TERRAIN)), *feats))
    m = hex_map((1, 24), (1, 20), hexsides=sides, attrs={"country": "germany"})
    ids = list(m.hexes)
    spots = rng.choice(len(ids), 40, replace=False)
    units = [
        unit(f"G{k}", ids[h], str(rng.choice(CLASSES)), movement=int(rng.integers(2, 7)))
        for k, h in enumerate(spots[:25])
    ]
    units += [
        unit(f"F{k}", ids[h], "infantry", side_="entente", nation="france", strength=int(rng.integers(0, 4)))
        for k, h in enumerate(spots[25:])
    ]
    markers = {ids[int(h)]: {"markers": ["trench"]} for h in rng.choice(len(ids), 6, replace=False)}
    return position(m, units, hexes=markers), rng


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_window_reach_and_moves_equal_the_whole_board(seed):
    board, rng = random_board(seed)
    a = board.arrays
    loc = board.unit_hex
    for u in board.state.units:
        if u.side != "central" or u.cls == "hq" and rng.random() < 0.5:
            continue
        radius = DW.reach_radius(board, u, "ground")
        win = window_board(a, board.state, loc, a.index[u.hex], radius + DW.influence_radius)
        assert win.n < board.n
        whole, _ = DW.reach(board, u, "ground")
        part, _ = DW.reach(win, u, "ground")
        got = {win.arrays.ids[i]: part.dist[i] for i in part.hexes()}
        want = {board.arrays.ids[i]: whole.dist[i] for i in whole.hexes()}
        assert got == want, u
        for h in list(want)[:6]:
            path = [board.arrays.ids[k] for k in whole.path(board.idx(h))]
            v_whole = DW.judge_move(board, [u.id], path, "ground")
            v_part = DW.judge_move(win, [u.id], path, "ground")
            assert (v_part.legal, v_part.mp, v_part.effects) == (v_whole.legal, v_whole.mp, v_whole.effects)
            if v_whole.legal and len(path) > 1:
                after = DW.apply(board, v_whole, [u.id], path, "ground")
                merged = merge_window(board.state, win.state, DW.apply(win, v_part, [u.id], path, "ground"))
                assert merged.to_dict() == after.to_dict()


def test_locations_within_is_a_hex_ring_count():
    board, _ = random_board(1)
    a = board.arrays
    centre = a.index["1210"]
    for r in range(4):
        assert len(locations_within(a, centre, r)) == 3 * r * r + 3 * r + 1


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_moves_judged_in_levels_equal_moves_judged_one_by_one(seed):
    """`check` queues a log's moves in levels of windows that do not touch and judges each level on
    one board (engine/sequence.py): verdicts and the position after them are those of judging every
    move alone, in log order, including a unit's second move queued before its first is judged."""
    from railhead.engine.sequence import MoveSequence

    rng = np.random.default_rng(seed)
    m = hex_map((1, 60), (1, 40))
    ids = list(m.hexes)
    spots = rng.choice(len(ids), 70, replace=False)
    units = [unit(f"G{k}", ids[h], str(rng.choice(CLASSES[:4])), movement=int(rng.integers(2, 6)))
             for k, h in enumerate(spots[:40])]  # fmt: skip
    units += [
        unit(f"F{k}", ids[h], "infantry", side_="entente", nation="france") for k, h in enumerate(spots[40:])
    ]
    state = position(m, units).state
    moves, where = [], {u["id"]: u["hex"] for u in units}
    for _ in range(60):
        uid = units[int(rng.integers(len(units)))]["id"]
        dest = where[uid]
        for _ in range(int(rng.integers(1, 8))):  # mostly within reach, some beyond
            dest = str(rng.choice(m.neighbours(dest)))
        if dest != where[uid] and dest not in where.values():
            moves.append((uid, dest))
            where[uid] = dest
    levels, alone = MoveSequence(DW, m, state), MoveSequence(DW, m, state)
    got, want, queued = {}, {}, 0
    last = {u.id: u.hex for u in state.units}  # where the log put each unit last
    for k, (uid, dest) in enumerate(moves):
        assert levels.position(uid) == last[uid]
        got.update(levels.submit(k, levels.unit(uid), dest))
        last[uid] = dest
        want[k] = alone.move(alone.unit(uid), dest)
    got.update(levels.flush())
    queued = max(collections.Counter(levels.levels_planned).values(), default=0)
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()
    assert queued >= 2  # moves were judged together


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_bounded_window_holds_every_hex_reached_and_is_found_alike_in_bulk(seed):
    """A unit's window under its bound (the map's terrain costs within its MP, the minimum move's
    step, the ZOC ring) holds everything the whole board lets it reach, is smaller than the disk
    of its radius, and the bulk search (a patch of grid per unit) finds what a search over the
    whole map finds."""
    board, rng = random_board(seed)
    a = board.arrays
    movers = [u for u in board.state.units if u.side == "central" and u.cls not in ("hq",)]
    bounds = [DW.reach_bound(board, u, "ground") for u in movers]
    centres = np.array([a.index[u.hex] for u in movers])
    bulk = bounded_windows(a, centres, bounds, DW.influence_radius)
    smaller = 0
    for u, b, c, keep in zip(movers, bounds, centres.tolist(), bulk, strict=True):
        assert keep.tolist() == bounded_window(a, c, b, DW.influence_radius).tolist(), u
        whole, _ = DW.reach(board, u, "ground")
        reached = set(whole.hexes().tolist())
        assert reached <= set(keep.tolist()), u
        ring = set(a.nbr[list(reached)].ravel().tolist()) - {-1}
        assert ring <= set(keep.tolist()), u  # what influences the hexes reached
        disk = locations_within(a, c, DW.reach_radius(board, u, "ground") + DW.influence_radius)
        smaller += len(keep) < len(disk)
        win = board_of(WindowArrays(a, keep), board.state, board.unit_hex)
        part, _ = DW.reach(win, u, "ground")
        got = {win.arrays.ids[i]: part.dist[i] for i in part.hexes()}
        assert got == {a.ids[i]: whole.dist[i] for i in reached}, u
    assert smaller > len(movers) // 2


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_moves_on_rough_ground_judged_in_levels_equal_moves_judged_one_by_one(seed):
    """On varied ground the windows are a unit's reach by the map's costs, much smaller than its
    radius: a later move that brings a ZOC next to an earlier move's path, or an earlier one that
    takes it away, is seen in log order, and a refused move is explained on its own window (a
    level's board of several windows holds paths a move alone does not have)."""
    from railhead.engine.sequence import MoveSequence

    board, rng = random_board(seed)
    m, state = board.map, board.state
    units = list(state.units)
    moves, where = [], {u.id: u.hex for u in units}
    for _ in range(80):
        u = units[int(rng.integers(len(units)))]
        dest = where[u.id]
        for _ in range(int(rng.integers(1, 5))):  # mostly within reach, some beyond
            dest = str(rng.choice(m.neighbours(dest)))
        if dest != where[u.id] and dest not in where.values():
            moves.append((u.id, dest))
            where[u.id] = dest
    levels, alone = MoveSequence(DW, m, state), MoveSequence(DW, m, state)
    got, want = {}, {}
    for k, (uid, dest) in enumerate(moves):
        if not alone.on_map(uid):  # an earlier move removed it (a 0-strength unit entered, R6-11)
            continue
        got.update(levels.submit(k, levels.unit(uid), dest))
        want[k] = alone.move(alone.unit(uid), dest)
    got.update(levels.flush())
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()
    assert max(collections.Counter(levels.levels_planned).values()) >= 2  # judged together


def test_a_windows_ids_and_back_slots_are_the_maps_read_through_it():
    """A window reads its location ids and back-slot table through the map's when asked (no list
    or table of its own built for every window): each is the map's, cut to the window."""
    from railhead.engine.search import back_of

    board, rng = random_board(4)
    a = board.arrays
    keep = np.sort(rng.choice(a.n, 90, replace=False))
    win = WindowArrays(a, keep)
    want = [a.ids[k] for k in keep.tolist()]
    assert list(win.ids) == want and len(win.ids) == 90
    assert [win.ids[k] for k in range(90)] == want and win.ids[-1] == want[-1] and win.ids[3:7] == want[3:7]
    assert win.id_array.tolist() == want
    assert all(win.index[h] == k for k, h in enumerate(want)) and list(win.index) == want
    back = back_of(win.nbr)
    assert back is win.back and back is back_of(win.nbr)
    i, s = np.nonzero(win.nbr >= 0)
    assert (win.nbr[win.nbr[i, s], back[i, s]] == i).all()  # the step back leads home
    assert (back[win.nbr < 0] == -1).all()
