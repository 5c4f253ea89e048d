"""Der Weltkrieg's non-combat actions of ``railhead act``: trench construction in the Monthly
Special Turn (R5, R22-1, R22-2, R22-4, R22-5, R22-14) and River Flotilla movement along the
Danube in the friendly Movement Phase (R36-1 to R36-4)."""

from __future__ import annotations

import json

from builders import hex_map, position, side, unit
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.drags import judge_drag
from railhead.engine.queries import judge, judge_action
from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.bulk import reach_all, validate_moves
from railhead.mapdata.io import write_mapdata

DW = get_ruleset("der-weltkrieg")
FRENCH = {"side_": "entente", "nation": "france"}
INIT, DONE = "trench_construction_initiation", "trench_construction_completion"


def _rule(v) -> str:
    assert not v.legal
    return v.reasons[0].rule


def _trench_board(*units, hexsides=(), hexes=None, phase=INIT):
    m = hex_map(cols=(8, 14), rows=(8, 14), hexsides=hexsides, attrs={"country": "germany"})
    return m, position(m, list(units), hexes=hexes, phase=phase)


def test_infantry_begins_trench_construction_in_its_hex_r22_1():
    """R22-1: a Construction Marker is placed under an Infantry (Assault, Mountain, Marine) unit
    in the hex it occupies; the position after the action holds it."""
    for cls in ("infantry", "assault", "mountain", "marine"):
        _, b = _trench_board(unit("I", "1010", cls=cls))
        v = judge_action(DW, b, "build_trench", {"unit": "I"})
        assert v.legal, v.reasons
        assert v.extra["markers"] == {"1010": {"add": ["construction"]}}
    after = apply_move(b, v, [], [], "act")
    assert after.hexes["1010"].markers == {"construction"}


def test_other_units_do_not_construct_trenches_r22_1():
    """R22-1: cavalry, artillery, engineers, HQs and RPL units build no trench."""
    for cls in ("cavalry", "artillery", "engineer", "hq", "rpl"):
        _, b = _trench_board(unit("X", "1010", cls=cls))
        v = judge_action(DW, b, "build_trench", {"unit": "X"})
        assert _rule(v) == "R22-1" and "only Infantry, Assault, Mountain or Marine" in v.reasons[0].message


def test_no_second_construction_nor_one_under_a_trench_r22_1():
    """R22-1: construction begins where none is under way nor built; under a Devastation marker it
    may (R22-14)."""
    for marker in ("construction", "trench"):
        _, b = _trench_board(unit("I", "1010"), hexes={"1010": {"markers": [marker]}})
        assert _rule(judge_action(DW, b, "build_trench", {"unit": "I"})) == "R22-1"
    _, b = _trench_board(unit("I", "1010"), hexes={"1010": {"markers": ["devastation"]}})
    v = judge_action(DW, b, "build_trench", {"unit": "I"})  # R22-14: it becomes a trench later
    assert v.legal and any("R22-14" in e for e in v.effects)


def test_mountain_or_marsh_the_only_terrain_toward_the_enemy_r22_2():
    """R22-2: not where mountain or marsh is the only terrain between the hex and the enemy-occupied
    hexes; any other hexside toward an enemy allows it, as does a river across the mountain."""
    enemy = unit("FR", "1011", **FRENCH)
    _, b = _trench_board(unit("I", "1010"), enemy, hexsides=[side("1010", "1011", "mountain")])
    v = judge_action(DW, b, "build_trench", {"unit": "I"})
    assert _rule(v) == "R22-2" and "1011" in v.reasons[0].message
    _, b = _trench_board(unit("I", "1010"), enemy, hexsides=[side("1010", "1011", "swamp")])
    assert _rule(judge_action(DW, b, "build_trench", {"unit": "I"})) == "R22-2"
    _, b = _trench_board(unit("I", "1010"), enemy, hexsides=[side("1010", "1011", "woods")])
    assert judge_action(DW, b, "build_trench", {"unit": "I"}).legal
    second = unit("FR2", "1009", **FRENCH)  # a clear hexside toward a second enemy hex
    _, b = _trench_board(unit("I", "1010"), enemy, second, hexsides=[side("1010", "1011", "mountain")])
    assert judge_action(DW, b, "build_trench", {"unit": "I"}).legal
    _, b = _trench_board(unit("I", "1010"), enemy, hexsides=[side("1010", "1011", "mountain", "river")])
    assert judge_action(DW, b, "build_trench", {"unit": "I"}).legal


def test_construction_only_in_its_phase_r5():
    """R5, R22-1: construction markers are placed in the Trench Construction Initiation Phase."""
    for phase in ("movement", DONE, "combat"):
        _, b = _trench_board(unit("I", "1010"), phase=phase)
        v = judge_action(DW, b, "build_trench", {"unit": "I"})
        assert _rule(v) == "R5; R22-1" and "trench construction initiation" in v.reasons[0].message


