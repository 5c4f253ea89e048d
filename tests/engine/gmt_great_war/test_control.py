"""Hex control (7.1): it passes the instant a unit enters, passing through included (7.13, spec
A9); HQs take control too (15.63); strategic movement takes none (A9)."""

from gmt_helpers import RS, U, board, geo, move

from railhead.engine.board import Board
from railhead.engine.rulesets.gmt_great_war.position import Position
from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def test_control_passes_on_every_hex_entered():
    """7.13: a German unit walking into Russian Poland takes every hex it enters."""
    b = board(geo(("eastern",)), [U("GE-1", "E4508")])
    path = ["E4508", "E4509", "E4510"]
    v = move(b, "GE-1", *path[1:])
    assert v.legal
    assert v.extra["control"] == ["E4509", "E4510"]
    after = Board(b.map, RS.apply(b, v, ["GE-1"], path, "ground"))
    ctrl = Position.of(after, RS.data).controller
    assert [ctrl[after.arrays.index[h]] for h in path] == ["cp", "cp", "cp"]
    assert ctrl[after.arrays.index["E4511"]] == "allied"


def test_a_taken_town_serves_its_captor():
    """7.13, 11.22, 11.72: a captured town is a secondary source of the side that holds it."""
    m = geo(("eastern",), places={"E4512": ("Lodz", "town", {})})
    units = [U("GE-1", "E4512"), U("GE-2", "E4515")]
    before = board(m, units)
    assert unit_supply(before, RS.data, RS, before.state.unit("GE-2"))["status"] == "out of supply"
    taken = board(m, units, hexes={"E4512": {"owner": "cp"}})
    assert unit_supply(taken, RS.data, RS, taken.state.unit("GE-2"))["via"] == "secondary source E4512"


def test_hqs_take_control():
    """15.63: HQs control the hexes they enter."""
    b = board(geo(("eastern",)), [U("GE-HQ", "E4508", cls="hq")])
    v = move(b, "GE-HQ", "E4509")
    assert v.legal and v.changes.locations == {"E4509": {"owner": "cp"}}


def test_strategic_movement_takes_no_control():
    """A9: strategic paths run through friendly-controlled hexes only and change no control."""
    b = board(geo(("eastern",)), [U("GE-1", "E5102")])
    v = RS.judge_move(b, ["GE-1"], ["E5102", "E5103", "E5104", "E5205"], "strategic")
    assert v.legal and not v.changes.locations
    b2 = board(geo(("eastern",)), [U("GE-1", "E5102")], hexes={"E5103": {"owner": "allied"}})
    v = RS.judge_move(b2, ["GE-1"], ["E5102", "E5103", "E5104", "E5205"], "strategic")
    assert not v.legal and v.reasons[0].rule == "9.31"


def test_option_sm_through_enemy_control_both_ways():
    """A9 ``sm_through_enemy_control``, 9.31, 7.13: by default a strategic path through an empty
    Allied-controlled hex is refused (9.31); read as 9.31's list alone (no enemy unit or fort
    there), it passes, and still takes no control."""
    path = ["E5102", "E5103", "E5104", "E5205"]
    held = {"E5103": {"owner": "allied"}}
    b = board(geo(("eastern",)), [U("GE-1", "E5102")], hexes=held)
    assert RS.judge_move(b, ["GE-1"], path, "strategic").reasons[0].rule == "9.31"
    opt = {"sm_through_enemy_control": "empty_enemy_hexes"}
    b = board(geo(("eastern",)), [U("GE-1", "E5102")], hexes=held, options=opt)
    v = RS.judge_move(b, ["GE-1"], path, "strategic")
    assert v.legal and not v.changes.locations
