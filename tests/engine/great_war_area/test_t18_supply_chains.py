"""T18 [11.2.1]-[11.2.3], [11.5.2], [11.6]: a French unit in German area G3 (French-controlled);
G3 - G2 - F1 (French territory)."""

from gwa_build import area_map, position, supply_of, unit

MAP = area_map(
    {"g3": {"country": "germany"}, "g2": {"country": "germany"}, "f1": {"country": "france"}},
    [("g3", "g2", "land"), ("g2", "f1", "land")],
)


def test_a_chain_of_friendly_areas():
    """a: G3 and G2 (German territory) French-controlled: in supply through G2 to F1 [11.2.2],
    [11.5.2]."""
    b = position(MAP, [unit("FR-1C", "g3")], control={"g3": "allies", "g2": "allies"})
    rep = {e["unit"]: e for e in __import__("gwa_build").RS.supply_report(b, "allies")["units"]}
    assert rep["FR-1C"]["status"] == "in supply"
    assert rep["FR-1C"]["path"] == ["g3", "g2", "f1"]
    assert rep["FR-1C"]["rules"] == ["11.2.2"]


def test_a_contested_link_breaks_it():
    """b: G2 contested: out of supply (a contested area is nobody's) [11.2.2], [4]."""
    units = [unit("FR-1C", "g3"), unit("GE-1C", "g2", nation="germany")]
    b = position(MAP, units, control={"g3": "allies"})
    assert supply_of(b, "allies")["FR-1C"] == "out of supply"


def test_next_to_a_supplied_friend():
    """c: as b, plus a French unit in G2 supplied by its own line: FR-1C is supplied by [11.2.3]
    (contested areas allowed)."""
    units = [unit("FR-1C", "g3"), unit("GE-1C", "g2", nation="germany"), unit("FR-2C", "g2")]
    b = position(MAP, units, control={"g3": "allies"})
    rep = {e["unit"]: e for e in __import__("gwa_build").RS.supply_report(b, "allies")["units"]}
    assert rep["FR-2C"]["rules"] == ["11.2.2"]  # from contested G2 straight into F1 (A14)
    assert rep["FR-1C"]["status"] == "in supply" and rep["FR-1C"]["rules"] == ["11.2.3"]


def test_winter_strategic_obstacle():
    """d: the G2 - F1 border is a Strategic Obstacle in Winter: out of supply [9.4.1], [14.1]."""
    m = area_map(
        {"g3": {"country": "germany"}, "g2": {"country": "germany"}, "f1": {"country": "france"}},
        [("g3", "g2", "land"), ("g2", "f1", "strategic_obstacle")],
    )
    b = position(m, [unit("FR-1C", "g3")], control={"g3": "allies", "g2": "allies"}, weather="winter")
    assert supply_of(b, "allies")["FR-1C"] == "out of supply"


def test_option_own_area_controlled_both_ways():
    """Spec A14 ``own_area_controlled``: a unit in contested G2 next to F1 is in supply by default
    (only the later links must be friendly); with the option, its own area must be friendly too."""
    units = [unit("FR-2C", "g2"), unit("GE-1C", "g2", nation="germany")]
    b = position(MAP, units)
    assert supply_of(b, "allies")["FR-2C"] == "in supply"
    b = position(MAP, units, options={"own_area_controlled": True})
    assert supply_of(b, "allies")["FR-2C"] == "out of supply"


def test_option_adjacent_supply_chains_both_ways():
    """Spec A13 ``adjacent_supply_chains``: one hop by default; with the option, a unit supplied by
    [11.2.3] supplies its own neighbours in turn."""
    m = area_map(
        {a: {"country": "germany"} for a in ("g1", "g2", "g3", "g4")} | {"f1": {"country": "france"}},
        [("f1", "g1", "land"), ("g1", "g2", "land"), ("g2", "g3", "land"), ("g3", "g4", "land")],
    )
    units = [
        unit("FR-1C", "g1"),
        unit("GE-1C", "g1", nation="germany"),
        unit("FR-2C", "g2"),
        unit("GE-2C", "g2", nation="germany"),
        unit("FR-3C", "g3"),
        unit("GE-3C", "g3", nation="germany"),
    ]
    b = position(m, units)
    got = supply_of(b, "allies")
    assert (got["FR-1C"], got["FR-2C"], got["FR-3C"]) == ("in supply", "in supply", "out of supply")
    b = position(m, units, options={"adjacent_supply_chains": True})
    assert set(supply_of(b, "allies").values()) == {"in supply"}
