"""The sequence of play (4.2, 4.21, 5.85, 5.86, 8.11, 19.51): who moves in which theatre in the
phase the position names."""

import pytest
from gmt_helpers import RS, U, board, geo, move

from railhead.engine.rulesets.gmt_great_war.bulk import reach_all
from railhead.errors import InputError

FRONTS = ("western", "eastern")
UNITS = [
    U("GE-W", "W5028"),
    U("FR-W", "W5010", side="allied", nation="fr"),
    U("GE-E", "E5102"),
    U("RU-E", "E4129", side="allied", nation="ru"),
]
MOVES = {"GE-W": "W5029", "FR-W": "W5011", "GE-E": "E5103", "RU-E": "E4130"}


def movers(b):
    return {uid for uid, to in MOVES.items() if move(b, uid, to).legal}


def gated(b):
    return {
        uid
        for uid, to in MOVES.items()
        if move(b, uid, to).reasons[:1] and move(b, uid, to).reasons[0].rule == "4.21"
    }


def test_first_mutual_movement_initiative_player_moves_in_his_theatre():
    """4.21, 5.85: in the 1st Mutual Movement Phase the CP (Western initiative) move in the West
    while the Allies move in the East; in the 2nd the theatres are swapped."""
    b = board(geo(FRONTS), UNITS, phase="first_mutual_movement", western_initiative="cp")
    assert movers(b) == {"GE-W", "RU-E"} and gated(b) == {"FR-W", "GE-E"}
    b = board(geo(FRONTS), UNITS, phase="second_mutual_movement", western_initiative="cp")
    assert movers(b) == {"FR-W", "GE-E"} and gated(b) == {"GE-W", "RU-E"}
    b = board(geo(FRONTS), UNITS, phase="first_mutual_movement", western_initiative="allied")
    assert movers(b) == {"FR-W", "GE-E"}
    reach = reach_all(RS, b, "cp")
    assert reach["GE-W"] == {b.arrays.index["W5028"]: 0.0} and len(reach["GE-E"]) > 1


def test_august_1914_initiative():
    """19.51: the CP begin with the Western initiative, the Allies with the Eastern, for the first
    two turns; after that the position must say who holds it."""
    b = board(geo(FRONTS), UNITS, phase="first_mutual_movement", date="1914-08")
    assert gated(b) == {"FR-W", "GE-E"}
    b = board(geo(FRONTS), UNITS, phase="first_mutual_movement", date="1915-05")
    with pytest.raises(InputError, match="initiative"):
        move(b, "GE-W", "W5029")


def test_no_operational_movement_outside_mutual_movement():
    """8.11, 4.2: operational movement only in a Mutual Movement Phase; strategic and sea movement
    only in the Strategic Movement Phase, the side whose half it is."""
    b = board(geo(FRONTS), UNITS, phase="first_combat", western_initiative="cp")
    v = move(b, "GE-W", "W5029")
    assert not v.legal and v.reasons[0].rule == "8.11"
    path = ["E5102", "E5103", "E5104", "E5205"]
    b = board(geo(FRONTS), UNITS, phase="first_mutual_movement", western_initiative="cp")
    v = RS.judge_move(b, ["GE-E"], path, "strategic")
    assert not v.legal and v.reasons[0].rule == "4.2"
    b = board(geo(FRONTS), UNITS, phase="strategic_movement", active_side="allied")
    v = RS.judge_move(b, ["GE-E"], path, "strategic")
    assert not v.legal and v.reasons[0].rule == "4.2" and "Allies move first" in v.reasons[0].message
    b = board(geo(FRONTS), UNITS, phase="strategic_movement", active_side="cp")
    assert RS.judge_move(b, ["GE-E"], path, "strategic").legal
    assert move(b, "GE-E", "E5103").reasons[0].rule == "8.11"


def test_a_phase_outside_the_sequence_gates_nothing():
    """A position whose phase is not one of this game's (the core default "movement") names no
    phase of its sequence: every unit may be judged."""
    b = board(geo(FRONTS), UNITS)
    assert movers(b) == set(MOVES)
