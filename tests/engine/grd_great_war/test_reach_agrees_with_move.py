"""Property: every hex ``railhead reach`` lists for a unit is accepted by ``railhead move`` along the
path reach gives, at the same MP cost, and a move to a hex outside the reach is refused — for every
unit of the sample, in every mode of each phase of the declared sequence of play that allows it
(4A2 movement: ground, accel, rail, river, strategic rail; 4A4 reaction; 4A6 exploitation; 4A3 and
4A5 reserve commitment), with the phasing side the one that moves."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from grd_helpers import MAP, RS, mini_board, mini_map, unit_doc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.engine.board import Board
from railhead.engine.queries import judge, reach_report
from railhead.engine.rulesets.grd_great_war.sample import SAMPLE_VALUES, sample_state
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues, read_values

SIDES = ("entente", "central_powers")
# (phase, phasing side, mode): the phases of [phases] in data.toml and the modes each allows; in the
# combat phase the non-phasing side commits reserves, in the reaction phases the non-phasing side
# reacts and the phasing side commits reserves
CASES = [
    *[("movement", s, m) for s in SIDES for m in ("ground", "accel", "rail", "river", "strategic_rail")],
    *[("exploitation", s, "exploitation") for s in SIDES],
    *[("reaction_movement", s, "reaction") for s in SIDES],
    *[(p, s, "reserve") for p in ("combat", "reaction_combat") for s in SIDES],
]
_BOARDS: dict[tuple, Board] = {}


def sample_board(phase: str, active: str, tmp: Path) -> Board:
    key = (phase, active)
    if key not in _BOARDS:
        p = tmp / "values.toml"
        p.write_text(SAMPLE_VALUES, encoding="utf-8")
        d = sample_state()
        d.update(phase=phase, active_side=active)
        state = parse_state(d, MAP, sides=RS.sides, declarations=RS.declarations)
        _BOARDS[key] = Board(MAP, state, values=ChartValues(read_values(p), p))
    return _BOARDS[key]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("grd_values")


def with_(mode: str, to: str) -> dict:
    """The keywords a move in ``mode`` names: a reserve commitment names the attacked hex (6C)."""
    return {"target": to} if mode == "reserve" else {}


def reached(b: Board, uid: str, mode: str) -> dict[str, dict]:
    rep = reach_report(RS, b, uid, mode)
    start = b.state.unit(uid).hex
    return {h["id"]: h for h in rep["hexes"] if h["id"] != start}


def assert_agree(b: Board, uid: str, mode: str) -> int:
    """Every reached hex is a legal move at reach's MP; every hex next to the start or to a reached
    hex, but not reached, is refused along the path to its reached neighbour. Returns the number of
    moves judged."""
    got = reached(b, uid, mode)
    for hid, h in got.items():
        v = judge(RS, b, uid, h["path"], mode, **with_(mode, hid))
        assert v.legal, (uid, mode, h["path"], [r.to_dict() for r in v.reasons])
        assert float(v.mp) == pytest.approx(float(h["mp"])), (uid, mode, h["path"], float(v.mp), h["mp"])
    judged = len(got)
    start = b.state.unit(uid).hex
    m = b.map
    for path in [[start], *(h["path"] for h in got.values())]:
        for nxt in m.neighbours(path[-1]):
            if nxt in got or nxt in path:
                continue
            v = judge(RS, b, uid, [*path, nxt], mode, **with_(mode, nxt))
            assert not v.legal, (uid, mode, [*path, nxt], float(v.mp))
            judged += 1
    return judged


@pytest.mark.parametrize("phase, active, mode", CASES, ids=["-".join(c) for c in CASES])
def test_every_unit_reach_agrees_with_move(phase, active, mode, tmp):
    b = sample_board(phase, active, tmp)
    judged = sum(assert_agree(b, u.id, mode) for u in b.state.units)
    assert judged > 20, judged  # someone may move in this phase and mode: the property is not vacuous


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.integers(0, 10**6), st.sampled_from(CASES))
def test_random_walks_outside_the_reach_are_refused(tmp, seed, case):
    """Any path a unit might try, of any length, that ends on a hex its reach does not list, is refused."""
    phase, active, mode = case
    b = sample_board(phase, active, tmp)
    rng = np.random.default_rng(seed)
    u = b.state.units[int(rng.integers(len(b.state.units)))]
    got = reached(b, u.id, mode)
    for _ in range(15):
        path = [u.hex]
        for _ in range(int(rng.integers(1, 9))):
            path.append(str(rng.choice(b.map.neighbours(path[-1]))))
        if path[-1] in got or len(set(path)) != len(path):
            continue
        v = judge(RS, b, u.id, path, mode, **with_(mode, path[-1]))
        assert not v.legal, (u.id, mode, path, float(v.mp))


# The disagreements the property found, each fixed in the ruleset's reach (it now lists what move
# accepts, and no more).


def test_the_one_hex_move_is_in_the_reach(tmp):
    """6: "A unit may always move a single hex ... even if the cost to do so exceeds the number of
    MPs the unit has available that phase"; reach lists that hex at all the unit's MPs, as move
    judges it. FR-1 exploits with 1 MP (5 × 1/3, 6E) and still reaches a hex that costs more."""
    b = sample_board("exploitation", "entente", tmp)
    got = reached(b, "FR-1", "exploitation")
    h = got["GW2:1002"]
    assert h["path"] == ["GW2:1003", "GW2:1002"] and h["mp"] == 1
    v = judge(RS, b, "FR-1", h["path"], "exploitation")
    assert v.legal and v.mp == 1 and any("one-hex move" in e for e in v.effects)


def test_no_reaction_reach_for_an_army_hq(tmp):
    """6D, 14M1: "Army HQs themselves cannot move during reaction movement": reach lists nothing
    and says why, as move refuses."""
    b = sample_board("reaction_movement", "central_powers", tmp)
    rep = reach_report(RS, b, "FR-HQ", "reaction")
    assert [h["id"] for h in rep["hexes"]] == ["GW2:0604"]
    assert rep["reasons"][0]["rule"] == "6D"
    assert reached(b, "FR-ART", "reaction")  # a unit of the reacting side in the HQs's ZOI reacts


def test_reaction_only_in_the_zoi_of_an_active_army_hq(tmp):
    """6D, 14M1: "units within the ZOI of an active Army HQs are the only units that may move" in
    reaction movement -- the HQs's hex and the hexes within two of it: FR-ART (2 hexes from FR-HQ)
    reacts, FR-1 (4 hexes) does not, and neither does FR-ART once the HQs is inactive; reach and
    move agree."""
    b = sample_board("reaction_movement", "central_powers", tmp)
    rep = reach_report(RS, b, "FR-1", "reaction")
    assert [h["id"] for h in rep["hexes"]] == ["GW2:1003"] and rep["reasons"][0]["rule"] == "6D; 14M1"
    v = judge(RS, b, "FR-1", ["GW2:1003", "GW2:0903"], "reaction")
    assert not v.legal and v.reasons[0].rule == "6D; 14M1"
    d = sample_state()
    d.update(phase="reaction_movement", active_side="central_powers")
    for u in d["units"]:
        if u["id"] == "FR-HQ":
            u.setdefault("attrs", {})["inactive"] = True
    off = Board(MAP, parse_state(d, MAP, sides=RS.sides, declarations=RS.declarations), values=b.values)
    assert not reached(off, "FR-ART", "reaction")
    step = next(iter(reached(b, "FR-ART", "reaction").values()))["path"]
    assert judge(RS, b, "FR-ART", step, "reaction").legal
    assert judge(RS, off, "FR-ART", step, "reaction").reasons[0].rule == "6D; 14M1"


def test_reserve_reach_is_the_hexes_within_two(tmp):
    """6C: a committed reserve moves only into the attacked hex, at most 2 hexes away; reach lists
    no hex farther, though the reserve's MPs would take it there."""
    b = sample_board("combat", "central_powers", tmp)
    got = reached(b, "FR-CAV", "reserve")
    assert got and all(b.map.distance("GW2:0904", h) <= 2 for h in got)
    assert "GW2:0603" not in got  # 3 hexes away, 3 MP: within its reserve allowance of 4


