"""T36 [13A3]-[13A5], [13B2]: (a) a demolished canal bridge (8 MP): 3 MP in good weather leaves 5;
the next turn is poor, so 10, and 4 MP leave 6; good again, 3 MP finish it: 10 MP over 3 turns.
(b) two construction units repairing a rail break spend 2 MP each (4 each in poor weather);
railroad engineers pay their reduced costs; never more than halved."""

from fractions import Fraction

from grd_helpers import RS

from railhead.engine.rulesets.grd_great_war.engineering import task_cost, work_left
from railhead.engine.state import Unit
from railhead.engine.verdict import Reason


def _u(uid, cls="construction", size="regiment"):
    return Unit(uid, "entente", "france", cls, "GW2:0101", size, 1, 5, {"re": 1})


def test_a_bridge_repair_across_weather_changes():
    left = work_left(Fraction(8), Fraction(3), "clear", RS)
    assert left == 5
    left = work_left(left, Fraction(4), "mud", RS)
    assert left == 3  # 5 × 2 = 10 − 4 = 6, halved back in good weather
    assert work_left(left, Fraction(3), "clear", RS) == 0


def test_b_two_construction_units_repair_a_rail_break_at_2_each():
    two = [_u("C1"), _u("C2")]
    assert task_cost(RS, "repair_rail_break", two, "clear") == 2
    assert task_cost(RS, "repair_rail_break", two, "mud") == 4
    assert task_cost(RS, "repair_rail_break", two[:1], "clear") == 4


def test_railroad_engineer_costs_and_quick_engineering():
    """[13B2]: 3 MP a break, 1 MP an obstruction; with quick engineering the reduced cost applies
    if either unit is a railroad engineer [13A5]; a brigade counts as two units."""
    rr = _u("RR", "railroad_engineer")
    assert task_cost(RS, "repair_rail_break", [rr], "clear") == 3
    assert task_cost(RS, "clear_obstruction", [rr], "clear") == 1
    assert task_cost(RS, "clear_obstruction", [rr, _u("C")], "clear") == Fraction(1, 2)
    assert task_cost(RS, "clear_obstruction", [_u("B", size="brigade")], "clear") == 1
    assert task_cost(RS, "clear_obstruction", [_u(f"C{k}") for k in range(4)], "clear") == 1  # halved once


def test_regauging_needs_a_railroad_engineer():
    assert isinstance(task_cost(RS, "regauge", [_u("C")], "clear"), Reason)
    assert task_cost(RS, "regauge", [_u("RR", "railroad_engineer")], "clear") == 2
