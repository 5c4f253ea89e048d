"""engine/sequence.py: a log's moves judged in levels of windows that do not touch give the
verdicts and the position of judging every move alone, in log order, also when a move reaches
beyond its window (it takes a roll, or it widens its unit's own reach)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from builders import hex_map, position, side, unit

from railhead.engine.registry import get_ruleset
from railhead.engine.sequence import SCHEDULES, MoveSequence

DW = get_ruleset("der-weltkrieg")


class Wrapped:
    """Der Weltkrieg with one change to what a legal move does (``after``)."""

    def __init__(self, after):
        self.after = after

    def __getattr__(self, name):
        return getattr(DW, name)

    def apply(self, board, verdict, ids, path, mode, **kw):
        return self.after(DW.apply(board, verdict, ids, path, mode, **kw), ids)

    def made_moves(self, board, units, dests, reaches, mode):
        """None: Der Weltkrieg's moves made at once are its own ``apply``'s, not this one's
        (a ruleset that changes what a legal move does answers this hook for itself)."""
        return [None] * len(units)


def takes_a_roll(state, ids):
    """Each legal move takes the next roll and writes it on the unit: order shows in the result."""
    units = tuple(replace(u, strength=state.rolls[0]) if u.id in ids else u for u in state.units)
    return state.replace(units=units, rolls=state.rolls[1:])


def widens_reach(state, ids):
    """Each legal move adds 10 to the unit's allowance: its next window is wider than when queued."""
    units = tuple(replace(u, movement=u.movement + 10) if u.id in ids else u for u in state.units)
    return state.replace(units=units)


def spread_log(seed: int, n_units: int = 30):
    """Units far apart on a 60 x 40 map, each moved a few times: levels reorder the log."""
    rng = np.random.default_rng(seed)
    m = hex_map((1, 60), (1, 40))
    ids = list(m.hexes)
    spots = rng.choice(len(ids), n_units, replace=False)
    units = [unit(f"G{k}", ids[h], "infantry", movement=3) for k, h in enumerate(spots)]
    moves, where = [], {u["id"]: u["hex"] for u in units}
    for _ in range(40):
        uid = units[int(rng.integers(len(units)))]["id"]
        dest = str(rng.choice(m.neighbours(where[uid])))
        if dest not in where.values():
            moves.append((uid, dest))
            where[uid] = dest
    return m, units, moves


def judged(rs, m, state, moves):
    levels, alone = MoveSequence(rs, m, state), MoveSequence(rs, m, state)
    got, want, reordered = {}, {}, False
    for k, (uid, dest) in enumerate(moves):
        got.update(levels.submit(k, levels.unit(uid), dest))
        want[k] = alone.move(alone.unit(uid), dest)
    got.update(levels.flush())
    levels_of = levels.levels_planned
    reordered = any(a > b for a, b in zip(levels_of, levels_of[1:], strict=False))
    return levels, alone, got, want, reordered


def test_levels_reorder_moves_and_equal_judging_in_log_order():
    m, units, moves = spread_log(3)
    state = position(m, units).state
    levels, alone, got, want, reordered = judged(DW, m, state, moves)
    assert reordered  # a later move was judged before an earlier one
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()
    assert levels.schedule == "footprints"


def test_a_move_that_takes_a_roll_is_judged_in_log_order():
    """A move that changes what every move reads (the rolls) cannot be judged out of log order."""
    m, units, moves = spread_log(3)
    state = position(m, units).state.replace(rolls=tuple(range(1, 200)))
    rs = Wrapped(takes_a_roll)
    levels, alone, got, want, reordered = judged(rs, m, state, moves)
    assert reordered
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()
    assert [u.strength for u in levels.state.units] == [u.strength for u in alone.state.units]
    assert levels.schedule == "log order"  # and later flushes keep log order


