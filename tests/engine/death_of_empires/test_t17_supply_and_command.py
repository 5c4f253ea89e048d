"""T17 (4.21, 7.23.B, 7.24 ex, 11.25): out-of-supply and out-of-command morale losses; command radii."""

from helpers import board, du, h, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 21)]
VALUES = {
    f"supply_range.{k}.hexes": v
    for k, v in {"main_depot": 2, "loc": 1, "army_supply": 3, "corps_train": 2}.items()
}


def md():
    return du("MD", h(2, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")


def army_hq(col=4, row=4):
    return du("AHQ", h(col, row), cls="hq", size="army", pfi="A", army="A", hq_level="army", ccr=6, mr="H")


def report(units, **extra):
    m = pointy_map(cols=20, rows=12, lines=[rail(LINE, "double")])
    b = board(m, units, values=VALUES, army_bases={"A": [h(1, 2)]}, **extra)
    return ruleset().supply_report(b, "central")


def by_unit(r, key="units"):
    return {u["unit"]: u for u in r[key]}


def test_out_of_supply_and_command_two_days_flat():
    """7.23.B, 7.24.C, 11.25 (default out_of_command_ml_loss = flat): out of supply in a 2-day impulse
    -1 per day = -2, out of command -1: -3."""
    r = report([md(), army_hq(), du("Z", h(15, 10), pfi="Z", army="A")])
    assert by_unit(r)["Z"]["status"] == "out of supply"
    assert by_unit(r, "command")["Z"]["status"] == "out of command"
    (f,) = [x for x in r["formations"] if x["formation"] == "Z"]
    assert (f["supply_ml"], f["command_ml"], f["ml_change"]) == (-2, -1, -3)


def test_out_of_supply_and_command_two_days_per_day():
    """4.21 and its example (option out_of_command_ml_loss = per_day): -1 per day each: -4."""
    r = report(
        [md(), army_hq(), du("Z", h(15, 10), pfi="Z", army="A")],
        options={"out_of_command_ml_loss": "per_day"},
    )
    (f,) = [x for x in r["formations"] if x["formation"] == "Z"]
    assert f["ml_change"] == -4


def test_command_radii_chain():
    """7.24 ex: Army HQ CCR 6, Corps HQ CCR 3: a corps-attached division unit must be within 3 of its
    Corps HQ, the Corps HQ within 6 of the Army HQ; a cavalry division not attached to a corps and
    beyond the Army HQ's 6 hexes is out of command (S&C example: ML -1)."""
    ahq = army_hq(4, 6)
    chq = du(
        "CHQ", h(9, 6), cls="hq", size="corps", pfi="I", army="A", corps="I", hq_level="corps", ccr=3, mr="H"
    )
    near = du("D1", h(12, 6), pfi="1", army="A", corps="I")
    far = du("D2", h(13, 6), pfi="2", army="A", corps="I")
    cav = du("CAV", h(11, 9), pfi="1C", army="A", mr="C", type="cavalry")
    r = report([md(), ahq, chq, near, far, cav])
    cc = by_unit(r, "command")
    assert cc["CHQ"]["status"] == "in command"  # 5 hexes from the Army HQ
    assert cc["D1"]["status"] == "in command"  # 3 hexes from the Corps HQ
    assert cc["D2"]["status"] == "out of command" and "radius is 3" in cc["D2"]["why"]
    assert cc["CAV"]["status"] == "out of command" and "radius is 6" in cc["CAV"]["why"]
    (f,) = [x for x in r["formations"] if x["formation"] == "1C"]
    assert f["command_ml"] == -1


def test_formation_without_hq_must_stay_together():
    """7.24.B: every unit of a PF without an HQ on or next to all its others."""
    a, b_ = du("P1", h(5, 5), pfi="P", army="A"), du("P2", h(8, 5), pfi="P", army="A")
    cc = by_unit(report([md(), army_hq(), a, b_]), "command")
    assert cc["P1"]["status"] == "out of command" and "7.24.B" in cc["P1"]["why"]


def test_loc_units_always_in_command():
    """7.24.A: army units on or next to their army's LOC are in command wherever the HQ is."""
    cc = by_unit(report([md(), army_hq(18, 12), du("L", h(1, 3), pfi="L", army="A")]), "command")
    assert cc["L"]["status"] == "in command"
