"""§9 T2: mountain passes (8.33, 12.2)."""

from gmt_helpers import U, board, geo, move

TOWN = {"E2816": ("Hermannstadt", "town", {})}


def pass_map():
    return geo(("eastern",), plain=False, places=TOWN)


def test_t02_along_the_pass_costs_one():
    """8.33: E2717 -> E2618 follows the pass: 1 MP when the weather is not Snow."""
    b = board(pass_map(), [U("AH-1", "E2717", nation="ah")], weather={"e": "fair"})
    v = move(b, "AH-1", "E2618")
    assert v.legal and v.mp == 1


def test_t02_across_the_pass_costs_two():
    """8.33: E2617 -> E2618 does not run along the pass: 2 MP."""
    b = board(pass_map(), [U("AH-1", "E2617", nation="ah")], weather={"e": "fair"})
    v = move(b, "AH-1", "E2618")
    assert v.legal and v.mp == 2


def test_t02_snow_pass_is_a_mountain():
    """8.33, 12.2: in Snow a pass is a mountain hex: 2 MP for non-mountain units even along it."""
    b = board(pass_map(), [U("AH-1", "E2717", nation="ah")], weather={"e": "snow"})
    v = move(b, "AH-1", "E2618")
    assert v.legal and v.mp == 2


def test_t02_mountain_units_pay_one():
    """8.32: mountain units pay 1 MP for mountain (and pass) hexes."""
    b = board(pass_map(), [U("AH-M", "E2617", nation="ah", cls="mountain")], weather={"e": "snow"})
    assert move(b, "AH-M", "E2618").mp == 1