def test_a_unit_whose_reach_grows_is_judged_with_its_wider_window():
    """A unit queued twice whose first move widens its reach: its second move, to a hex inside
    the window it was queued with but only reachable round a wall of water beyond that window,
    is judged on the wider window, as judging alone does."""
    wall = {f"{c:02d}13": {"terrain": "ocean"} for c in range(6, 15)}
    m = hex_map((1, 30), (1, 30), hexes=wall)
    state = position(m, [unit("G0", "1010", "infantry", movement=2)]).state
    moves = [("G0", "1011"), ("G0", "1015")]
    rs = Wrapped(widens_reach)
    levels, alone = MoveSequence(rs, m, state), MoveSequence(rs, m, state)
    got = {}
    for k, (uid, dest) in enumerate(moves):
        got.update(levels.submit(k, levels.unit(uid), dest))
    got.update(levels.flush())
    assert len(levels.levels_planned) == 2  # both in levels: 1015 lies inside the first window
    want = {k: alone.move(alone.unit(u), d) for k, (u, d) in enumerate(moves)}
    assert got == want == {0: None, 1: None}
    assert levels.state.unit("G0").hex == "1015"


def test_position_is_where_the_log_put_the_unit_last():
    m, units, _ = spread_log(1, 2)
    state = position(m, units).state
    seq = MoveSequence(DW, m, state)
    uid, start = units[0]["id"], units[0]["hex"]
    first = m.neighbours(start)[0]
    second = next(h for h in m.neighbours(first) if h != start)
    assert seq.position(uid) == start
    seq.submit(0, seq.unit(uid), first)
    assert seq.position(uid) == first  # the first move waits, unjudged
    assert seq.unit(uid).hex == start
    seq.submit(1, seq.unit(uid), second)
    assert seq.position(uid) == second
    assert dict(seq.flush()) == {0: None, 1: None}
    assert seq.unit(uid).hex == second == seq.position(uid)


def test_a_move_that_changes_more_than_its_unit_is_judged_after_the_windows_it_touches():
    """Moves are first put in levels trusting that a move changes only where its unit stands; a
    move that removes a unit far from its start and end (inside its window) makes the flush be
    judged again with whole windows, so a later move into the removed unit's hex sees it gone."""
    m = hex_map((1, 40), (1, 30))
    a_start = "1015"
    a_end = next(h for h in m.neighbours(a_start) if h < a_start)
    c_hex = next(h for h in m.hexes if m.distance(a_start, h) == 7 and m.distance(a_end, h) == 8)
    b_start = next(
        h for h in m.neighbours(c_hex) if m.distance(a_start, h) == 8 and m.distance(a_end, h) == 9
    )
    units = [
        unit("A", a_start, "infantry", movement=6),
        unit("B", b_start, "infantry", movement=3),
        unit("C", c_hex, "infantry", side_="entente", nation="france"),
    ]
    state = position(m, units).state

    def removes_c(after, ids):
        return after.replace(units=tuple(u for u in after.units if u.id != "C"))

    rs = Wrapped(removes_c)
    levels, alone, got, want, _ = judged(rs, m, state, [("A", a_end), ("B", c_hex)])
    assert want == {0: None, 1: None}  # B enters the hex C left
    assert got == want
    assert levels.schedule == "windows"
    assert levels.state.to_dict() == alone.state.to_dict()


def test_a_zoc_next_to_a_path_is_seen_by_the_moves_after_it_only():
    """X's move goes round no hex but the one between its start and end; an enemy moved next to
    that hex puts it in a ZOC (R10-7: more MP than X's 2). Moved before X in the log, X is
    refused, on its small window (the map's costs within its MP, and the ring of hexes whose
    units reach into them) as judged alone; moved after, X is legal, though both moves may
    share a level."""
    m = hex_map((1, 20), (1, 20))
    a = "1010"
    mid, b = next(
        (h, g)
        for h in m.neighbours(a)
        for g in m.neighbours(h)
        if m.distance(a, g) == 2 and len(set(m.neighbours(a)) & set(m.neighbours(g))) == 1
    )
    z = next(h for h in m.neighbours(mid) if h not in (a, b))
    f = next(h for h in m.hexes if m.distance(z, h) == 3 and m.distance(a, h) >= 4)
    # z lies beyond X's reach (rough hexsides, 3 MP): only the ZOC ring puts it in X's window
    m = hex_map((1, 20), (1, 20), hexsides=[side(z, h, "rough") for h in m.neighbours(z)])
    units = [unit("X", a, movement=2), unit("F", f, side_="entente", nation="france")]
    state = position(m, units).state
    for moves, refused in (([("F", z), ("X", b)], True), ([("X", b), ("F", z)], False)):
        levels, alone, got, want, _ = judged(DW, m, state, moves)
        x = [k for k, (uid, _) in enumerate(moves) if uid == "X"][0]
        assert (want[x] is not None) == refused
        assert got == want
        assert levels.state.to_dict() == alone.state.to_dict()


