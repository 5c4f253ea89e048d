"""[15E2], [11E]: for supply only, up to 15 REs of units of each great/major power may trace to
another great/major power's regular sources on their side (British units in France to French
cities); their Army HQs must still be their own nation's."""

from grd_helpers import RS, mini_board, supply_line_map, unit_doc

M, CAP, VALUES = supply_line_map()


def _report(units):
    b = mini_board(M, units, values=VALUES, ledgers=CAP, hexes={"GW2:0602": {"depot": "operational"}})
    return {u["unit"]: u for u in RS.supply_report(b, "entente")["units"]}


def _u(uid, nation, re, where="GW2:1002", cls="rifle"):
    size = "army" if cls == "army_hq" else "division"
    return unit_doc(uid, "entente", nation, cls, where, re, strength=0 if cls == "army_hq" else 4, size=size)


def test_british_units_use_french_sources_up_to_15_res():
    rep = _report(
        [_u("BHQ", "britain", 3, "GW2:0802", "army_hq"), _u("B1", "britain", 10), _u("B2", "britain", 10)]
    )
    assert rep["BHQ"]["status"] == rep["B1"]["status"] == "in general supply"  # 3 + 10 REs
    assert rep["B1"]["source_nation"] == "france" and "15E2" in rep["B1"]["rules"]
    assert rep["B2"]["status"] == "out of general supply"  # 23 REs > 15


def test_still_only_through_their_own_nations_army_hqs():
    """[11E]: the British unit may not trace to the French Army HQs."""
    rep = _report([_u("FHQ", "france", 3, "GW2:0802", "army_hq"), _u("B1", "britain", 2)])
    assert rep["FHQ"]["status"] == "in general supply"
    assert rep["B1"]["status"] == "out of general supply"


def test_a_minor_power_is_not_limited_it_cooperates():
    """[11E]: Belgian units use French sources by cooperation, with no 15-RE limit."""
    units = [_u("BEHQ", "belgium", 3, "GW2:0802", "army_hq")]
    units += [_u(f"BE{k}", "belgium", 10) for k in range(3)]
    rep = _report(units)
    assert all(rep[f"BE{k}"]["status"] == "in general supply" for k in range(3))
    assert "source_nation" not in rep["BE0"]


def test_shared_sources_keep_to_depots_no_other_army_hq_has_claimed():
    """[15E2] with [11B2]: the British Army HQs reaching French sources by the one depot may not
    use it when the French Army HQs traces to it as well: at most one of the two keeps a line."""
    rep = _report(
        [
            _u("FHQ", "france", 3, "GW2:0802", "army_hq"),
            _u("BHQ", "britain", 3, "GW2:0902", "army_hq"),
            _u("B1", "britain", 2),
        ]
    )
    in_supply = [k for k in ("FHQ", "BHQ") if rep[k]["status"] == "in general supply"]
    assert len(in_supply) == 1, rep
    alone = _report([_u("BHQ", "britain", 3, "GW2:0902", "army_hq"), _u("B1", "britain", 2)])
    assert alone["BHQ"]["status"] == alone["B1"]["status"] == "in general supply"
