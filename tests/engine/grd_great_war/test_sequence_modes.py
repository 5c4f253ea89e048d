"""A replayed drag in GR/D's movement phase [4A2] is judged in each mode the phase allows (ground,
accel, rail, river, strategic rail; ground first): a drag along the rail line too long for ground
is legal by operational rail [7A], spends rail capacity [7A4] that the next drag sees, and once
the net's capacity is spent the drag is refused, judged by rail, naming the modes tried."""

from __future__ import annotations

from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.sequence import MoveSequence
from railhead.mapdata.model import Line

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}
M = mini_map(
    attrs={"GW2:0102": {"city": "partial"}, "GW2:0602": {"city": "full"}},
    lines=[Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 7)), {"net": "nw", "volume": "high"})],
)


def _replay(n: int, phase: str | None, capacity: int = 2) -> tuple[MoveSequence, list, list[str]]:
    units = [unit_doc(f"R{k}", "entente", "france", "infantry", "GW2:0102", 1, movement=1) for k in range(n)]
    cap = {"grd-rail": {"capacity": {"entente:nw": {"value": capacity, "rule": "OB"}}, "pools": {}}}
    board = mini_board(M, units, values=RATES, ledgers=cap)
    seq = MoveSequence(RS, M, board.state, board.values)
    seq.set_phase(phase, "entente" if phase else None)
    modes: list[str] = []
    seq.on_mode = lambda tag, mode: modes.append(mode)
    judged = []
    for k in range(n):
        judged += seq.submit(k, seq.unit(f"R{k}"), "GW2:0602")
    return seq, judged + seq.flush(), modes


def test_rail_drags_in_the_movement_phase_are_legal_by_rail_until_the_capacity_is_spent():
    _, judged, modes = _replay(3, "movement")
    verdicts = dict(judged)
    assert verdicts[0] is None and verdicts[1] is None  # 1 RE each of the net's 2 [7A4]
    assert modes == ["rail", "rail", "rail"]
    bad = verdicts[2]  # the net's capacity spent by the first two: no rail move is left to it
    assert bad is not None and bad["mode"] == "rail", bad
    assert bad["tried"] == "ground, accel, rail, river, strategic_rail"
    _, judged, modes = _replay(3, "movement", capacity=3)  # with room for three, all three go
    assert dict(judged) == {0: None, 1: None, 2: None} and modes == ["rail"] * 3


def test_without_a_phase_the_same_drag_is_a_ground_move_refused_by_its_allowance():
    _, judged, modes = _replay(1, None)
    verdict = dict(judged)[0]
    assert verdict is not None and "tried" not in verdict and modes == ["ground"]


def test_ground_and_rail_drags_mixed_in_one_flush_are_judged_as_one_by_one():
    """Moves legal by ground are judged together in levels; a rail drag among them is judged
    alone in log order: verdicts, modes and the capacity ledger as when each move is judged and
    made before the next is queued."""
    units = [unit_doc(f"R{k}", "entente", "france", "infantry", "GW2:0102", 1, movement=1) for k in range(3)]
    units += [unit_doc(f"G{k}", "entente", "france", "infantry", f"GW2:0{k + 1}04", 1) for k in range(3)]
    cap = {"grd-rail": {"capacity": {"entente:nw": {"value": 2, "rule": "OB"}}, "pools": {}}}
    board = mini_board(M, units, values=RATES, ledgers=cap)
    moves = [("G0", "GW2:0103"), ("R0", "GW2:0602"), ("G1", "GW2:0203"), ("R1", "GW2:0602")]
    moves += [("G2", "GW2:0303"), ("R2", "GW2:0602"), ("G0", "GW2:0104")]

    def replay(each: bool):
        seq = MoveSequence(RS, M, board.state, board.values)
        seq.set_phase("movement", "entente")
        modes: dict[int, str] = {}
        seq.on_mode = lambda tag, mode: modes.__setitem__(tag, mode)
        judged = []
        for k, (uid, dest) in enumerate(moves):
            judged += seq.submit(k, seq.unit(uid), dest)
            if each:
                judged += seq.flush()
        return dict(judged + seq.flush()), modes, seq.state

    together, modes, state = replay(False)
    alone, modes_alone, state_alone = replay(True)
    assert together == alone and modes == modes_alone and state.ledgers == state_alone.ledgers
    assert [modes[k] for k in range(7)] == ["ground", "rail", "ground", "rail", "ground", "rail", "ground"]
    assert together[2] is None and together[3] is None and together[5] is not None
