"""The referee's position follows the board (what VASSAL's component sends, docs/serving.md): an
illegal move left standing is placed where the board has it (``POST /place``), so the next verdict
is about where the unit really is; a move taken back (VASSAL's Undo, ``POST /take-back``) brings
the position before it back whole, spent MP included, in the current phase."""

from __future__ import annotations

import json

import pytest

DW = "der-weltkrieg"


@pytest.fixture
def s(served):
    s = served(DW)
    doc = json.loads(s.files["state"].read_text())
    assert s.http("PUT", "/position", doc)[0] == 200  # the sample's position, whatever ran before
    return s


def _unit(s, uid: str) -> dict:
    return next(u for u in s.http("GET", "/position")[1]["units"] if u["id"] == uid)


def test_an_illegal_move_left_standing_is_placed_and_the_next_move_judged_from_there(s):
    assert s.http("POST", "/apply", {"unit": "GE-1", "path": ["1502"]})[1]["applied"]
    # 4 MP with 3 left: illegal, not made by the referee, but left standing on the board
    illegal = s.http("POST", "/apply", {"unit": "GE-1", "path": ["1503", "1504", "1505", "1506"]})[1]
    assert not illegal["applied"]
    # not placed: the referee still has GE-1 at 1502, and a move from 1506 has a gap
    status, answer = s.http("POST", "/move", {"unit": "GE-1", "path": ["1506", "1507"]})
    assert status == 400 and "1502 and 1506 are not adjacent" in answer["error"]
    assert s.http("POST", "/place", {"unit": "GE-1", "to": "1506"}) == (
        200,
        {"unit": "GE-1", "from": "1502", "to": "1506"},
    )
    ge1 = _unit(s, "GE-1")
    assert ge1["hex"] == "1506" and ge1["attrs"]["mp_spent"] == 2  # placed, not judged: no MP
    status, verdict = s.http("POST", "/move", {"unit": "GE-1", "path": ["1506", "1507"]})
    assert status == 200 and verdict["steps"][0]["from"] == "1506"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"unit": "XX-9", "to": "1404"}, "unknown unit 'XX-9'"),
        ({"unit": "GE-1", "to": "9999"}, "unknown hex id '9999'"),
    ],
)
def test_a_place_the_referee_cannot_make_is_400(s, body, message):
    status, answer = s.http("POST", "/place", body)
    assert status == 400 and message in answer["error"]
    assert _unit(s, "GE-1")["hex"] == "1401"


def test_a_move_taken_back_restores_the_position_before_it(s):
    start = s.http("GET", "/position")[1]
    assert s.http("POST", "/apply", {"unit": "GE-1", "path": ["1502", "1602"]})[1]["applied"]
    assert _unit(s, "GE-1")["attrs"]["mp_spent"] == 3
    # the phase changes in between: the take-back keeps the phase, and restores the rest
    assert s.http("PUT", "/phase", {"phase": "combat", "turn": 2})[0] == 200
    answer = s.http("POST", "/take-back", {"unit": "GE-1", "from": "1401", "to": "1602"})
    assert answer == (200, {"unit": "GE-1", "to": "1401", "restored": True})
    now = s.http("GET", "/position")[1]
    assert now["units"] == start["units"]  # at 1401 again, no MP spent
    assert (now["phase"], now["turn"]) == ("combat", 2)


def test_take_backs_walk_back_over_applied_and_placed_moves(s):
    start = s.http("GET", "/position")[1]["units"]
    s.http("POST", "/apply", {"unit": "GE-1", "path": ["1502"]})
    s.http("POST", "/place", {"unit": "GE-1", "to": "1404"})
    s.http("POST", "/apply", {"unit": "GE-3", "path": ["1505"]})
    for unit, back, left in (("GE-3", "1405", "1505"), ("GE-1", "1502", "1404"), ("GE-1", "1401", "1502")):
        answer = s.http("POST", "/take-back", {"unit": unit, "from": back, "to": left})[1]
        assert answer == {"unit": unit, "to": back, "restored": True}
    assert s.http("GET", "/position")[1]["units"] == start


def test_a_take_back_of_a_move_the_referee_did_not_make_only_places_the_unit(s):
    """Not the referee's last change (another unit moved since, or a new position was sent): the
    unit is put back where the board has it, its spent MP left as they are."""
    s.http("POST", "/apply", {"unit": "GE-1", "path": ["1502"]})
    s.http("POST", "/apply", {"unit": "GE-3", "path": ["1505"]})
    answer = s.http("POST", "/take-back", {"unit": "GE-1", "from": "1401", "to": "1502"})[1]
    assert answer == {"unit": "GE-1", "to": "1401", "restored": False}
    ge1 = _unit(s, "GE-1")
    assert ge1["hex"] == "1401" and ge1["attrs"]["mp_spent"] == 2
    assert _unit(s, "GE-3")["hex"] == "1505"
    # a position sent since: nothing to restore from
    s.http("POST", "/apply", {"unit": "GE-2", "path": ["1504"]})
    s.http("PUT", "/position", s.http("GET", "/position")[1])
    answer = s.http("POST", "/take-back", {"unit": "GE-2", "from": "1403", "to": "1504"})[1]
    assert answer["restored"] is False and _unit(s, "GE-2")["attrs"]["mp_spent"] == 2
