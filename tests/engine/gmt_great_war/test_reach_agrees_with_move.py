"""Property: every hex ``reach`` lists for a unit is accepted by ``judge_move`` along the path reach
gives, at the same MP cost, and a move to a hex outside the reach is refused — for every unit of the
sample in each Mutual Movement Phase (8.1, 8.11, 4.21: the theatre's mover), in the CP and Allied
halves of the Strategic Movement Phase (9.0, 9.4) and for a British unit's sea moves (9.5)."""

from __future__ import annotations

import numpy as np
import pytest
from gmt_helpers import RS, U, geo
from gmt_helpers import board as gmt_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.engine.board import Board
from railhead.engine.rulesets.gmt_great_war.sample import sample_map, sample_state
from railhead.engine.rulesets.gmt_great_war.sequence import phase_problem
from railhead.engine.rulesets.gmt_great_war.strategic import SEA_BOX
from railhead.engine.state import parse_state

# (phase, active side, mode): each a phase of [phases] in data.toml that allows the mode; with the
# CP holding the Western initiative the Allies move in the East in the first Mutual Movement Phase
# and the CP in the second (5.85), so both sides' ground moves are judged.
CASES = [
    ("first_mutual_movement", None, "ground"),
    ("second_mutual_movement", None, "ground"),
    ("strategic_movement", "allied", "strategic"),
    ("strategic_movement", "cp", "strategic"),
]
_BOARDS: dict[tuple, Board] = {}


def sample_board(phase: str, active: str | None) -> Board:
    key = (phase, active)
    if key not in _BOARDS:
        m = _BOARDS.setdefault("map", sample_map(RS.data))
        d = sample_state()
        d.update(phase=phase, active_side=active, western_initiative="cp")
        _BOARDS[key] = Board(m, parse_state(d, m, sides=RS.sides, declarations=RS.declarations))
    return _BOARDS[key]


def sea_board() -> Board:
    """A British unit at Le Havre in the Allied half of the Strategic Movement Phase of 1917."""
    if "sea" not in _BOARDS:
        br = [U("BR-1", "W5801", side="allied", nation="br")]
        _BOARDS["sea"] = gmt_board(
            geo(("western", "italian", "eastern")), br, phase="strategic_movement", active_side="allied",
            date="1917-05",
        )  # fmt: skip
    return _BOARDS["sea"]


def reached(b: Board, uid: str, mode: str) -> dict[int, tuple[list[str], float]]:
    """Each hex the unit's reach lists (not its own) with reach's path and MP."""
    u = b.state.unit(uid)
    r, _ = RS.reach(b, u, mode)
    out = {}
    for i in np.flatnonzero(np.isfinite(r.dist)):
        if i != r.start:
            out[int(i)] = ([b.arrays.ids[k] for k in r.path(int(i))], float(r.dist[i]) / 120)
    return out


def assert_agree(b: Board, uid: str, mode: str) -> int:
    """Every reached hex is a legal move at reach's cost; each hex next to the reach but not in it is
    refused along the path to its reached neighbour. Returns the number of moves judged."""
    got = reached(b, uid, mode)
    a = b.arrays
    start = a.index[b.state.unit(uid).hex]
    for _i, (path, cost) in got.items():
        v = RS.judge_move(b, [uid], path, mode)
        assert v.legal, (uid, mode, path, [r.to_dict() for r in v.reasons])
        assert float(v.mp) == pytest.approx(cost), (uid, mode, path, float(v.mp), cost)
    judged = len(got)
    if mode == "sea":
        return judged
    for i, (path, _cost) in [(start, ([a.ids[start]], 0.0)), *got.items()]:
        for j in a.nbr[i][a.nbr[i] >= 0]:
            if int(j) in got or j == start or a.ids[j] in path:
                continue
            v = RS.judge_move(b, [uid], [*path, a.ids[j]], mode)
            assert not v.legal, (uid, mode, [*path, a.ids[j]], float(v.mp))
            judged += 1
    return judged


