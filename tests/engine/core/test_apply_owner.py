"""The core applies a verdict's change of a location's controller (``Changes.locations[..]["owner"]``),
keeping its markers and fields, and leaves other locations alone."""

from fractions import Fraction
from types import MappingProxyType

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.state import GameState, HexState, Unit
from railhead.engine.verdict import Changes, Verdict
from railhead.mapdata.sample import sample_map


def test_owner_change_is_applied():
    m = sample_map()
    a, b = "0101", "0102"
    state = GameState(
        "toy",
        (Unit("R1", "red", "", "inf", a, movement=3),),
        hexes=MappingProxyType({b: HexState(owner="blue", markers=frozenset({"trench"}), fields={"x": 1})}),
    )
    v = Verdict(True, Fraction(1), changes=Changes(locations={b: {"owner": "red"}}))
    after = apply_move(Board(m, state), v, ["R1"], [a, b], "ground")
    assert after.hex(b).owner == "red"
    assert after.hex(b).markers == frozenset({"trench"}) and after.hex(b).field("x") == 1
    assert after.hex(a).owner is None
    assert after.unit("R1").hex == b


def test_no_owner_key_keeps_the_owner():
    m = sample_map()
    state = GameState("toy", (Unit("R1", "red", "", "inf", "0101", movement=3),),
                      hexes=MappingProxyType({"0102": HexState(owner="blue")}))  # fmt: skip
    v = Verdict(True, Fraction(1), changes=Changes(locations={"0102": {"fields": {"y": 2}}}))
    after = apply_move(Board(m, state), v, ["R1"], ["0101", "0102"], "ground")
    assert after.hex("0102").owner == "blue" and after.hex("0102").field("y") == 2