def test_completion_turns_construction_into_trenches_r22_5():
    """R22-5: every Construction Marker becomes a Trench marker, replacing a Devastation marker
    (R22-14); one without a unit capable of construction in its hex is removed (R22-4)."""
    hexes = {
        "1010": {"markers": ["construction"]},
        "1110": {"markers": ["construction", "devastation"]},
        "1210": {"markers": ["construction"]},  # its infantry has gone: only cavalry there
    }
    units = [unit("I", "1010"), unit("M", "1110", cls="marine"), unit("C", "1210", cls="cavalry")]
    _, b = _trench_board(*units, hexes=hexes, phase=DONE)
    v = judge_action(DW, b, "complete_trenches", {})
    assert v.legal
    after = apply_move(b, v, [], [], "act")
    assert after.hexes["1010"].markers == {"trench"}
    assert after.hexes["1110"].markers == {"trench"}
    assert after.hexes["1210"].markers == frozenset()
    assert any(e.startswith("R22-4: 1210") for e in v.effects)
    assert any(e.startswith("R22-14") for e in v.effects)
    _, b = _trench_board(*units, hexes=hexes, phase=INIT)
    assert _rule(judge_action(DW, b, "complete_trenches", {})) == "R5; R22-5"


# ---------------------------------------------------------------- River Flotillas (R36)
DANUBE = [side(f"{c:02d}10", f"{c:02d}11", None, "danube") for c in range(8, 15)]  # along row 10/11


def _flotilla_board(*units, active="central", phase="movement"):
    m = hex_map(cols=(8, 14), rows=(8, 14), hexsides=DANUBE, attrs={"country": "austria-hungary"})
    return m, position(m, list(units), active=active, phase=phase)


def _flot(uid="F", at="0810", **kw):
    return unit(uid, at, cls="river_flotilla", nation="austria-hungary", strength=2, **kw)


def test_a_flotilla_moves_any_distance_along_the_danube_r36_2():
    """R36-2: an unlimited movement allowance, up and down the Danube, through hexes adjacent to
    it (R36-1, R36-3)."""
    _, b = _flotilla_board(_flot())
    v = judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1410"})
    assert v.legal and v.extra["path"][0] == "0810" and v.extra["path"][-1] == "1410"
    assert all(h.endswith("10") or h.endswith("11") for h in v.extra["path"])


def test_a_flotilla_enters_only_hexes_adjacent_to_the_danube_r36_3():
    """R36-3: each hex moved into must be adjacent to the Danube."""
    _, b = _flotilla_board(_flot())
    v = judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1013"})
    assert _rule(v) == "R36-3" and "not adjacent to the Danube" in v.reasons[0].message


