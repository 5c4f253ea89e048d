"""T23 [5.6], [12] (spec A40): a Major Power's capital taken, and a minor country liberated, as
entries in the NRC bank ledger."""

from fractions import Fraction

import pytest
from gwa_build import RS, area_map, position, unit

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.values import ChartValues
from railhead.errors import InputError

MAP = area_map(
    {
        "paris": {"country": "france", "capital": "france"},
        "picardy": {"country": "france"},
        "champagne": {"country": "france"},
        "s1": {"country": "serbia"},
        "s2": {"country": "serbia"},
        "s3": {"country": "serbia"},
        "s4": {"country": "serbia"},
        "rhineland": {"country": "germany"},
        "bessarabia": {"country": "russia"},
    },
    [("rhineland", "picardy", "land"), ("picardy", "paris", "land"), ("paris", "champagne", "land")]
    + [("bessarabia", "s4", "land"), ("s1", "s2", "land"), ("s2", "s3", "land"), ("s3", "s4", "land")],
)
CONTROL = {"picardy": "central", "paris": "allies", "champagne": "allies"}


def taken_paris(first_side="central", turn=3, french_in_paris=False, **kw):
    """Game turn ``turn``, CP Player-Turn: a German Corps enters Paris from Picardy; France has 40."""
    units = [unit("GE-1C", "picardy", nation="germany"), unit("FR-1C", "champagne")]
    if french_in_paris:
        units.append(unit("FR-2C", "paris"))
    b = position(MAP, units, control=CONTROL, banks={"france": 40}, active="central",
                 first_side=first_side, turn=turn, **kw)  # fmt: skip
    v = RS.judge_move(b, ["GE-1C"], ["picardy", "paris"], "ground")
    assert v.legal, v.reasons
    return b, v, apply_move(b, v, ["GE-1C"], ["picardy", "paris"], "ground")


def at(state, **changes):
    return Board(MAP, state.replace(**changes))


def end_allied_turn(board):
    ledgers, effects = RS.end_of_player_turn(board, "allies")
    state = board.state
    for k, v in ledgers.items():
        state = state.with_ledger(k, v)
    return Board(MAP, state), effects


def france(board):
    return RS.rail_report(board, "allies")["networks"][0]["remaining"]


def test_sole_control_of_the_capital_starts_the_clock():
    """[5.6]: the move that gives the CP sole control of Paris records the game turn."""
    _, v, after = taken_paris()
    assert v.changes.locations["paris"] == {"owner": "central", "fields": {"capital_taken": 3}}
    assert any("capital of france" in e for e in v.effects)
    held = RS.rail_report(Board(MAP, after), "allies")["capitals_held_by_the_enemy"]
    assert held == [
        {
            "power": "france",
            "area": "paris",
            "taken_turn": 3,
            "loss": 20,
            "due": "end of france's next Player-Turn after game turn 3, unless regained",
            "rule": "5.6",
        }
    ]


def test_not_retaken_by_the_end_of_frances_next_player_turn():
    """[5.6] (a): France has not retaken Paris by the end of its next Player-Turn: 40 -> 20; paid
    once only, and retaking Paris later restores nothing."""
    _, _, after = taken_paris(first_side="central")
    b, effects = end_allied_turn(at(after, active_side="allies"))
    assert france(b) == 20 and effects == ["france loses 20 NRC: paris is still held by central (5.6)"]
    b2, effects = end_allied_turn(at(b.state, turn=4))
    assert france(b2) == 20 and effects == []
    fr = next(u for u in b2.state.units if u.id == "FR-1C")
    v = RS.judge_move(at(b2.state, active_side="allies"), [fr.id], ["champagne", "paris"], "ground")
    back = apply_move(at(b2.state, active_side="allies"), v, [fr.id], ["champagne", "paris"], "ground")
    assert france(Board(MAP, back)) == 20  # no refund