@pytest.mark.parametrize("phase, active, mode", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_every_unit_reach_agrees_with_move(phase, active, mode):
    b = sample_board(phase, active)
    judged = sum(assert_agree(b, u.id, mode) for u in b.state.units)
    assert judged > 50, judged  # the phase lets someone move: the property is not vacuous


def test_sea_reach_agrees_with_move():
    """9.5: every port the sea reach lists is a legal sea move through the sea box; a port it leaves
    out (a Baltic port, 9.52) is refused."""
    b = sea_board()
    got = reached(b, "BR-1", "sea")
    assert len(got) >= 2, got
    assert_agree(b, "BR-1", "sea")
    a = b.arrays
    box = a.index[SEA_BOX]
    assert all(path[1] == SEA_BOX for path, _ in got.values())
    for j in a.nbr[box][a.nbr[box] >= 0]:
        if int(j) not in got and a.ids[j] != "W5801":
            v = RS.judge_move(b, ["BR-1"], ["W5801", a.ids[box], a.ids[j]], "sea")
            assert not v.legal, a.ids[j]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(CASES))
def test_random_walks_outside_the_reach_are_refused(seed, case):
    """Any path a unit might try, of any length, that ends on a hex its reach does not list, is refused."""
    phase, active, mode = case
    b = sample_board(phase, active)
    rng = np.random.default_rng(seed)
    u = b.state.units[int(rng.integers(len(b.state.units)))]
    got = reached(b, u.id, mode)
    a = b.arrays
    for _ in range(15):
        path = [a.index[u.hex]]
        for _ in range(int(rng.integers(1, 9))):
            nb = a.nbr[path[-1]][a.nbr[path[-1]] >= 0]
            path.append(int(rng.choice(nb)))
        if path[-1] in got or len(set(path)) != len(path):
            continue
        v = RS.judge_move(b, [u.id], [a.ids[k] for k in path], mode)
        assert not v.legal, (u.id, mode, [a.ids[k] for k in path], float(v.mp))


def shuffled_board(seed: int, phase: str, active: str | None) -> tuple[Board, np.random.Generator]:
    """The sample with some units moved to random land hexes near the front (none into an enemy's
    hex), some already moved this phase (8.0, 9.56), in a random month and weather of each front."""
    rng = np.random.default_rng(seed)
    m = _BOARDS.setdefault("map", sample_map(RS.data))
    d = sample_state(
        date=str(rng.choice(["1914-10", "1915-05", "1916-01", "1917-07", "1918-03"])),
        weather={k: str(rng.choice(["fair", "fair", "wet", "snow"])) for k in ("wi", "e", "c")}
        | {"ie": "hot"},
    )
    d.update(phase=phase, active_side=active, western_initiative="cp")
    a = sample_board(phase, active).arrays
    homes = {u["hex"] for u in d["units"]}
    near = sorted({a.ids[j] for h in homes for j in a.nbr[a.index[h]] if j >= 0} | homes)
    for u in d["units"]:
        if rng.random() < 0.4:
            foes = {v["hex"] for v in d["units"] if v["side"] != u["side"]}
            u["hex"] = str(rng.choice([h for h in near if h not in foes]))
        if rng.random() < 0.15:
            u["moved_strategically" if rng.random() < 0.5 else "moved"] = True
    return Board(m, parse_state(d, m, sides=RS.sides, declarations=RS.declarations)), rng


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(CASES))
def test_reach_agrees_with_move_in_random_positions(seed, case):
    """The same property for a random unit in a shuffled sample, mostly one the phase lets move."""
    phase, active, mode = case
    b, rng = shuffled_board(seed, phase, active)
    movers = [u for u in b.state.units if phase_problem(RS, b, u, mode) is None]
    pool = movers if movers and rng.random() < 0.85 else b.state.units  # now and then one who may not
    u = pool[int(rng.integers(len(pool)))]
    assert_agree(b, u.id, mode)