def shuffled_board(seed: int, phase: str, active: str, tmp: Path) -> tuple[Board, np.random.Generator]:
    """The sample with some units moved to random hexes near the front (none into an enemy's hex),
    some having spent MPs, rested, disrupted or used strategic rail (6, 6B4, 3A5, 7A3)."""
    rng = np.random.default_rng(seed)
    base = sample_board(phase, active, tmp)
    d = sample_state()
    d.update(phase=phase, active_side=active)
    homes = {u["hex"] for u in d["units"]}
    near = sorted({n for h in homes for n in MAP.neighbours(h)} | homes)
    for u in d["units"]:
        if rng.random() < 0.4:
            foes = {v["hex"] for v in d["units"] if v["side"] != u["side"]}
            u["hex"] = str(rng.choice([h for h in near if h not in foes]))
        for field in ("rested", "disrupted", "used_strategic_rail"):
            if rng.random() < 0.1:
                u[field] = True
        if rng.random() < 0.2:
            u["mp_spent"] = int(rng.integers(1, 4))
    state = parse_state(d, MAP, sides=RS.sides, declarations=RS.declarations)
    return Board(MAP, state, values=base.values), rng


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.integers(0, 10**6), st.sampled_from(CASES))
def test_reach_agrees_with_move_in_random_positions(tmp, seed, case):
    """The same property for a random unit in a shuffled sample, mostly one the phase lets move."""
    phase, active, mode = case
    b, rng = shuffled_board(seed, phase, active, tmp)
    movers = [u for u in b.state.units if RS.phase_problem(b.state, u, mode, with_(mode, u.hex), b) is None]
    pool = movers if movers and rng.random() < 0.85 else b.state.units  # now and then one who may not
    u = pool[int(rng.integers(len(pool)))]
    assert_agree(b, u.id, mode)