def test_retaken_in_time_costs_nothing():
    """[5.6] (a): France retakes Paris in its next Player-Turn: no loss."""
    _, _, after = taken_paris()
    b = at(after, active_side="allies")
    v = RS.judge_move(b, ["FR-1C"], ["champagne", "paris"], "ground")
    b, effects = end_allied_turn(Board(MAP, apply_move(b, v, ["FR-1C"], ["champagne", "paris"], "ground")))
    assert france(b) == 40 and effects == []


def test_the_next_player_turn_follows_the_turn_order():
    """[3], [5.6]: when the Allies move first, their Player-Turn of the same game turn came before
    the taking; the loss falls due at the end of their Player-Turn of the next game turn."""
    _, _, after = taken_paris(first_side="allies")
    b, effects = end_allied_turn(at(after))
    assert france(b) == 40 and effects == []
    b, effects = end_allied_turn(at(after, turn=4))
    assert france(b) == 20


def test_the_turn_order_is_needed_on_the_turn_of_the_taking():
    """[3]: which side moves first is a Situation fact; without it the loss cannot be dated."""
    _, _, after = taken_paris()
    doc = dict(after.extra)
    doc.pop("first_side")
    with pytest.raises(InputError, match="first_side"):
        RS.end_of_player_turn(Board(MAP, after.replace(extra=doc)), "allies")


def test_a_contested_capital_starts_no_clock():
    """[5.6], [4], spec A40: entering Paris while French units hold it makes it contested: no loss."""
    _, v, after = taken_paris(french_in_paris=True)
    assert "paris" not in v.changes.locations
    b, effects = end_allied_turn(at(after, turn=4))
    assert france(b) == 40 and RS.rail_report(b, "allies")["capitals_held_by_the_enemy"] == []


def test_option_contested_capital_taken_both_ways():
    """[5.6], [4], spec A40 ``contested_capital_taken``: a German Corps contests Paris (French units
    still there). By default no clock starts (above); counting a contested capital as taken, the
    area records the turn and France loses half at the end of its next Player-Turn if still
    contested."""
    _, v, after = taken_paris(french_in_paris=True, options={"contested_capital_taken": True})
    assert v.changes.locations["paris"]["fields"]["capital_taken"] == 3
    b, effects = end_allied_turn(at(after, turn=4))
    assert france(b) == 20 and effects


SERBIA = {"s1": "central", "s2": "central", "s3": "central", "s4": "central"}


@pytest.mark.parametrize(
    ("path", "bonus"), [(["bessarabia", "s4", "s3", "s2", "s1"], 20), (["bessarabia", "s4", "s3"], 0)]
)
def test_liberation_bonus(path, bonus):
    """[12] (b), spec A22: Serbia's 4 areas all CP-controlled; a Serbian Corps frees all of them (4 MP):
    +20 NRC (5 x 4) at once, into the index that holds Serbia's NRC. Freeing 3 of 4: nothing."""
    b = position(MAP, [unit("SE-1C", "bessarabia", nation="serbia")], control=SERBIA,
                 banks={"russia": 10}, nrc_index={"serbia": "russia"})  # fmt: skip
    v = RS.judge_move(b, ["SE-1C"], path, "ground")
    assert v.legal, v.reasons
    got = v.extra["ledgers"].get("nrc")
    if bonus:
        assert got["pools"]["russia"][-1]["amount"] == 20 and got["pools"]["russia"][-1]["rule"] == "12"
        assert any("serbia is liberated" in e for e in v.effects)
    else:
        assert got is None


@pytest.mark.parametrize(("option", "gains"), [(None, "russia"), ("liberator", "france")])
def test_option_liberation_bonus_to_both_ways(option, gains):
    """[12], spec A22 ``liberation_bonus_to``: a French Corps frees all of Serbia (whose NRC Russia's
    index holds): the 20 NRC go to Russia by default, to France when the liberator is paid."""
    extra = {"options": {"liberation_bonus_to": option}} if option else {}
    b = position(MAP, [unit("FR-1C", "bessarabia")], control=SERBIA,
                 banks={"russia": 10, "france": 10}, nrc_index={"serbia": "russia"}, **extra)  # fmt: skip
    v = RS.judge_move(b, ["FR-1C"], ["bessarabia", "s4", "s3", "s2", "s1"], "ground")
    assert v.legal, v.reasons
    pools = v.extra["ledgers"]["nrc"]["pools"]
    assert pools[gains][-1]["amount"] == 20 and pools[gains][-1]["rule"] == "12"
    assert all(e["rule"] != "12" for k, es in pools.items() if k != gains for e in es)


