"""T15 [9.2]: Strategic Movement. France's bank is 30: the cap is 3 NRC this game turn."""

from fractions import Fraction

from gwa_build import RS, area_map, judge, position, rules, unit

from railhead.engine.apply import apply_move
from railhead.engine.board import Board

LANDS = {
    "f0": {"country": "france"},
    "f1": {"country": "france"},
    "f2": {"country": "france"},
    "f3": {"country": "france"},
    "f4": {"country": "france"},
    "fx": {"country": "france", "zone": "restricted"},
    "g1": {"country": "germany"},
    "g2": {"country": "germany"},
    "s1": {"country": "serbia"},
    "fc": {"country": "france"},
}
BORDERS = [
    ("f0", "f1", "land"),
    ("f1", "f2", "land"),
    ("f2", "f3", "land"),
    ("f3", "f4", "land"),
    ("f4", "fx", "land"),
    ("f4", "g1", "land"),
    ("g1", "g2", "land"),
    ("f0", "fc", "land"),
    ("f1", "s1", "strategic_obstacle"),
    ("s1", "f3", "land"),  # S1's own line of supply in Winter
]
MAP = area_map(LANDS, BORDERS)
UNITS = [
    unit("FR-1A", "f0", "army"),
    unit("FR-1C", "f4"),
    unit("SR-1C", "f0", nation="serbia"),
    unit("GE-1C", "fc", nation="germany"),
    unit("FR-2C", "fc"),
]


def board(**kw):
    kw.setdefault("control", {"g1": "allies", "g2": "allies", "s1": "allies"})
    return position(MAP, UNITS, banks={"france": 30}, **kw)


def test_army_four_regular_areas_costs_two_nrc():
    """[9.2.1]: ½ NRC per Regular area, any unit size: 4 areas = 2 NRC, paid from the bank."""
    b = board()
    v = judge(b, "FR-1A", ["f0", "f1", "f2", "f3", "f4"], "strategic")
    assert v.legal and v.extra["nrc"] == 2 and v.mp == 0
    after = apply_move(b, v, ["FR-1A"], ["f0", "f1", "f2", "f3", "f4"], "strategic")
    rep = RS.rail_report(Board(MAP, after), "allies")
    france = next(p for p in rep["networks"] if p["pool"] == "france")
    assert france["remaining"] == 28
    assert france["strategic_movement"]["left_this_turn"] == 1


def test_cap_is_ten_percent_of_the_bank():
    """[9.2.2], [9.2.3]: then a Corps 1 Restricted area (1 NRC, total 3) is legal; ½ more is not."""
    b = board()
    v = judge(b, "FR-1A", ["f0", "f1", "f2", "f3", "f4"], "strategic")
    s = apply_move(b, v, ["FR-1A"], ["f0", "f1", "f2", "f3", "f4"], "strategic")
    b = Board(MAP, s)
    v = judge(b, "FR-1C", ["f4", "fx"], "strategic")
    assert v.legal and v.extra["nrc"] == 1
    s = apply_move(b, v, ["FR-1C"], ["f4", "fx"], "strategic")
    b = Board(MAP, s)
    v = judge(b, "FR-1A", ["f4", "f3"], "strategic")
    assert not v.legal and rules(v) == "9.2.3"
    assert RS.rail_report(b, "allies")["networks"][0]["remaining"] == 27


def test_minor_power_units_may_not():
    """[9.2]: a Serbian Corps may not move strategically."""
    v = judge(board(), "SR-1C", ["f0", "f1"], "strategic")
    assert not v.legal and rules(v) == "9.2"


def test_not_ending_in_a_contested_area():
    """[9.2.5]: Strategic Movement never ends in a contested area."""
    v = judge(board(), "FR-1A", ["f0", "fc"], "strategic")
    assert not v.legal and rules(v) == "9.2.5"


def test_next_to_the_border_but_not_two_deep():
    """[9.2.4]: into a French-controlled German area next to France: legal; two areas deep: not."""
    assert judge(board(), "FR-1C", ["f4", "g1"], "strategic").legal
    v = judge(board(), "FR-1C", ["f4", "g1", "g2"], "strategic")
    assert not v.legal and rules(v) == "9.2.4"


def test_ignores_weather_and_obstacles():
    """[9.2.1]: Strategic Movement ignores weather and obstacles: across a Strategic Obstacle in
    Winter into an Allied-controlled Serbian area next to France."""
    v = judge(board(weather="winter"), "FR-1A", ["f0", "f1", "s1"], "strategic")
    assert v.legal and v.extra["nrc"] == 1
    assert not judge(board(weather="winter"), "FR-1A", ["f0", "f1", "s1"]).legal


def test_cap_base_option_both_ways():
    """Spec A39 ``strategic_cap_balance``: segment_start adds this turn's SM spending back (30 ->
    cap 3 after spending 2); current takes the balance now (28 -> cap 2.8, so 1 more NRC fails)."""
    b = board()
    v = judge(b, "FR-1A", ["f0", "f1", "f2", "f3", "f4"], "strategic")
    s = apply_move(b, v, ["FR-1A"], ["f0", "f1", "f2", "f3", "f4"], "strategic")
    assert judge(Board(MAP, s), "FR-1C", ["f4", "fx"], "strategic").legal
    s2 = s.replace(extra={**s.extra, "options": {"strategic_cap_balance": "current"}})
    v = judge(Board(MAP, s2), "FR-1C", ["f4", "fx"], "strategic")
    assert not v.legal and rules(v) == "9.2.3"
    assert RS.rail_report(Board(MAP, s2), "allies")["networks"][0]["strategic_movement"]["cap"] == float(
        Fraction(28, 10)
    )


def test_option_strategic_and_operational_both_ways():
    """Spec A41 ``strategic_and_operational``: by default a unit may make Operational Movement
    after Strategic Movement in the same turn; with the option off it may not."""
    b = board()
    v = judge(b, "FR-1C", ["f4", "f3"], "strategic")
    assert v.changes.unit_fields["FR-1C"]["moved_strategically"] is True
    s = apply_move(b, v, ["FR-1C"], ["f4", "f3"], "strategic")
    assert judge(Board(MAP, s), "FR-1C", ["f3", "f2"]).legal
    s2 = s.replace(extra={**s.extra, "options": {"strategic_and_operational": False}})
    v = judge(Board(MAP, s2), "FR-1C", ["f3", "f2"])
    assert not v.legal and rules(v) == "9.2; 9.3 (spec A41)"
