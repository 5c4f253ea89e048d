"""A drag that may have been a retreat or an advance (a side's ``drags`` listing both): the core
reads which from where it goes (engine.drags.Held: an advance enters a location the other side
left in the phase), judges it as both where it still may be either, and lists a drag as not
judged where a rule it cannot judge may forbid it (a legal verdict's ``extra[NOT_JUDGED]``). With
a made-up game whose retreat and advance rules answer by destination."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from toy_ruleset import Toy

from railhead.engine.board import Board
from railhead.engine.drags import Held, NotJudged, judge_drag
from railhead.engine.state import parse_state
from railhead.engine.unjudged import NOT_JUDGED
from railhead.engine.verdict import Verdict, refused
from railhead.mapdata.sample import sample_two_sheet_map

PHASES = """
[phases]
per = "turn"
[phases.movement]
modes = ["ground"]
[phases.clash]
mover = "none"
drags = { phasing = ["advance", "retreat"], other = ["retreat"] }
"""
M = sample_two_sheet_map()
ADVANCE = {"W:0402": "legal", "W:0403": "refused", "W:0404": "unjudged", "W:0502": "refused"}
RETREAT = {"W:0402": "refused", "W:0403": "refused", "W:0404": "refused", "W:0502": "legal"}


def _answer(table, dest, rule):
    how = table.get(dest, "legal")
    if how == "refused":
        return refused(rule, f"no {rule} into {dest}")
    extra = {NOT_JUDGED: [{"rule": rule, "why": "the combat's losses"}]} if how == "unjudged" else {}
    return Verdict(True, Fraction(0), (), (), (), extra)


@pytest.fixture(scope="module")
def clash(tmp_path_factory):
    data = tmp_path_factory.mktemp("clash") / "clash.toml"
    data.write_text(Path(Toy.data_file).read_text() + PHASES)

    class Clash(Toy):
        data_file = data

        def judge_retreat(self, board, unit, dest):
            return _answer(RETREAT, dest, "C-R")

        def judge_advance(self, board, unit, dest):
            return _answer(ADVANCE, dest, "C-A")

    return Clash()


def _board(rs, red_at="W:0503", blue=()):
    units = [{"id": "R", "side": "red", "class": "inf", "location": red_at, "movement": 4}]
    units += [
        {"id": f"B{k}", "side": "blue", "class": "inf", "location": h, "movement": 4}
        for k, h in enumerate(blue)
    ]
    doc = {
        "format": "railhead.state/1",
        "ruleset": "toy",
        "phase": "clash",
        "active_side": "red",
        "units": units,
    }
    return Board(M, parse_state(doc, M, declarations=rs.declarations))


def _held(rs, *left):
    """What the phase saw: blue units in ``left``, which they have since left."""
    held = Held()
    held.see("clash", _board(rs, blue=left).state)
    return held


def test_a_drag_where_the_other_side_left_nothing_is_a_retreat(clash):
    v = judge_drag(clash, _board(clash), "R", "W:0502", held=_held(clash))
    assert v.legal and v.extra["drag"] == "retreat" and "not an advance" in v.effects[-1]
    v = judge_drag(clash, _board(clash), "R", "W:0402", held=_held(clash))
    assert not v.legal and v.extra["drag"] == "retreat" and v.reasons[0].rule == "C-R"


def test_a_drag_into_a_location_the_other_side_left_is_judged_as_both(clash):
    v = judge_drag(clash, _board(clash), "R", "W:0402", held=_held(clash, "W:0402"))
    assert v.legal and v.extra["drag"] == "advance" and v.extra["drags_tried"] == ["advance", "retreat"]
    v = judge_drag(clash, _board(clash), "R", "W:0502", held=_held(clash, "W:0502"))
    assert v.legal and v.extra["drag"] == "retreat"  # refused as an advance, legal as a retreat
    v = judge_drag(clash, _board(clash), "R", "W:0403", held=_held(clash, "W:0403"))
    assert not v.legal and v.reasons[0].rule == "C-A; C-R" and v.extra["drag"] == "advance or retreat"
    assert "as an advance: C-A: no C-A into W:0403; as a retreat: C-R" in v.reasons[0].message


def test_a_drag_a_rule_not_judged_may_forbid_is_not_judged(clash):
    """Legal by the rules judged, but a rule the ruleset could not judge may forbid it; refused
    as the other kind: not judged, both said."""
    v = judge_drag(clash, _board(clash), "R", "W:0404", "advance")
    assert isinstance(v, NotJudged) and v.kind == "advance" and "C-A: the combat's losses" in v.reason
    v = judge_drag(clash, _board(clash), "R", "W:0404", held=_held(clash, "W:0404"))
    assert isinstance(v, NotJudged) and v.kind == "advance or retreat" and "as a retreat: C-R" in v.reason


def test_without_what_the_phase_saw_the_side_s_usual_kind_is_taken_and_said(clash):
    v = judge_drag(clash, _board(clash), "R", "W:0402")
    assert v.legal and v.extra["drag"] == "advance" and "the usual drag of its side" in v.effects[-1]
    b = _board(clash, blue=["W:0603"])
    assert judge_drag(clash, b, "B0", "W:0602", held=_held(clash)).extra["drag"] == "retreat"