def test_liberation_needs_the_index_that_holds_the_minors_nrc():
    """[5.1], spec A22: without ``nrc_index`` the bonus has no pool: a clear message."""
    b = position(MAP, [unit("SE-1C", "bessarabia", nation="serbia")], control=SERBIA, banks={"russia": 10})
    with pytest.raises(InputError, match="nrc_index.serbia"):
        RS.judge_move(b, ["SE-1C"], ["bessarabia", "s4", "s3", "s2", "s1"], "ground")


# ---------------------------------------------------------------- (d) mobilization [6.4]-[6.6]
MOB = area_map(
    {
        "paris": {"country": "france", "capital": "france"},
        "verdun": {"country": "france", "starred": True},
        "flanders": {"country": "belgium"},
    },
    [("paris", "flanders", "land"), ("paris", "verdun", "land"), ("paris", "channel", "coast")],
    seas={"channel": {}},
    ports={"le_havre": ("paris", ["channel"])},
)
COSTS = ChartValues(
    {"mobilization": {"army": {"nrc": "6"}, "corps": {"nrc": "3"}, "motor_army": {"nrc": "9"}}}
)


def mob_board(values=COSTS, control=None, **kw):
    pool = {"france.army": 2, "france.corps": 2, "france.motor_army": 1, "france.squadron": 1}
    b = position(
        MOB, [], control=control or {"flanders": "allies"}, banks={"france": 40}, turn=5, pool=pool, **kw
    )
    return Board(MOB, b.state, values=values)


@pytest.mark.parametrize(
    ("cls", "where", "arrives", "nrc"),
    [("army", "paris", 7, 6), ("corps", "flanders", 9, 3), ("motor_army", "paris", 17, 9),
     ("squadron", "le_havre", 17, 4)],
)  # fmt: skip
def test_mobilization_arrival(cls, where, arrives, nrc):
    """(d) [6.5], [6.6], spec A17: paid in game turn 5: an Army arrives 2 turns later, a Corps in a
    friendly area outside France 2 + 2, a Motor Army 12, a Squadron (4 NRC) 12 at its port."""
    v = RS.judge_mobilization(mob_board(), "france", cls, where)
    assert v.legal, v.reasons
    assert v.extra["arrives"] == arrives and v.extra["nrc"] == nrc
    assert v.extra["ledgers"]["nrc"]["pools"]["france"][-1]["amount"] == nrc


def test_mobilization_only_in_the_reinforcement_segment():
    """[3.1], [6.4]: the Moving Player mobilizes in his Reinforcement Segment; a position in his
    Ground Movement Segment is refused, citing the sequence of play."""
    b = mob_board(phase="reinforcement", active="allies")
    assert RS.judge_mobilization(b, "france", "army", "paris").legal
    b = mob_board(phase="ground_movement", active="allies")
    v = RS.judge_mobilization(b, "france", "army", "paris")
    assert not v.legal and v.reasons[0].rule == "3.1" and "Reinforcement Segment" in v.reasons[0].message


def test_mobilization_is_an_action_of_the_sequence_of_play():
    """[3.1], [6.4]: ``railhead act MAP STATE mobilize ...`` judges a mobilization as the rules do,
    in the Reinforcement Segment only (the core's sequence of play refuses it elsewhere, exit 1)."""
    from railhead.engine.queries import judge_action

    args = {"nation": "france", "unit_class": "army", "where": "paris"}
    v = judge_action(RS, mob_board(phase="reinforcement", active="allies"), "mobilize", args)
    assert v.legal and v.extra["arrives"] == 7 and v.extra["nrc"] == 6
    v = judge_action(RS, mob_board(phase="ground_movement", active="allies"), "mobilize", args)
    assert not v.legal and v.reasons[0].rule.startswith("3.1")