def test_a_refused_move_is_explained_on_its_own_window():
    """X (1 MP) cannot reach B: its only open hexside leads to N, and every way into B costs 4
    MP (wooded rough) but one, from a hex beyond X's window (the map's costs within its MP, the
    minimum move's step, the ZOC ring). Y's window, on the same level, holds that hex: judged
    together on one board, X's refusal is still the one judging it alone gives (5 MP by N, not
    the path through Y's window)."""
    m0 = hex_map((1, 14), (1, 14))
    a = "0707"

    def ring(h, r):
        return sorted(g for g in m0.hexes if m0.distance(h, g) == r)

    n, b, e, d = next(
        (n, b, e, d)
        for n in ring(a, 1)
        for b in ring(a, 2)
        if b in m0.neighbours(n)
        for e in ring(a, 3)
        if e in m0.neighbours(b)
        for d in ring(a, 2)
        if d != b and d in m0.neighbours(n) and d in m0.neighbours(e)
    )
    sides = [side(a, h, "ocean") for h in m0.neighbours(a) if h != n]
    sides += [side(b, h, "wooded_rough") for h in m0.neighbours(b) if h != e]
    m = hex_map((1, 14), (1, 14), hexsides=sides)
    y = next(h for h in ring(e, 2) if m.distance(a, h) == 5)
    y_dest = next(h for h in m.neighbours(y) if m.distance(a, h) == 6)
    state = position(m, [unit("Y", y, movement=1), unit("X", a, movement=1)]).state
    levels, alone, got, want, _ = judged(DW, m, state, [("Y", y_dest), ("X", b)])
    assert levels.levels_planned == [0, 0]  # one level, one board for their side
    assert want[1]["why"] == f"{n} -> {b}: 5 MP exceeds the movement allowance of 1"
    assert got == want


def judged_with_removals(rs, m, state, events, schedule: str = "footprints"):
    """``judged``, with ``(uid, None)`` events taking the unit off the map where the log left it:
    queued in levels (:meth:`MoveSequence.remove`; levels found by ``schedule`` first) against the
    position judged one move at a time in log order, each removal made there and then."""
    levels, alone = MoveSequence(rs, m, state), MoveSequence(rs, m, state)
    levels.schedule = schedule
    got, want = {}, {}
    for k, (uid, dest) in enumerate(events):
        if dest is None:
            levels.remove(uid)
            alone._set(alone.state.replace(units=tuple(u for u in alone.state.units if u.id != uid)))
            continue
        got.update(levels.submit(k, levels.unit(uid), dest))
        want[k] = alone.move(alone.unit(uid), dest)
    got.update(levels.flush())
    return levels, alone, got, want


def crowded_log(seed: int, n_units: int = 60):
    """Units of both sides close together on a 30 x 20 map (their ZOCs touch), each moved a few
    times two hexes on (an enemy ZOC on the way may stop it), some taken off the map between moves."""
    rng = np.random.default_rng(seed)
    m = hex_map((1, 30), (1, 20))
    ids = list(m.hexes)
    spots = rng.choice(len(ids), n_units, replace=False)
    units = [
        unit(f"G{k}", ids[h], movement=2)
        if k % 2
        else unit(f"F{k}", ids[h], side_="entente", nation="france", movement=2)
        for k, h in enumerate(spots)
    ]
    events, where = [], {u["id"]: u["hex"] for u in units}
    for _ in range(120):
        uid = units[int(rng.integers(len(units)))]["id"]
        if uid not in where:
            continue
        if rng.random() < 0.15:
            events.append((uid, None))
            del where[uid]
            continue
        dest = str(rng.choice([h for h in m.hexes if m.distance(where[uid], h) == 2]))
        if dest not in where.values():
            events.append((uid, dest))
            where[uid] = dest
    return m, units, events


