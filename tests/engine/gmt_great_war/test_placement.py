"""New units (13.1-13.3) as far as movement and supply decide where they go."""

from gmt_helpers import RS, U, board, geo, owners

from railhead.engine.rulesets.gmt_great_war.placement import judge_placement
from railhead.engine.state import Unit


def new(nation, side, cls="infantry"):
    return Unit(f"NEW-{nation}", side, nation, cls, "cp_transit", strength=3, movement=4)


def place(b, unit, hex_id, box="europe"):
    return judge_placement(b, RS.data, RS, unit, hex_id, box)


def rule(v):
    return None if v.legal else v.reasons[0].rule


def test_home_city_supplied_and_friendly():
    """13.11: a friendly-controlled, supplied city of its home country; 11.85: not out of supply."""
    b = board(geo(("western",)), [])
    assert place(b, new("fr", "allied"), "W5008").legal  # Paris
    assert rule(place(b, new("fr", "allied"), "W5010")) == "13.11"  # not a city
    assert rule(place(b, new("ge", "cp"), "W5008")) == "13.11"  # not theirs
    b = board(geo(("western",)), [], hexes=owners(["W5008"], "cp"))
    assert rule(place(b, new("fr", "allied"), "W5008")) == "13.11"


def test_stacking_observed():
    """13.21: stacking limits must be observed during placement."""
    units = [U(f"FR-{k}", "W5008", side="allied", nation="fr") for k in range(6)]
    b = board(geo(("western",)), units)
    assert rule(place(b, new("fr", "allied"), "W5008")) == "13.21"


def test_british_ports_and_us_edge():
    """13.24: British units in any Allied-controlled port of the Western and Italian maps; 13.25:
    U.S. units enter across the map edge instead."""
    b = board(geo(("western",)), [])
    v = place(b, new("br", "allied"), "W6707")  # Calais
    assert v.legal and "13.24" in v.effects[0]
    assert rule(place(b, new("us", "allied"), "W5008")) == "13.25"


def test_boxes_place_on_their_maps():
    """13.23: units of the European box on the European maps, of the Near East box on those."""
    b = board(geo(("western", "egyptian")), [])
    assert rule(place(b, new("fr", "allied"), "W5008", box="near_east")) == "13.23"


def test_russians_not_in_russian_poland_cities_except_by_hq():
    """13.26: no Russian unit placed in a city of Russian Poland; 13.3: via a supplied HQ of its
    nationality it may be."""
    b = board(geo(("eastern",)), [])
    assert rule(place(b, new("ru", "allied"), "E4816")) == "13.26"  # Warsaw
    b = board(geo(("eastern",)), [U("RU-HQ", "E4817", side="allied", nation="ru", cls="hq")])
    v = place(b, new("ru", "allied"), "E4816")
    assert v.legal and "13.3" in v.effects[0]


def test_place_on_the_command_line(tmp_path):
    """13.3 and 13.23 through ``railhead act MAP STATE place``: a new German infantry division
    waiting in the CP transit box goes next to its army's supplied HQ, not into the Near East."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.engine.rulesets.gmt_great_war.sample import _unit, sample_map, sample_state
    from railhead.mapdata.io import write_mapdata

    doc = sample_state()
    doc["units"].append(_unit("GE-NEW", "cp", "ge", "infantry", "cp_transit", 3, 4))
    write_mapdata(sample_map(RS.data), tmp_path / "map.json")
    (tmp_path / "state.json").write_text(json.dumps(doc))

    def act(*args):
        files = [str(tmp_path / "map.json"), str(tmp_path / "state.json")]
        return CliRunner().invoke(main, ["act", *files, "place", "unit=GE-NEW", *args])

    r = act("hex=E5015", "--json")
    assert r.exit_code == 0, r.output
    assert "13.3" in json.loads(r.stdout)["effects"][0]
    r = act("hex=E5015", "box=near_east")
    assert r.exit_code == 1 and "13.23" in r.stdout
    r = act("hex=E4917")  # Russian-held
    assert r.exit_code == 1 and "13.11" in r.stdout
    r = act("hex=E5015", "box=africa")
    assert r.exit_code == 2 and "expected one of europe, near_east" in r.output


def test_a_drag_in_the_new_units_phase_is_a_placement():
    """13.1-13.3 through the New Units Phase's ``drags`` (engine.drags): a new French unit (where
    it waits does not matter: a hex far from the front here) dragged to Paris is placed (13.11), to
    a hex that is no city of its home country refused (13.11); the CP's unit in the Allies' half
    refused (13.22)."""
    from railhead.engine.api import judge_drag

    units = [U("NEW-FR", "W7001", side="allied", nation="fr"), U("NEW-GE", "W3634")]
    b = board(geo(("western",)), units, phase="new_units", active_side="allied")
    v = judge_drag(RS, b, "NEW-FR", "W5008")
    assert v.legal and v.extra["drag"] == "place"
    assert rule(judge_drag(RS, b, "NEW-FR", "W5010")) == "13.11"
    assert rule(judge_drag(RS, b, "NEW-GE", "W5008")) == "13.22"
