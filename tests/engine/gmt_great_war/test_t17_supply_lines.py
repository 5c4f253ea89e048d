"""§9 T17: supply lines of four hexes (six for Near East HQs) to a source, or to a town that links
to one by a line of any length; adjacency to the enemy does not block (11.21, 11.22, 11.6)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.supply import unit_supply

NO_TOWNS_NEAR = {"E4908": None, "E4304": None, "E4108": None}


def status(b, uid):
    return unit_supply(b, RS.data, RS, b.state.unit(uid))


def test_t17a_four_hexes_from_an_ultimate_source():
    """11.21: four hexes (three intervening) from a friendly Ultimate Supply Source: supplied."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    assert m.distance("E4505", "E4501") == 4
    s = status(board(m, [U("GE-1", "E4505")]), "GE-1")
    assert s["status"] == "in supply" and s["via"].startswith("ultimate source E") and s["hexes"] == 4


def test_t17b_five_hexes_is_out_of_supply():
    """11.21, 11.83, 11.84: five hexes and no secondary source: out of supply, halved (rounded up),
    eliminated at the next attrition step."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    s = status(board(m, [U("GE-1", "E4506", strength=5)]), "GE-1")
    assert s["status"] == "out of supply"
    assert any("11.84" in e for e in s["effects"])
    assert any("halved, rounded up: 3" in e for e in s["effects"])


def test_t17c_near_east_hq_at_six_hexes():
    """11.21: HQs on the Near East maps trace six hexes; other units still four."""
    m = geo(("iraqi",), places={"N1540": None, "N1336": None, "N1845": None})
    assert m.distance("N1240", "N1234") == 6
    b = board(m, [U("TU-HQ", "N1240", nation="tu", cls="hq"), U("TU-1", "N1340", nation="tu")])
    assert status(b, "TU-HQ")["status"] == "in supply"
    # the infantry is six hexes out too, but next to its HQ: supplied through it (11.22)
    assert status(b, "TU-1")["via"] == "HQ TU-HQ"
    alone = board(m, [U("TU-1", "N1240", nation="tu")])
    assert status(alone, "TU-1")["status"] == "out of supply"


LONG = {
    "E3823": ("Lemberg", "town", {}),
    "E3606": None,
    "E3310": None,
    "E4304": None,
    "E3918": None,
    "E4222": None,
}


def test_t17d_town_linked_by_a_long_line_with_enemies_alongside():
    """11.22, 11.6: three hexes from a friendly town whose line to the map-edge source runs 22
    hexes past enemy units (adjacent, not on it): supplied."""
    m = geo(("eastern",), places=LONG)
    enemies = [U(f"RU-{k}", h, side="allied", nation="ru") for k, h in enumerate(["E3910", "E3905", "E3715"])]
    b = board(m, [U("AH-1", "E3820", nation="ah"), *enemies])
    s = status(b, "AH-1")
    assert s["status"] == "in supply" and s["via"] == "secondary source E3823"
    assert m.distance("E3823", "E3801") == 22


def test_t17d_enemy_in_the_town_cuts_it():
    """11.22, 7.13: a town the enemy has taken is no friendly secondary source."""
    m = geo(("eastern",), places=LONG)
    units = [U("AH-1", "E3820", nation="ah"), U("RU-1", "E3823", side="allied", nation="ru")]
    b = board(m, units, hexes={"E3823": {"owner": "allied"}})
    assert status(b, "AH-1")["status"] == "out of supply"


def test_t17_supply_report_counts_every_unit():
    """11.1: the report lists every unit of the side with its status."""
    m = geo(("eastern",), places=NO_TOWNS_NEAR)
    b = board(m, [U("GE-1", "E4505"), U("GE-2", "E4506")])
    r = RS.supply_report(b, "cp")
    assert r["summary"] == {"in supply": 1, "out of supply": 1}
