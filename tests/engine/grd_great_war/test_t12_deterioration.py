"""T12 [7A5g]: roll 6, +3 for 7 REs of railroad engineers, −5 for 11 depots → 4: lose 1 RE; with
Lille not Entente-owned 2 REs; nets of 20 REs or less, or without enemy units, are not checked."""

from fractions import Fraction

from grd_helpers import board, doc, nets

from railhead.engine.rulesets.grd_great_war import capacity as cap


def _check(rules, capacity=40, enemy=True, extra=0, roll=6):
    led = nets(entente__nw=capacity)
    return cap.deterioration(
        led,
        "entente:nw",
        roll,
        engineer_res=Fraction(7),
        depots=11,
        enemy_present=enemy,
        extra_loss=Fraction(extra),
        rules=rules,
    )


def test_book_example_loses_1(rules):
    led, det = _check(rules)
    assert det.modified == 4 and det.loss == 1 and led.standing("entente:nw") == 39


def test_lille_lost_loses_2(rules):
    led, det = _check(rules, extra=1)
    assert det.loss == 2 and led.standing("entente:nw") == 38


def test_no_check_at_20_or_without_enemy(rules):
    assert not _check(rules, capacity=20)[1].checked
    assert not _check(rules, enemy=False)[1].checked


def test_7_or_more_no_loss(rules):
    led, det = cap.deterioration(
        nets(entente__nw=40),
        "entente:nw",
        6,
        engineer_res=Fraction(2),
        depots=0,
        enemy_present=True,
        extra_loss=Fraction(0),
        rules=rules,
    )
    assert det.modified == 7 and det.loss == 0


def test_on_the_sample_with_a_given_roll_and_lille_off_the_map():
    """The position's given roll is used; Lille (GW2:0623) is not on the sample: ``lille_lost``."""
    d = doc(
        rolls=[1],
        lille_lost=True,
        rail_actions=[{"action": "deterioration", "side": "entente", "net": "nw_europe_standard"}],
    )
    d["units"].append(
        {
            "id": "X",
            "side": "central_powers",
            "nation": "germany",
            "class": "rifle",
            "size": "brigade",
            "strength": 2,
            "movement": 5,
            "hex": "GW2:0304",
            "attrs": {"re": 2},
        }
    )
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    rep = RULESET().rail_report(board(d), "entente")
    check = rep["actions"][0]["checks"][0]
    assert check["roll"] == 1 and check["source"] == "given" and check["loss"] == 2
    assert rep["networks"][0]["standing"] == 28
