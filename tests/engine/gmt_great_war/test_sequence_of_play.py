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


def test_a_position_that_names_no_phase_gates_no_theatre():
    """A position that names no phase: each move is judged in the phase it belongs to (ground
    moves in a Mutual Movement Phase, both sides moving), with no theatre to gate it."""
    b = board(geo(FRONTS), UNITS)
    assert movers(b) == set(MOVES)


def test_a_phase_the_rulebook_lacks_is_bad_input():
    """4.2, 4.3: "movement" is no phase of this game; the error names the data file and its phases."""
    with pytest.raises(InputError, match="gmt_great_war/data.toml declares: events, new_units"):
        board(geo(FRONTS), UNITS, phase="movement")


SEA = ("W5801", "sea_lanes", "W2022")  # Le Havre to Venice (9.51, 17.21: in 1917)
SEA_FRONTS = ("western", "italian", "eastern")
STRATEGIC = ["E5102", "E5103", "E5104", "E5205"]


def test_a_sea_move_then_no_strategic_move_and_the_other_way():
    """9.56: an Allied unit that moves by sea makes no regular Strategic Movement in the same
    Strategic Movement Phase; one that moved strategically makes no sea move. Each alone is legal
    in the Allied half of the phase."""
    from railhead.engine.board import Board

    br = [U("BR-1", "W5801", side="allied", nation="br")]
    b = board(geo(SEA_FRONTS), br, phase="strategic_movement", active_side="allied", date="1917-05")
    v = RS.judge_move(b, ["BR-1"], list(SEA), "sea")
    assert v.legal, v.reasons
    after = Board(b.map, RS.apply(b, v, ["BR-1"], list(SEA), "sea"), values=b.values)
    assert after.state.unit("BR-1").attr("moved_by_sea") is True
    v = RS.judge_move(after, ["BR-1"], ["W2022", "W2023"], "strategic")
    assert not v.legal and v.reasons[0].rule == "9.56" and "by sea" in v.reasons[0].message
    moved = [U("BR-1", "W5801", side="allied", nation="br", moved_strategically=True)]
    b = board(geo(SEA_FRONTS), moved, phase="strategic_movement", active_side="allied", date="1917-05")
    v = RS.judge_move(b, ["BR-1"], list(SEA), "sea")
    assert not v.legal and v.reasons[0].rule == "9.56"


def test_sea_movement_is_the_allies_in_the_strategic_movement_phase_only():
    """4.2, 9.5: no sea move in a Mutual Movement Phase, nor in the CP half of the phase."""
    br = [U("BR-1", "W5801", side="allied", nation="br")]
    b = board(geo(SEA_FRONTS), br, phase="first_mutual_movement", western_initiative="allied", date="1917-05")
    v = RS.judge_move(b, ["BR-1"], list(SEA), "sea")
    assert not v.legal and v.reasons[0].rule == "4.2" and "strategic movement phase" in v.reasons[0].message
    b = board(geo(SEA_FRONTS), br, phase="strategic_movement", active_side="cp", date="1917-05")
    v = RS.judge_move(b, ["BR-1"], list(SEA), "sea")
    assert not v.legal and v.reasons[0].rule == "4.2" and "Allies move first" in v.reasons[0].message


def test_new_units_are_placed_in_the_new_units_phase(tmp_path):
    """4.2 (2), 13.0, 13.22: ``railhead act ... place`` in the New Units Phase; in another phase it
    is refused citing the sequence, and the answer says which phase it was judged in. The Allies
    place first: in their half of the phase (active_side allied) a CP unit is not placed."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.engine.rulesets.gmt_great_war.sample import _unit, sample_map, sample_state
    from railhead.mapdata.io import write_mapdata

    write_mapdata(sample_map(RS.data), tmp_path / "map.json")

    def act(phase, active="cp"):
        doc = sample_state()
        doc["units"].append(_unit("GE-NEW", "cp", "ge", "infantry", "cp_transit", 3, 4))
        doc["phase"], doc["active_side"] = phase, active
        (tmp_path / "state.json").write_text(json.dumps(doc))
        files = [str(tmp_path / "map.json"), str(tmp_path / "state.json")]
        return CliRunner().invoke(main, ["act", *files, "place", "unit=GE-NEW", "hex=E5015", "--json"])

    r = act("strategic_movement")
    assert r.exit_code == 1, r.output
    v = json.loads(r.stdout)
    assert v["reasons"][0]["rule"] == "4.2; 13.0" and v["phase"]["name"] == "strategic_movement"
    r = act("new_units")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["phase"] == {
        "name": "new_units",
        "side": "cp",
        "named": True,
        "rule": "4.2; 13.0",
    }
    r = act("new_units", active="allied")
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["reasons"][0]["rule"] == "13.22"


STRATEGIC_TURN = (
    "victory_check",
    "resource",
    "strategic_warfare",
    "replacement",
    "russian_revolutions",
    "fortress_surrender",
    "turkish_surrender",
    "initiative_determination",
)


@pytest.mark.parametrize("phase", STRATEGIC_TURN)
def test_no_unit_moves_in_the_strategic_turn(phase):
    """4.1, 4.3: the Strategic Turn's phases (victory check, resources, strategic warfare,
    replacement, the Russian revolutions, fortress and Turkish surrender, initiative) are for
    reinforcements, rebuilding and strategic warfare: no unit moves in them, operationally,
    strategically or by sea; all actions are carried out in the order of the sequences (4.1)."""
    b = board(geo(FRONTS), UNITS, phase=phase, active_side="allied")
    v = move(b, "FR-W", "W5011")
    assert not v.legal and v.reasons[0].rule == "8.11" and phase.replace("_", " ") in v.reasons[0].message
    for mode in ("strategic", "sea"):
        v = RS.judge_move(b, ["FR-W"], ["W5010", "W5011"], mode)
        assert not v.legal and v.reasons[0].rule == "4.2", v.reasons