def river_map():
    """T17's river: the zig-zag boundary between columns 03 and 04 of a 6 × 10 sheet, 16 navigable
    hexsides from 0301/0401 to 0309/0408, a partial city (river yard, 7C4) at 0305."""
    sides = {}
    for r in range(1, 10):
        sides[(f"GW2:03{r:02d}", f"GW2:04{r:02d}")] = ("river",)
        if r > 1:
            sides[(f"GW2:03{r:02d}", f"GW2:04{r - 1:02d}")] = ("river",)
    del sides[("GW2:0309", "GW2:0409")]
    return mini_map(sides=sides, attrs={"GW2:0305": {"city": "partial"}}, cols=6, rows=10)


@pytest.mark.parametrize("start, spent", [("GW2:0301", 0), ("GW2:0305", 0), ("GW2:0301", 4), ("GW2:0402", 1)])
def test_river_reach_agrees_with_move(start, spent):
    """7C2: the sample has no river a unit can take, so T17's river with a rifle regiment: every hex
    the river reach lists is a legal river move at its MP; every other hex of the map is refused."""
    rgt = unit_doc("RGT", "entente", "france", "rifle", start, 1, strength=2, size="regiment", mp_spent=spent)
    rates = {"river_rates": {"movement": {"hexsides_per_mp": 8}}}
    b = mini_board(river_map(), [rgt], values=rates, phase="movement")
    got = reached(b, "RGT", "river")
    assert got or spent == 4
    for hid in b.map.hexes:
        if hid == start:
            continue
        if hid in got:
            v = judge(RS, b, "RGT", got[hid]["path"], "river")
            assert v.legal and float(v.mp) == float(got[hid]["mp"]), (hid, v.reasons)
        else:
            assert not judge(RS, b, "RGT", [start, hid], "river").legal, hid
