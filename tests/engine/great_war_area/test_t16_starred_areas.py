"""T16 [9.6]: starred area S holds 1 German Army + 1 German Corps (3 Corps-equivalents) and 3
French Corps."""

from gwa_build import RS, area_map, judge, position, rules, unit

MAP = area_map(
    {"s": {"country": "germany", "starred": True}, "g": {"country": "germany"}},
    [("s", "g", "land")],
)
UNITS = [
    unit("GE-1A", "s", "army", "germany"),
    unit("GE-1C", "s", "corps", "germany"),
    unit("FR-1C", "s"),
    unit("FR-2C", "s"),
    unit("FR-3C", "s"),
    unit("GE-2C", "g", "corps", "germany"),
    unit("GE-M", "g", "marine", "germany"),
]


def board():
    return position(MAP, UNITS, control={"g": "central"})


def test_a_fourth_corps_equivalent_may_not_enter():
    """[9.6]: at most 3 Corps-equivalents per side: the German Corps may not move in."""
    v = judge(board(), "GE-2C", ["g", "s"])
    assert not v.legal and rules(v) == "9.6"


def test_marines_do_not_count():
    """[9.6]: Marines are not counted: the German Marine may move in."""
    assert judge(board(), "GE-M", ["g", "s"]).legal


def test_each_side_counts_apart():
    """[9.6]: the limit is per side. With a German Army (2 Corps-equivalents) and 3 French Corps in
    S, a German Corps may still move in: 3 German Corps-equivalents, the French apart (counting both
    sides it would be 6); the position itself is legal too."""
    from gwa_build import RS

    assert RS.position_problems(board()) == []
    units = [
        unit("GE-1A", "s", "army", "germany"),
        unit("FR-1C", "s"),
        unit("FR-2C", "s"),
        unit("FR-3C", "s"),
        unit("GE-2C", "g", "corps", "germany"),
    ]
    v = judge(position(MAP, units, control={"g": "central"}), "GE-2C", ["g", "s"])
    assert v.legal, v.reasons


def test_retreat_after_combat_may_overflow():
    """[9.6]: a German Retreat-after-Combat into S is allowed (4 Corps-equivalents), to be cut back
    by the end of the turn."""
    m = area_map(
        {"s": {"country": "germany", "starred": True}, "g": {"country": "germany"}},
        [("s", "g", "land")],
    )
    units = [
        unit("GE-1A", "s", "army", "germany"),
        unit("GE-1C", "s", "corps", "germany"),
        unit("GE-2C", "g", "corps", "germany"),
        unit("FR-1C", "g"),
    ]
    b = position(m, units, control={"s": "central"})
    v = judge(b, "GE-2C", ["g", "s"], "retreat_after_combat")
    assert v.legal, v.reasons


def test_no_mobilization_in_a_starred_area():
    """[6.5]: ground units are never mobilized in a starred area (S); next door they may be."""
    from railhead.engine.board import Board
    from railhead.engine.values import ChartValues

    values = ChartValues({"mobilization": {"corps": {"nrc": "3"}}})
    german = [u for u in UNITS if u["side"] == "central"]  # S German-controlled, not contested
    b = position(MAP, german, control={"g": "central"}, banks={"germany": 20}, pool={"germany.corps": 1})
    b = Board(MAP, b.state, values=values)
    v = RS.judge_mobilization(b, "germany", "corps", "s")
    assert not v.legal and rules(v) == "6.5" and "starred" in v.reasons[0].message
    assert RS.judge_mobilization(b, "germany", "corps", "g").legal
