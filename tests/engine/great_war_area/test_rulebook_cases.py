"""Cases read from the rulebook (not the spec): the defenders retreat together [10.4.5],
[10.10.2], [10.13.1]; a neutral only when no other retreat is open [10.13.2]; Retreat-before-Combat
is a choice [10.10.1], so its payment [10.10.3] is deliberate spending under the ceiling [5.3]."""

import pytest
from gwa_build import RS, area_map, position, rules, unit

from railhead.engine.apply import apply_move
from railhead.engine.board import Board

MAP = area_map(
    {
        "z": {"country": "france"},
        "f": {"country": "france"},
        "n": {"country": "holland"},
        "paris": {"country": "france", "capital": "france"},
        "picardy": {"country": "france"},
        "rhineland": {"country": "germany"},
    },
    [("z", "f", "land"), ("z", "n", "land"), ("picardy", "paris", "land"), ("rhineland", "picardy", "land")],
)
DEFENDERS = ["FR-1A", "FR-1C", "FR-2C"]


def board(banks=None, control=None, **kw):
    units = [
        unit("FR-1A", "z", "army"),
        unit("FR-1C", "z"),
        unit("FR-2C", "z"),
        unit("GE-1A", "z", "army", "germany"),
    ]
    return position(MAP, units, control=control, banks=banks or {"france": 100}, **kw)


@pytest.mark.parametrize("mode", ["retreat_before_combat", "retreat_after_combat"])
def test_all_defending_units_retreat_together(mode):
    """[10.4.5], [10.10.2], [10.13.1]: the attack is against every defending unit of the area and
    they retreat together: two of the three alone is illegal, all three legal."""
    v = RS.judge_move(board(), ["FR-1A", "FR-1C"], ["z", "f"], mode)
    assert not v.legal
    assert "10.10.2" in rules(v) if mode == "retreat_before_combat" else rules(v) == "10.13.1"
    assert "FR-2C" in v.reasons[0].message
    assert RS.judge_move(board(), DEFENDERS, ["z", "f"], mode).legal


def test_after_combat_an_out_of_supply_unit_is_destroyed_not_left_behind():
    """[10.13], [10.13.1]: after combat the out-of-supply unit is destroyed by the retreat result,
    so the others retreat without it."""
    units = [
        unit("FR-1A", "z", "army"),
        unit("FR-1C", "z", in_supply=False),
        unit("GE-1A", "z", "army", "germany"),
    ]
    b = position(MAP, units, banks={"france": 10})
    assert RS.judge_move(b, ["FR-1A"], ["z", "f"], "retreat_after_combat").legal


def test_after_combat_into_a_neutral_only_when_no_other_retreat_is_open():
    """[10.13.2]: internment in the adjacent neutral is open only if the defenders cannot retreat
    otherwise: with friendly F open it is refused; with F enemy-controlled it is legal. Before
    combat [10.10.2] the neutral stays open beside F."""
    v = RS.judge_move(board(), DEFENDERS, ["z", "n"], "retreat_after_combat")
    assert not v.legal and rules(v) == "10.13.2" and "f is" in v.reasons[0].message
    r = RS.retreat_result(board(), DEFENDERS)
    assert r["retreat_into"] == ["f"] and r["internment_into"] == []
    closed = board(control={"f": "central"})
    assert RS.judge_move(closed, DEFENDERS, ["z", "n"], "retreat_after_combat").legal
    assert RS.retreat_result(closed, DEFENDERS)["internment_into"] == ["n"]
    assert RS.judge_move(board(), DEFENDERS, ["z", "n"], "retreat_before_combat").legal


@pytest.mark.parametrize("counts", ["forced_too", "deliberate_only"])
def test_retreat_before_combat_is_spending_refused_past_the_ceiling(counts):
    """[5.3], [10.10.1], [10.10.3]: Retreat-before-Combat is the defender's option, so its 3 NRC
    are deliberate spending: with a 10 % ceiling of 100 and 8 spent already it is refused (rule
    5.3), whatever ``ceiling_counts`` says of forced payments; with 7 spent it is legal and counts."""
    spent = {
        "period": "turn",
        "capacity": {},
        "pools": {"france": [{"unit": "x", "amount": 8, "what": "mobilization", "rule": "6"}]},
    }
    opts = {"ceiling_counts": counts}
    b = board(nrc_ceiling=10, options=opts)
    b = Board(MAP, b.state.with_ledger("nrc-turn", spent))
    v = RS.judge_move(b, DEFENDERS, ["z", "f"], "retreat_before_combat")
    assert not v.legal and rules(v) == "5.3"
    spent["pools"]["france"][0]["amount"] = 7
    b = Board(MAP, b.state.with_ledger("nrc-turn", spent))
    v = RS.judge_move(b, DEFENDERS, ["z", "f"], "retreat_before_combat")
    assert v.legal
    after = Board(MAP, apply_move(b, v, DEFENDERS, ["z", "f"], "retreat_before_combat"))
    france = RS.rail_report(after, "allies")["networks"][0]
    assert france["ceiling"]["spent_this_turn"] == 10


@pytest.mark.parametrize(("counts", "spent"), [("forced_too", 50), ("deliberate_only", 0)])
def test_a_forced_payment_is_never_refused_and_counts_by_option(counts, spent):
    """[5.3], [5.6], spec A21 ``ceiling_counts``: the loss of a capital (half of 100) is forced: never
    refused by a 10 % ceiling, and counted toward it or not as the option says."""
    units = [unit("GE-1C", "picardy", nation="germany")]
    control = {"picardy": "central", "paris": "allies"}
    opts = {"ceiling_counts": counts}
    b = position(MAP, units, control=control, banks={"france": 100}, active="central",
                 first_side="central", turn=3, nrc_ceiling=10, options=opts)  # fmt: skip
    v = RS.judge_move(b, ["GE-1C"], ["picardy", "paris"], "ground")
    after = Board(MAP, apply_move(b, v, ["GE-1C"], ["picardy", "paris"], "ground"))
    ledgers, _ = RS.end_of_player_turn(Board(MAP, after.state.replace(active_side="allies")), "allies")
    state = after.state
    for k, led in ledgers.items():
        state = state.with_ledger(k, led)
    france = RS.rail_report(Board(MAP, state), "allies")["networks"][0]
    assert france["remaining"] == 50 and france["ceiling"]["spent_this_turn"] == spent


def test_own_national_territory_under_control_is_supply():
    """[11.2.1]: a unit in a friendly-controlled area of its own National Territory is in supply
    with no line, every neighbour enemy-held; in the same area contested it is not (no line either)."""
    m = area_map(
        {"f1": {"country": "france"}, "g1": {"country": "germany"}, "g2": {"country": "germany"}},
        [("f1", "g1", "land"), ("f1", "g2", "land")],
    )
    control = {"g1": "central", "g2": "central", "f1": "allies"}
    b = position(m, [unit("FR-1C", "f1"), unit("GE-1C", "g1", nation="germany")], control=control)
    (entry,) = RS.supply_report(b, "allies")["units"]
    assert entry["status"] == "in supply" and entry["rules"] == ["11.2.1"]
    units = [unit("FR-1C", "f1"), unit("GE-1C", "f1", nation="germany")]
    (entry,) = RS.supply_report(position(m, units, control=control), "allies")["units"]
    assert entry["status"] != "in supply"
