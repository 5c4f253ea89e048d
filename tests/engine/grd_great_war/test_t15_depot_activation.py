"""T15 [11C1], [7A5e]: activating a depot costs the net 1 RE for good plus 2 upkeep, so a net with
2 REs cannot; the 17-RE case with 7 depots losing 2 yards is in test_capacity_examples."""

import pytest
from grd_helpers import nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_activation_is_permanent_minus_1(rules):
    led = cap.activate_depot(nets(entente__sw=10), "entente:sw", "depot X", rules)
    assert led.balance("entente:sw") == 7
    assert next_turn(led).balance("entente:sw") == 9


def test_a_net_at_2_res_cannot_activate(rules):
    with pytest.raises(cap.Refused, match="11C1"):
        cap.activate_depot(nets(entente__sw=2), "entente:sw", "depot X", rules)
