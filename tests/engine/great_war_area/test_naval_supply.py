"""[11.3.1], [11.3.2]: where a naval unit draws supply. A British squadron 1 NMP from Antwerp
(Belgium, not a Major Power's territory) and 12 NMP from Dover, its home port (MA 10)."""

from gwa_build import RS, area_map, position, unit

SEAS = {f"s{k}": {} for k in range(1, 13)}
MAP = area_map(
    {
        "england": {"country": "britain"},
        "flanders": {"country": "belgium"},
        "picardy": {"country": "france"},
    },
    [(f"s{k}", f"s{k + 1}", "sea") for k in range(1, 12)]
    + [("flanders", "picardy", "land"), ("england", "s1", "coast"), ("flanders", "s12", "coast")],
    seas=SEAS,
    ports={"dover": ("england", ["s1"]), "antwerp": ("flanders", ["s12"])},
)


def entry(control, extra_units=(), at="s12"):
    units = [unit("BR-SQ", at, "squadron", "britain"), *extra_units]
    b = position(MAP, units, control=control)
    return {e["unit"]: e for e in RS.supply_report(b, "allies")["units"]}["BR-SQ"]


def test_port_outside_major_territory_with_a_line_home():
    """[11.3.2]: Antwerp's area is Allied-controlled and traces a line to French territory: the
    squadron draws supply there, though Dover is beyond its move."""
    e = entry({"flanders": "allies", "picardy": "allies", "england": "allies"})
    assert e["status"] == "in supply" and e["rules"] == ["11.3.2"] and e["source"] == "antwerp"


def test_no_line_from_the_port_area():
    """[11.3.2]: with Picardy in enemy hands Antwerp's area has no line of supply: out of supply
    ([11.3.1]: Dover is 12 NMP away, more than the MA of 10)."""
    e = entry({"flanders": "allies", "picardy": "central", "england": "allies"})
    assert e["status"] == "out of supply"


def test_contested_port_area_is_no_source():
    """[4], [11.3.2]: a port in a contested area serves neither side."""
    e = entry(
        {"flanders": "allies", "picardy": "allies", "england": "allies"},
        [unit("GE-1C", "flanders", nation="germany"), unit("BR-1C", "flanders", nation="britain")],
    )
    assert e["status"] == "out of supply"


def test_home_port_within_one_move_comes_first():
    """[11.3.1]: a port of the unit's own country within one move supplies it."""
    e = entry({"flanders": "allies", "picardy": "allies", "england": "allies"}, at="s2")
    assert e["status"] == "in supply" and e["rules"] == ["11.3.1"] and e["source"] == "dover"
