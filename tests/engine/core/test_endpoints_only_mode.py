"""A mode declared ``endpoints_only`` takes a path of where the move starts and ends (its route is
the ruleset's to find, e.g. along hexsides), so queries.judge does not ask for adjacent steps;
every other mode still does."""

from __future__ import annotations

import pytest

from railhead.engine.board import Board
from railhead.engine.queries import judge
from railhead.engine.ruleset import declarations_of
from railhead.engine.state import parse_state
from railhead.errors import InputError
from railhead.mapdata.sample import sample_two_sheet_map


class _Recorder:
    """A ruleset that records the path the query passes on."""

    id = "rec"

    def __init__(self):
        self.declarations = declarations_of(
            {"modes": {"ground": {}, "hop": {"rule": "X", "endpoints_only": True}}}
        )
        self.paths: list[list[str]] = []

    def judge_move(self, board, ids, path, mode, **kw):
        self.paths.append(path)
        return path

    def box_step(self, board, a, b):  # no boxes here (the base Ruleset joins holding boxes)
        return False


def _board(rs):
    m = sample_two_sheet_map()
    doc = {"format": "railhead.state/1", "ruleset": "rec", "turn": 1, "phase": "movement",
           "active_side": "red", "units": [{"id": "U", "side": "red", "class": "inf",
                                            "location": "W:0603", "movement": 4}]}  # fmt: skip
    return Board(m, parse_state(doc, m, declarations=rs.declarations))


def test_declared_flag_is_read_from_the_data():
    rs = _Recorder()
    assert rs.declarations.mode("hop").endpoints_only
    assert not rs.declarations.mode("ground").endpoints_only


def test_an_endpoints_only_mode_passes_far_apart_locations_on():
    rs = _Recorder()
    b = _board(rs)
    assert judge(rs, b, "U", ["W:0603", "W:0201"], "hop") == ["W:0603", "W:0201"]


def test_other_modes_still_refuse_a_gap():
    rs = _Recorder()
    b = _board(rs)
    with pytest.raises(InputError, match="gap"):
        judge(rs, b, "U", ["W:0603", "W:0201"], "ground")
