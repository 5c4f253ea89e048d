"""T13 [7A5f]: (a) a yard captured from a 12-RE net: owner 10, captor +1 usable from next turn;
(b) owner with 1 RE: owner 0, captor nothing; (c) the owner's last yard: capacity 0, both depots
deactivated, captor nothing."""

from grd_helpers import board, doc, nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_a_owner_loses_2_captor_gains_1_next_turn(rules):
    led = cap.capture(nets(entente__n=12, cp__n=5), "entente:n", "cp:n", "yard captured", rules)
    assert led.standing("entente:n") == 10 and led.balance("cp:n") == 5
    later = next_turn(led)
    assert later.standing("entente:n") == 10 and later.balance("cp:n") == 6


def test_b_owner_below_2_loses_all_captor_nothing(rules):
    led = cap.capture(nets(entente__n=1, cp__n=5), "entente:n", "cp:n", "yard captured", rules)
    assert led.standing("entente:n") == 0 and next_turn(led).balance("cp:n") == 5


def test_c_last_yard_lost(rules):
    led, gone = cap.last_yard_lost(nets(entente__n=8), "entente:n", ["d1", "d2"])
    assert led.standing("entente:n") == 0 and gone == ["d1", "d2"]


def test_on_the_sample_capture_of_a_yard():
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    act = {"action": "capture", "hex": "GW2:0904", "by": "central_powers"}
    b = board(doc(rail_actions=[act]))
    rep = RULESET().rail_report(b, "entente")
    assert rep["networks"][0]["standing"] == 28
    assert rep["actions"][0]["captor"] == "central_powers:nw_europe_standard"
