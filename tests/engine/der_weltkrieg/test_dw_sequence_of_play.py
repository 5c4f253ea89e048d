"""Der Weltkrieg's sequence of play (R5), declared in its data file: the phasing player (the
position's active_side) moves in his own Movement Phase only (R6-3), and a unit never uses rail and
column movement in the same turn (R7-10), whichever came first."""

from __future__ import annotations

import pytest
from builders import hex_map, position, rail, unit

from railhead.engine.board import Board
from railhead.engine.queries import judge
from railhead.engine.ruleset import get_ruleset
from railhead.engine.state import parse_state
from railhead.errors import InputError

DW = get_ruleset("der-weltkrieg")
LINE = [f"{c:02d}10" for c in range(10, 16)]


def _board(active="central", phase="movement", **attrs):
    m = hex_map(attrs={"country": "germany"}, lines=[rail(*LINE)])
    return position(m, [unit("I", "1010", **attrs)], active=active, phase=phase)


def test_the_non_phasing_side_does_not_move():
    """R5, R6-3: the Entente's units stand still in the Central Powers' Movement Phase."""
    v = judge(DW, _board(active="entente"), "I", ["1011"])
    assert not v.legal and v.reasons[0].rule == "R6-3" and "not of the phasing side" in v.reasons[0].message
    v = judge(DW, _board(active="central"), "I", ["1011"])
    assert v.legal and v.extra["phase"] == {
        "name": "movement",
        "side": "central",
        "named": True,
        "rule": "R6-3",
    }


@pytest.mark.parametrize(
    "phase",
    [
        "trench_construction_completion",
        "trench_construction_initiation",
        "reinforcement_arrival",
        "combat",
        "replacement_recombination",
    ],
)
def test_no_movement_outside_the_movement_phase(phase):
    """R5 (Rule 5), R6-3: ground and rail movement belong to the Movement Phase, not to the Monthly
    Special Turn's two phases nor to the normal turn's other three."""
    for mode, path in (("ground", ["1011"]), ("rail", LINE[1:3])):
        v = judge(DW, _board(phase=phase), "I", path, mode)
        assert (
            not v.legal
            and v.reasons[0].rule == "R6-3"
            and "only in the movement phase" in v.reasons[0].message
        )


def test_rail_then_column_and_column_then_rail_are_refused():
    """R7-10: what the unit did this turn (its used_rail / used_column, recorded when a move is
    applied) refuses the other mode; either alone is legal."""
    b = _board()
    v = judge(DW, b, "I", LINE[1:3], "rail")
    assert v.legal
    after = Board(b.map, DW.apply(b, v, ["I"], LINE[:3], "rail"))
    assert after.state.unit("I").attr("used_rail") is True
    v = judge(DW, after, "I", ["1311"], "column")
    assert not v.legal and v.reasons[0].rule == "R7-10"
    v = judge(DW, _board(used_column=True), "I", LINE[1:3], "rail")
    assert not v.legal and v.reasons[0].rule == "R7-10"
    assert judge(DW, _board(), "I", ["1011"], "column").legal


def test_a_phase_the_rulebook_lacks_is_bad_input():
    """The position's phase is checked against the declaration: exit 2, naming the data file and
    the phases it declares."""
    m = hex_map()
    doc = {"format": "railhead.state/1", "ruleset": DW.id, "phase": "strategic_movement", "units": []}
    with pytest.raises(InputError) as err:
        parse_state(doc, m, sides=DW.sides, declarations=DW.declarations)
    msg = str(err.value)
    assert "der_weltkrieg/data.toml" in msg and "movement, combat" in msg


def test_a_position_without_a_phase_is_judged_in_its_movement_phase():
    """No phase named: the move is judged in the first phase that allows it, and says so."""
    m = hex_map()
    doc = {"format": "railhead.state/1", "ruleset": DW.id, "units": [unit("I", "1010")]}
    state = parse_state(doc, m, sides=DW.sides, declarations=DW.declarations)
    assert state.phase == "movement" and not state.phase_named and "phase" not in state.to_dict()
    v = judge(DW, Board(m, state), "I", ["1011"])
    assert v.legal and v.extra["phase"]["named"] is False and v.extra["phase"]["side"] == "central"


def test_railhead_move_says_which_phase_and_side_it_judged_in(tmp_path):
    """`railhead move --json` gives the phase and side of its verdict; its text says them too."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.mapdata.io import write_mapdata

    write_mapdata(hex_map(), tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": DW.id, "phase": "movement", "active_side": "entente",
           "units": [unit("I", "1010")]}  # fmt: skip
    (tmp_path / "state.json").write_text(json.dumps(doc))
    files = [str(tmp_path / "map.json"), str(tmp_path / "state.json")]
    r = CliRunner().invoke(main, ["move", *files, "I", "1011", "--json"])
    assert r.exit_code == 1, r.output
    v = json.loads(r.stdout)
    assert v["phase"] == {"name": "movement", "side": "entente", "named": True, "rule": "R6-3"}
    r = CliRunner().invoke(main, ["move", *files, "I", "1011"])
    assert "in the movement phase, entente phasing" in r.stdout
    doc["phase"] = "exploitation"
    (tmp_path / "state.json").write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["move", *files, "I", "1011"])
    assert (
        r.exit_code == 2
        and "unknown phase 'exploitation'" in r.output
        and "der_weltkrieg/data.toml" in r.output
    )