def test_units_taken_off_the_map_in_levels_equal_judging_in_log_order():
    """A unit the log takes off the map stops counting (its ZOC, R10-1, R10-7) for the moves after
    it, not for those before: in levels as in judging one move at a time."""
    removals = 0
    for seed in range(4):
        m, units, events = crowded_log(seed)
        state = position(m, units).state
        levels, alone, got, want = judged_with_removals(DW, m, state, events)
        assert got == want
        assert levels.state.to_dict() == alone.state.to_dict()
        removals += sum(dest is None for _, dest in events)
        # the removals made a difference: judged with the units left on, some verdicts change
        kept = [e for e in events if e[1] is not None]
        _, _, _, without = judged_with_removals(DW, m, state, kept)
        assert any(want[k] != without[j] for j, k in enumerate(k for k, e in enumerate(events) if e[1]))
    assert removals > 10


@pytest.mark.parametrize("schedule", SCHEDULES[1:])
def test_removals_in_every_schedule_equal_judging_in_log_order(schedule):
    """Levels by whole windows, and in log order (a move that takes a roll keeps it), see a unit
    taken off the map as judging one move at a time does."""
    m, units, events = crowded_log(1)
    state = position(m, units).state.replace(rolls=tuple(range(1, 400)))
    rs = Wrapped(takes_a_roll) if schedule == "log order" else DW
    levels, alone, got, want = judged_with_removals(rs, m, state, events, schedule)
    assert got == want
    assert levels.state.to_dict() == alone.state.to_dict()
    assert levels.schedule == schedule


def test_a_unit_taken_off_no_longer_exerts_a_zoc_and_brought_back_does_again():
    """X goes from A to B past the one hex between them; F stands next to that hex, so X would
    pay for the enemy ZOC (R10-7) more than its 2 MP (R6-3). F taken off the map before X moves: X's
    move is legal, in levels as alone. F brought back onto its hex: the same move is refused."""
    m = hex_map((1, 20), (1, 20))
    a = "1010"
    mid, b = next(
        (h, g)
        for h in m.neighbours(a)
        for g in m.neighbours(h)
        if m.distance(a, g) == 2 and len(set(m.neighbours(a)) & set(m.neighbours(g))) == 1
    )
    z = next(h for h in m.neighbours(mid) if h not in (a, b) and m.distance(a, h) == 2)
    units = [unit("X", a, movement=2), unit("F", z, side_="entente", nation="france")]
    state = position(m, units).state
    verdicts = []
    for events in ([("X", b)], [("F", None), ("X", b)]):
        levels, alone, got, want = judged_with_removals(DW, m, state, events)
        assert got == want
        verdicts.append(want[len(events) - 1])
    assert verdicts[0]["rule"] == "R6-3" and verdicts[1] is None
    # Y, moved before F goes, sees F (its window holds F's hex): F goes once Y's level is judged,
    # and X, which Y's move alone would leave on Y's level, goes above it, where F is gone
    y = next(h for h in m.hexes if m.distance(z, h) == 3 and m.distance(a, h) == 5 and m.distance(b, h) >= 4)
    y_dest = next(h for h in m.neighbours(y) if m.distance(a, h) == 6 and m.distance(b, h) >= 5)
    state = position(m, [*units, unit("Y", y, movement=2)]).state
    levels, alone, got, want = judged_with_removals(DW, m, state, [("Y", y_dest), ("F", None), ("X", b)])
    assert got == want == {0: None, 2: None}
    assert levels.levels_planned == [0, 1]
    assert levels.state.to_dict() == alone.state.to_dict()
    seq = MoveSequence(DW, m, state)
    seq.remove("F")
    assert not seq.on_map("F") and seq.taken_off("F")
    assert seq.submit(0, seq.unit("X"), b) == []
    assert seq.flush() == [(0, None)]
    assert seq.restore("F", z) == []
    assert seq.on_map("F") and not seq.taken_off("F")
    seq.place("X", a)
    assert seq.move(seq.unit("X"), b) == verdicts[0]
