"""Drags in Hex Skirmish's phases (``drags`` in its [phases], the core's engine.drags): a drag in
the movement phase is a move (HS-3.2); in the combat phase (HS-3.3) the defender's drag is a retreat
and the attacker's an advance, which this ruleset does not judge, and the answer says so."""

from __future__ import annotations

from hex_skirmish.sample import map_doc, state_doc

from railhead.engine.api import Board, NotJudged, get_ruleset, judge_drag


def _board(phase: str, active: str):
    from railhead.engine.state import parse_state  # the test builds positions; the ruleset does not
    from railhead.mapdata.io import parse_mapdata

    rs = get_ruleset("hex_skirmish")
    m = parse_mapdata(map_doc())
    return rs, Board(m, parse_state(state_doc(phase, active), m, sides=rs.sides))


def test_a_ruleset_without_retreat_rules_says_it_judges_none():
    """The example ruleset's combat phase calls a defender's drag a retreat and the attacker's an
    advance; it judges neither, and the core's answer says exactly that."""
    rs, b = _board("combat", "north")
    v = judge_drag(rs, b, "S-1", "0708")
    assert isinstance(v, NotJudged) and v.reason == "Hex Skirmish has no retreat rule railhead judges"
    v = judge_drag(rs, b, "N-1", "0604")
    assert isinstance(v, NotJudged) and v.reason == "Hex Skirmish has no advance rule railhead judges"


def test_a_drag_in_a_movement_phase_is_a_move():
    """HS-3.2: the phasing player's drag is judged as a ground move (the verdict moves get); the
    other side's is refused by the sequence of play, with its rule."""
    rs, b = _board("movement", "north")
    v = judge_drag(rs, b, "N-1", "0604")
    assert v.legal and v.extra["drag"] == "move" and v.extra["phase"]["name"] == "movement"
    v = judge_drag(rs, b, "S-1", "0708")
    assert not v.legal and v.reasons[0].rule == "HS-3.2"
