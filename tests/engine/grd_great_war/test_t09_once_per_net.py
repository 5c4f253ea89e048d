"""T09 [7A4]: a rifle brigade that rails, walks, and rails again on the same net in one turn is
charged its 2 REs once."""

from fractions import Fraction

from grd_helpers import nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_second_rail_move_on_the_net_costs_nothing_more():
    led = cap.charge_move(nets(entente__nw=10), "entente:nw", "BDE", Fraction(2))
    led = cap.charge_move(led, "entente:nw", "BDE", Fraction(2))
    assert led.balance("entente:nw") == 8
    assert [e.amount for e in led.entries["entente:nw"]] == [2]


def test_a_later_low_volume_move_pays_the_difference():
    led = cap.charge_move(nets(entente__nw=10), "entente:nw", "BDE", Fraction(2))
    led = cap.charge_move(led, "entente:nw", "BDE", Fraction(4))
    assert led.balance("entente:nw") == 6


def test_the_charge_is_forgotten_next_turn():
    led = cap.charge_move(nets(entente__nw=10), "entente:nw", "BDE", Fraction(2))
    assert next_turn(led).balance("entente:nw") == 10


def test_no_capacity_left_refuses_the_move():
    import pytest

    led = nets(entente__nw=1)
    with pytest.raises(cap.Refused, match="7A4"):
        cap.charge_move(led, "entente:nw", "BDE", Fraction(2))