def test_mobilization_arrival_option_both_ways():
    """[6.5], spec A17 ``mobilization_arrival``: "two full game turns after" payment in turn 5: 7, or 8."""
    b = mob_board(options={"mobilization_arrival": "after_two_full_turns"})
    assert RS.judge_mobilization(b, "france", "army", "paris").extra["arrives"] == 8


def test_mobilization_refusals():
    """[6.5]: never in a starred area; [6.3] (A31): no Task Force; [6.1]: not with all of France
    in enemy hands; [6.4]: the unprinted cost comes from the chart-values file, named."""
    why = RS.judge_mobilization(mob_board(), "france", "army", "verdun").reasons[0]
    assert why.rule == "6.5" and "starred" in why.message
    assert not RS.judge_mobilization(mob_board(), "france", "task_force", "le_havre").legal
    lost = mob_board(control={"paris": "central", "verdun": "central", "flanders": "allies"})
    assert RS.judge_mobilization(lost, "france", "corps", "flanders").reasons[0].rule == "6.1; 6.4"
    with pytest.raises(InputError, match=r"\[mobilization.army\]"):
        RS.judge_mobilization(mob_board(values=ChartValues()), "france", "army", "paris")


def test_mobilization_pool():
    """[6.1]: never more units than the Mobilization Pool holds; each mobilization takes one."""
    b = position(MOB, [], banks={"france": 40}, pool={"france.army": 1, "france.corps": 0})
    b = Board(MOB, b.state, values=COSTS)
    v = RS.judge_mobilization(b, "france", "army", "paris")
    assert v.legal and v.extra["ledgers"]["mobilization-pool"]["pools"]["france.army"][0]["amount"] == 1
    assert RS.judge_mobilization(b, "france", "corps", "paris").reasons[0].rule == "6.1"
    with pytest.raises(InputError, match="france.motor_army"):
        RS.judge_mobilization(b, "france", "motor_army", "paris")


def test_corps_lost_twice():
    """(c) [6.2], [10.11.5]: German pool 12 Armies / 10 Corps; a Corps lost (no NRC to pay): ½ an
    Army gone (11½); a second: 12 -> 11 Armies, and both Corps may be mobilized anew (12)."""
    from railhead.engine.ledger import Ledger

    units = [unit("GE-1C", "z", nation="germany"), unit("GE-2C", "z", nation="germany")]
    m = area_map({"z": {"country": "germany"}}, [])
    b = position(m, units, banks={"germany": 0}, pool={"germany.army": 12, "germany.corps": 10})
    state = b.state
    for uid in ("GE-1C", "GE-2C"):
        v = RS.judge_combat_loss(Board(m, state), "germany", 1, [uid])
        assert v.changes.removed == (uid,)
        state = apply_move(Board(m, state), v, [], [], "ground")
        pool = Ledger.of(state, "mobilization-pool", period="game")
        if uid == "GE-1C":
            assert pool.balance("germany.army") == Fraction(23, 2)
    assert pool.balance("germany.army") == 11 and pool.balance("germany.corps") == 12


def test_separate_peace_conditions():
    """[15.1.2] (multi-player option), read from control and the bank: with Paris and Picardy in CP
    hands (2 of France's 3 areas, the capital among them) France may make a separate peace; with
    Paris free it may not, unless its NRC balance is 0."""
    _, _, after = taken_paris()
    rep = RS.rail_report(Board(MAP, after), "allies")["separate_peace_possible"]
    assert rep["rule"] == "15.1.2"
    assert rep["powers"] == {
        "france": ["2 of its 3 areas, the capital among them, are enemy-held or contested"]
    }
    free = position(MAP, [], control=CONTROL, banks={"france": 40})
    assert RS.rail_report(free, "allies")["separate_peace_possible"]["powers"] == {}
    broke = position(MAP, [], control=CONTROL, banks={"france": 0})
    assert RS.rail_report(broke, "allies")["separate_peace_possible"]["powers"] == {
        "france": ["its NRC balance is 0"]
    }