def test_a_flotilla_never_enters_enemy_units_fortresses_or_flotillas_r36_4():
    """R36-4: no hex with enemy ground combat units, enemy fortresses or enemy River Flotillas, as
    the destination or on the way (an enemy HQ alone does not close a hex)."""
    for cls in ("infantry", "fortress", "river_flotilla"):
        enemy = unit("E", "1110", cls=cls, side_="entente", nation="serbia")
        _, b = _flotilla_board(_flot(), enemy)
        assert _rule(judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1110"})) == "R36-4"
    # enemy units on both banks at column 11 close the river: 1410 cannot be reached
    walls = [unit(f"E{r}", f"11{r:02d}", side_="entente", nation="serbia") for r in (10, 11)]
    _, b = _flotilla_board(_flot(), *walls)
    v = judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1410"})
    assert _rule(v) == "R36-3" and "R36-4" in v.reasons[0].message
    hq = unit("H", "1110", cls="hq", side_="entente", nation="serbia")  # not a ground combat unit
    _, b = _flotilla_board(_flot(), hq)
    assert judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1110"}).legal


def test_a_flotilla_moves_in_a_friendly_movement_phase_only_r36_2():
    """R36-2: "during a friendly movement phase": not the enemy's (the side), not in another phase
    (the sequence of play, R6-3)."""
    _, b = _flotilla_board(_flot(), active="entente")
    assert _rule(judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1210"})) == "R36-2"
    _, b = _flotilla_board(_flot(), phase="combat")
    v = judge_action(DW, b, "move_flotilla", {"unit": "F", "to": "1210"})
    assert _rule(v) == "R6-3" and "movement phase" in v.reasons[0].message


def test_a_flotilla_moves_only_along_the_danube_r36_1():
    """R36-1: River Flotillas only move along the length of the Danube: ``move`` judges a
    flotilla's path by R36-1 to R36-4 (no allowance, R36-2), never by column or rail movement, and
    ``move_flotilla`` moves nothing else."""
    _, b = _flotilla_board(_flot(), unit("I", "0910"))
    v = judge(DW, b, "F", ["0910", "1010", "1110", "1210", "1310"])  # 5 hexes, MA 4: no matter
    assert v.legal and v.mp == 0 and len(v.steps) == 5
    v = judge(DW, b, "F", ["0911", "0912"])
    assert _rule(v) == "R36-3" and "0912" in v.reasons[0].message
    assert _rule(judge(DW, b, "F", ["0910"], "column")) == "R36-1"
    assert _rule(judge_action(DW, b, "move_flotilla", {"unit": "I", "to": "1210"})) == "R36-1"
    _, b = _flotilla_board(_flot(at="0813"))  # on the map, away from the river
    assert _rule(judge(DW, b, "F", ["0812"])) == "R36-1"


def test_a_flotillas_reach_is_what_move_accepts_r36_3_r36_4():
    """R36-3, R36-4: every hex ``reach`` gives a flotilla is accepted by ``move`` along its path;
    every other hex is refused; the bulk forms agree."""
    walls = [unit(f"E{r}", f"12{r:02d}", side_="entente", nation="serbia") for r in (10, 11)]
    _, b = _flotilla_board(_flot(), *walls)
    f = b.state.unit("F")
    r, problems = DW.reach(b, f, "ground")
    ids = b.arrays.ids
    got = {ids[int(i)] for i in r.hexes()}
    assert not problems and got == {f"{c:02d}{row}" for c in (8, 9, 10, 11) for row in (10, 11)}
    for i in r.hexes():
        path = [ids[k] for k in r.path(int(i))]
        if len(path) > 1:
            assert judge(DW, b, "F", path[1:]).legal, path
    for h in ("1210", "1310", "0912"):
        path = DW.path_to(b, f, "ground", h)
        assert path is None or not judge(DW, b, "F", path[1:]).legal
    assert set(reach_all(DW, b, [f])["F"]) == {b.idx(h) for h in got}
    moves = [("F", ["0810", "0910", "1010"]), ("F", ["0810", "0811", "0812"])]
    assert [m["legal"] for m in validate_moves(DW, b, moves)] == [True, False]
    assert judge_drag(DW, b, "F", "1111").legal  # a log's drag of it: a move along the river
    assert not judge_drag(DW, b, "F", "1310").legal


def test_trench_and_flotilla_actions_from_the_command_line(tmp_path):
    """``railhead act``: exit 0 when legal, exit 1 citing the rule, exit 2 for a unit the position
    lacks."""
    m, _ = _flotilla_board()
    write_mapdata(m, tmp_path / "map.json")

    def state(phase, *units):
        doc = {
            "format": "railhead.state/1",
            "ruleset": "der-weltkrieg",
            "turn": 1,
            "phase": phase,
            "active_side": "central",
            "units": list(units),
            "hexes": {},
            "ledgers": {},
        }
        (tmp_path / "state.json").write_text(json.dumps(doc))
        return [str(tmp_path / "map.json"), str(tmp_path / "state.json")]

    run = CliRunner().invoke
    r = run(main, ["act", *state(INIT, unit("I", "1210")), "build_trench", "unit=I", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["markers"] == {"1210": {"add": ["construction"]}}
    r = run(main, ["act", *state(INIT, unit("C", "1210", cls="cavalry")), "build_trench", "unit=C"])
    assert r.exit_code == 1 and "R22-1" in r.output
    r = run(main, ["act", *state(INIT, unit("I", "1210")), "build_trench", "unit=NOPE"])
    assert r.exit_code == 2
    r = run(main, ["act", *state("movement", _flot()), "move_flotilla", "unit=F", "to=1310"])
    assert r.exit_code == 0, r.output
    r = run(main, ["act", *state("movement", _flot()), "move_flotilla", "unit=F", "to=1313"])
    assert r.exit_code == 1 and "R36-3" in r.output


def test_a_construction_marker_left_without_a_builder_is_removed_r22_4():
    """R22-4: a Construction Marker in a hex no longer holding a unit capable of trench construction
    is removed at once: by the move or retreat that leaves it so, not while a builder stays."""
    hexes = {"1010": {"markers": ["construction"]}}
    _, b = _trench_board(unit("I", "1010"), hexes=hexes, phase="movement")
    v = judge(DW, b, "I", ["1010", "1011"])
    assert v.legal and v.changes.locations["1010"] == {"markers": {"remove": ["construction"]}}
    assert any(e.startswith("R22-4") for e in v.effects)
    assert apply_move(b, v, ["I"], ["1010", "1011"], "ground").hexes["1010"].markers == frozenset()
    _, b = _trench_board(unit("I", "1010"), unit("J", "1010"), hexes=hexes, phase="movement")
    v = judge(DW, b, "I", ["1010", "1011"])  # J, infantry too, stays: the construction goes on
    assert v.legal and "1010" not in v.changes.locations
    _, b = _trench_board(unit("I", "1010"), unit("C", "1010", cls="cavalry"), hexes=hexes, phase="movement")
    v = judge(DW, b, "I", ["1010", "1011"])  # only cavalry stays: it builds no trench
    assert v.legal and v.changes.locations["1010"] == {"markers": {"remove": ["construction"]}}
    # the rulebook's example, a retreat (Fig 10's position: FR in 1609 retreats to 1510)
    units = [
        unit("FR", "1609", **FRENCH),
        unit("FR2", "1509", **FRENCH),
        unit("HQ", "1408", "hq", **FRENCH),
        unit("G1", "1608"),
        unit("G2", "1710"),
    ]
    b = position(hex_map(), units, hexes={"1609": {"markers": ["construction"]}}, phase="combat")
    v = DW.judge_retreat(b, b.state.unit("FR"), "1510")
    assert v.legal and v.changes.locations["1609"] == {"markers": {"remove": ["construction"]}}
