"""The area game's sequence of play [3], declared in its data file: the moving player (the
position's active_side) moves in his own Player-Turn; Strategic Movement comes first in the Ground
Movement Segment, Operational Movement after it [3.3, 9.2, 9.3]; naval movement only in the Naval
Operations Segment [3.2, 8]; Retreat-before-Combat is the defender's [3.4, 10.10]."""

from __future__ import annotations

import pytest
from gwa_build import RS, area_map, position, unit

from railhead.engine.board import Board
from railhead.engine.queries import judge as ask
from railhead.engine.queries import judge_action
from railhead.errors import InputError

LANDS = {k: {"country": "france"} for k in ("f0", "f1", "f2", "f3")} | {"g1": {"country": "germany"}}
MAP = area_map(
    LANDS, [("f0", "f1", "land"), ("f1", "f2", "land"), ("f2", "f3", "land"), ("f3", "g1", "land")]
)
UNITS = [unit("FR-1C", "f0"), unit("GE-1C", "g1", nation="germany")]


def board(phase=None, active="allies", units=UNITS):
    extra = {"phase": phase} if phase else {}
    return position(MAP, list(units), banks={"france": 30, "germany": 30}, active=active, **extra)


def test_the_non_moving_player_does_not_move():
    """[3]: in the Allied Player-Turn the Central Powers' corps does not move, operationally or
    strategically; in its own it does."""
    for mode in ("ground", "strategic"):
        v = ask(RS, board("ground_movement"), "GE-1C", ["f3"], mode)
        assert (
            not v.legal and v.reasons[0].rule == "3.3" and "not of the phasing side" in v.reasons[0].message
        )
    assert ask(RS, board("ground_movement", active="central"), "GE-1C", ["f3"]).legal


def test_ground_movement_only_in_the_ground_movement_segment():
    """[3.2], [3.3]: no Operational or Strategic Movement in the Naval Operations Segment."""
    for mode in ("ground", "strategic"):
        v = ask(RS, board("naval_operations"), "FR-1C", ["f1"], mode)
        assert not v.legal and v.reasons[0].rule == "3.3" and "ground movement phase" in v.reasons[0].message
        assert ask(RS, board("ground_movement"), "FR-1C", ["f1"], mode).legal


def test_strategic_movement_comes_before_operational_movement():
    """[3.3], [9.2], [9.3]: a corps that made its Operational Movement may not then move
    strategically; strategic first, then operational, is legal (spec A41)."""
    b = board("ground_movement")
    v = ask(RS, b, "FR-1C", ["f1"], "ground")
    assert v.legal
    after = Board(MAP, RS.apply(b, v, ["FR-1C"], ["f0", "f1"], "ground"))
    v = ask(RS, after, "FR-1C", ["f2", "f3"], "strategic")
    assert not v.legal and v.reasons[0].rule == "3.3; 9.2; 9.3" and "comes before" in v.reasons[0].message
    v = ask(RS, b, "FR-1C", ["f1", "f2"], "strategic")
    assert v.legal
    after = Board(MAP, RS.apply(b, v, ["FR-1C"], ["f0", "f1", "f2"], "strategic"))
    assert after.state.unit("FR-1C").attr("moved_strategically") is True
    assert ask(RS, after, "FR-1C", ["f3"], "ground").legal


def test_a_state_that_says_operational_movement_was_made():
    """The position records it (mp_spent > 0 this segment): strategic movement is refused."""
    moved = [unit("FR-1C", "f0", mp_spent=1), UNITS[1]]
    v = ask(RS, board("ground_movement", units=moved), "FR-1C", ["f1"], "strategic")
    assert not v.legal and v.reasons[0].rule == "3.3; 9.2; 9.3"
    v = ask(RS, board(units=moved), "FR-1C", ["f1"], "strategic")  # no phase named: the same order
    assert not v.legal and v.extra["phase"] == {"name": "ground_movement", "side": "allies", "named": False,
                                                "rule": "3.3"}  # fmt: skip


def test_retreat_before_combat_is_the_defenders():
    """[3.4], [10.10]: the moving player does not retreat before combat; the defender may, in the
    Ground Combat Segment only."""
    units = [unit("FR-1C", "f3"), unit("GE-1C", "f3", nation="germany")]
    v = ask(RS, board("ground_combat", units=units), "FR-1C", ["f2"], "retreat_before_combat")
    assert not v.legal and v.reasons[0].rule == "3.4"
    v = ask(
        RS, board("ground_combat", active="central", units=units), "FR-1C", ["f2"], "retreat_before_combat"
    )
    assert v.legal, v.reasons
    v = ask(
        RS, board("ground_movement", active="central", units=units), "FR-1C", ["f2"], "retreat_before_combat"
    )
    assert not v.legal and "only in the ground combat phase" in v.reasons[0].message


def test_grants_end_the_reinforcement_segment():
    """[5.4.2]: an NRC grant is made at the end of the Reinforcement Segment, not later."""
    b = board("ground_movement")
    v = judge_action(RS, b, "grant", {"giver": "france", "receiver": "serbia", "amount": "1"})
    assert not v.legal and v.reasons[0].rule == "3.1" and v.extra["phase"]["name"] == "ground_movement"


def test_a_phase_the_rulebook_lacks_is_bad_input():
    with pytest.raises(
        InputError, match="great_war_area/data.toml declares: reinforcement, naval_operations"
    ):
        board("movement")


SEA_MAP = area_map(
    {"gascony": {"country": "france"}},
    [("gascony", "biscay", "coast")],
    seas={"biscay": {}, "west_med": {}},
    ports={"bordeaux": ("gascony", ["biscay"])},
)


def test_naval_movement_only_in_the_naval_operations_segment():
    """[3.2], [8]: naval activity occurs only during the Naval Operations Segment: a squadron that
    may sail in it is refused in the Ground Movement Segment (and the Reinforcement Segment)."""
    sq = [unit("FR-SQ", "bordeaux", "squadron", "france")]
    b = position(SEA_MAP, sq, active="allies", phase="naval_operations")
    assert ask(RS, b, "FR-SQ", ["biscay"], "naval").legal
    for phase in ("ground_movement", "reinforcement"):
        b = position(SEA_MAP, sq, active="allies", phase=phase)
        v = ask(RS, b, "FR-SQ", ["biscay"], "naval")
        assert not v.legal and v.reasons[0].rule == "3.2; 8", v.reasons


def test_no_movement_in_the_supply_segment():
    """[3.5]: the Supply Segment ends the Player-Turn: supply is determined in it (``railhead
    supply``), and no unit moves, operationally or strategically."""
    for mode in ("ground", "strategic"):
        v = ask(RS, board("supply"), "FR-1C", ["f1"], mode)
        assert not v.legal and v.reasons[0].rule == "3.3", v.reasons
