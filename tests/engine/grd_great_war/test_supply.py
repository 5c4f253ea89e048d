"""General supply [11B]-[11F] and isolation [3G] on small maps: the three elements in order, the
elements' lengths (mud = 2 printed [14O3]), nationality [11E], isolation, Res Pt special supply,
out-of-supply ages, and the MA effects of U-1 and U-2 [11F]."""

from fractions import Fraction

from grd_helpers import RS, mini_board, mini_map, supply_line_map, unit_doc

# a French rail line from two cities (sources) at the west edge to a depot at GW2:0602; a road
# on to an HQ at GW2:0802; the unit overland beyond
M, CAP, VALUES = supply_line_map()


def _status(units, values=VALUES, **top):
    top.setdefault("hexes", {"GW2:0602": {"depot": "operational"}})
    b = mini_board(M, units, values=values, ledgers=CAP, **top)
    return {u["unit"]: u for u in RS.supply_report(b, "entente")["units"]}


HQ = unit_doc("HQ", "entente", "france", "army_hq", "GW2:0802", 3, strength=0, size="army")


def test_three_elements_reach_the_unit():
    """[11A], [11B1], [11B2], [11B3a], [14M]: overland to the Army HQs, road to the depot, rail to the
    sources: in general supply."""
    rep = _status([HQ, unit_doc("U", "entente", "france", "rifle", "GW2:1102", 2)])
    assert rep["U"]["status"] == "in general supply"


def test_overland_beyond_its_length_is_out_and_aged():
    rep = _status([HQ, unit_doc("U", "entente", "france", "rifle", "GW2:1302", 2, turns_out_of_supply=1)])
    assert rep["U"]["status"] == "out of general supply" and rep["U"]["supply_age"] == "U-2"
    assert rep["U"]["isolated"] is False  # an overland line of any length reaches a source [3G]


def test_no_hq_of_the_units_nationality_no_supply():
    """[11E]: a unit may not trace to an Army HQs of another nationality."""
    british_hq = {**HQ, "nation": "britain"}
    rep = _status([british_hq, unit_doc("U", "entente", "france", "rifle", "GW2:1102", 2)])
    assert rep["U"]["status"] == "out of general supply"


def test_mud_elements_are_2_as_printed():
    rep = _status([HQ, unit_doc("U", "entente", "france", "rifle", "GW2:1102", 2)], values={}, weather="mud")
    assert rep["U"]["status"] == "out of general supply"
    rep = _status([HQ, unit_doc("U", "entente", "france", "rifle", "GW2:1002", 2)], values={}, weather="mud")
    assert rep["U"]["status"] == "in general supply"


def test_isolated_when_enemy_zocs_close_every_line():
    enemy = [
        unit_doc(f"E{k}", "central_powers", "germany", "infantry", h, 5, 9, 5, size="division")
        for k, h in enumerate(["GW2:1101", "GW2:1103", "GW2:1104"])
    ]
    rep = _status([HQ, unit_doc("U", "entente", "france", "rifle", "GW2:1302", 2), *enemy])
    assert rep["U"]["isolated"] is True and "3G" in rep["U"]["rules"]


def test_a_res_pt_supplies_overland():
    """[11C2b]: a Res Pt supplies every unit that can trace an overland line to it."""
    rep = _status(
        [unit_doc("U", "entente", "france", "rifle", "GW2:1302", 2)],
        hexes={"GW2:1202": {"markers": ["res_pt"]}},
    )
    assert rep["U"]["status"] == "in general supply (special: Res Pt)"


def test_u1_halves_cm_only_and_u2_halves_everyone():
    """[11F1], [11F2]: U-1 halves c/m MA; U-2 or later halves every unit's MA."""
    from railhead.engine.state import Unit

    def ma(cls, out):
        return RS.movement_allowance(
            Unit("X", "entente", "france", cls, "GW2:0101", "division", 4, 6, {"turns_out_of_supply": out}),
            "ground",
        )

    assert ma("cm", 1) == 3 and ma("rifle", 1) == 6
    assert ma("rifle", 2) == 3 and ma("cm", 2) == 3
    assert RS.movement_allowance(
        Unit("X", "entente", "france", "cavalry", "GW2:0101", "brigade", 2, 8, {}), "exploitation"
    ) == Fraction(4)


def test_an_improved_fortress_supplies_15_res_in_its_hex():
    """[11C2biii]: up to 15 REs of units in an improved fortress hex are in general supply."""
    m = mini_map(attrs={"GW2:1302": {"fortress": "new", "improved": True}}, cols=14)
    units = [
        unit_doc(f"D{k}", "entente", "france", "infantry", "GW2:1302", 5, size="division") for k in range(4)
    ]
    b = mini_board(m, units, values=VALUES, ledgers=CAP)
    rep = {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}
    assert [rep[f"D{k}"] for k in range(4)] == ["in general supply (special: improved fortress)"] * 3 + [
        "out of general supply"
    ]


def test_cooperating_minors_trace_without_the_foreign_penalty():
    """[11E]: all Entente minors cooperate with France; Britain does not."""
    from railhead.engine.rulesets.grd_great_war.supply import cooperates

    assert cooperates(RS, "belgium", "france") and cooperates(RS, "france", "belgium")
    assert not cooperates(RS, "britain", "france") and not cooperates(RS, "belgium", "serbia")
