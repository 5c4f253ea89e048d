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


def test_applied_moves_keep_the_ledger_across_the_turn():
    """[7A4]: moves applied one after another (as `check` replays them) spend the same net once
    each; the turn's upkeep and capacity actions are not counted twice."""
    from grd_helpers import RS, board, doc, judge

    values = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}
    act = [{"action": "temporary_increase", "side": "entente", "net": "nw_europe_standard", "res_pts": 1}]
    b = board(doc(rail_actions=act), values=values)
    v = judge(b, "FR-RES", ["GW2:0304"], "rail")
    assert v.extra["rail"]["charges"]["entente:nw_europe_standard"]["remaining"] == 30 + 10 - 4 - 2
    state = RS.apply(b, v, ["FR-RES"], ["GW2:0204", "GW2:0304"], "rail")
    from railhead.engine.board import Board

    b2 = Board(b.map, state, values=b.values)
    v = judge(b2, "FR-ART", ["GW2:0704"], "rail")
    assert v.extra["rail"]["charges"]["entente:nw_europe_standard"]["remaining"] == 30 + 10 - 4 - 2 - 2
    net = RS.rail_report(
        Board(b.map, RS.apply(b2, v, ["FR-ART"], ["GW2:0804", "GW2:0704"], "rail"), values=b.values),
        "entente",
    )["networks"][0]
    assert net["remaining"] == 32
    assert [e["unit"] for e in net["entries"] if e["what"] == "rail movement"] == ["FR-RES", "FR-ART"]
