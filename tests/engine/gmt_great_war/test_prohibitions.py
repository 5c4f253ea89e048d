"""Spec §4.5: the movement prohibitions (19.53-19.56, 19.62, 17.4, 6.53, 17.11, 17.21, 17.31,
14.23): refused with the rule, and the same in a unit's reach and the side's bulk reach."""

import numpy as np
from gmt_helpers import RS, U, board, geo, move

from railhead.engine.rulesets.gmt_great_war.bulk import reach_all


def ru(uid, hex_id, **attrs):
    return U(uid, hex_id, side="allied", nation="ru", **attrs)


def reached(b, uid):
    r, _ = RS.reach(b, b.state.unit(uid))
    return {b.arrays.ids[i] for i in np.flatnonzero(np.isfinite(r.dist))}


# ------------------------------------------------------------------ August 1914 (19.5)
def test_vxy_setup_units_hold_in_turns_one_and_two():
    """19.53: no unit with a "V", "X" or "Y" set-up code moves in game turns one and two."""
    for date in ("1914-08", "1914-09"):
        b = board(geo(("eastern",)), [U("GE-V", "E5102", setup_code="V"), U("GE-A", "E5105")], date=date)
        v = move(b, "GE-V", "E5103")
        assert not v.legal and v.reasons[0].rule == "19.53"
        assert move(b, "GE-A", "E5104").legal
        assert reached(b, "GE-V") == {"E5102"}
        assert reach_all(RS, b, "cp")["GE-V"] == {b.arrays.index["E5102"]: 0.0}
    b = board(geo(("eastern",)), [U("GE-V", "E5102", setup_code="V")], date="1914-10")
    assert move(b, "GE-V", "E5103").legal


def test_belgians_hold_on_turn_one_and_in_antwerp_until_october():
    """19.56: no Belgian unit moves on game turn one; those in Antwerp not before October 1914."""
    units = [U("BE-1", "W6718", side="allied", nation="be"), U("BE-A", "W6819", side="allied", nation="be")]
    b = board(geo(("western",)), units, date="1914-08")
    v = move(b, "BE-1", "W6717")
    assert not v.legal and v.reasons[0].rule == "19.56"
    b = board(geo(("western",)), units, date="1914-09")
    assert move(b, "BE-1", "W6717").legal
    v = move(b, "BE-A", "W6820")
    assert not v.legal and v.reasons[0].rule == "19.56" and "Antwerp" in v.reasons[0].message
    b = board(geo(("western",)), units, date="1914-10")
    assert move(b, "BE-A", "W6820").legal


def test_russian_first_and_second_armies_may_not_stack_in_turns_one_and_two():
    """19.54: Russian "1" and "2" units may not stack together in game turns one and two."""
    units = [ru("RU-1", "E4129", setup_code="1"), ru("RU-2", "E4130", setup_code="2")]
    b = board(geo(("eastern",)), units, date="1914-09")
    v = move(b, "RU-2", "E4129")
    assert any("19.54" in e for e in v.effects)
    b = board(geo(("eastern",)), units, date="1914-10")
    assert not any("19.54" in e for e in move(b, "RU-2", "E4129").effects)


# ------------------------------------------------------------------ Near East (19.62, 19.61, 19.55)
def test_near_east_maps_hold_before_november_1914():
    """19.62: units on the Near East maps may not move before the Nov/Dec 1914 turn."""
    units = [U("TU-1", "N3937", nation="tu")]
    b = board(geo(("caucasus",)), units, date="1914-10")
    v = move(b, "TU-1", "N3938")
    assert not v.legal and v.reasons[0].rule == "19.62"
    b = board(geo(("caucasus",)), units, date="1914-11")
    assert v.reasons and move(b, "TU-1", "N3938").reasons[:1] != v.reasons[:1]


def test_no_strategic_movement_on_turn_one():
    """19.55: no Strategic Movement occurs during game turn one."""
    path = ["E5102", "E5103", "E5104", "E5205"]
    b = board(geo(("eastern",)), [U("GE-1", "E5102")], date="1914-08")
    v = RS.judge_move(b, ["GE-1"], path, "strategic")
    assert not v.legal and v.reasons[0].rule == "19.55"
    b = board(geo(("eastern",)), [U("GE-1", "E5102")], date="1914-09")
    assert RS.judge_move(b, ["GE-1"], path, "strategic").legal


# ------------------------------------------------------------------ Albania, Greece, Hamadan (17.4, 6.53)
ALBANIA = {h: ("", None, {"country": "albania"}) for h in ("E1210", "E1211")}


def test_albania_closed_until_salonika_or_greek_entry():
    """17.4: nobody enters Albania until the Salonika event or Greek entry; 6.53: after Salonika
    both sides operate in Greece (still neutral) and Albania."""
    m = geo(("eastern",), places=ALBANIA)
    units = [U("AH-1", "E1212", nation="ah"), U("AH-2", "E1213", nation="ah")]
    b = board(m, units)
    for uid, to in (("AH-1", "E1211"), ("AH-2", "E1313")):  # Albania, Greece
        v = move(b, uid, to)
        assert not v.legal and v.reasons[0].rule == "17.4"
    b = board(m, units, salonika=True)
    for uid, to in (("AH-1", "E1211"), ("AH-2", "E1313")):
        v = move(b, uid, to)
        assert not v.reasons or v.reasons[0].rule != "17.4", v.reasons
    b = board(m, units, entered_war={"greece": "allied"})
    v = move(b, "AH-1", "E1211")
    assert not v.reasons or v.reasons[0].rule != "17.4", v.reasons


def test_hamadan_closed_until_the_pef():
    """17.4: no unit enters Hamadan (N2436) until the Russian PEF has entered play."""
    units = [ru("RU-P", "N2437", pef=True)]
    b = board(geo(("iraqi",)), units)
    v = move(b, "RU-P", "N2436")
    assert not v.legal and v.reasons[0].rule == "17.4" and "Hamadan" in v.reasons[0].message
    b = board(geo(("iraqi",)), units, pef_entered=True)
    v = move(b, "RU-P", "N2436")
    assert not v.reasons or v.reasons[0].rule != "17.4"


# ------------------------------------------------------------------ newly belligerent neutral (17.11)
def test_new_belligerent_holds_and_is_closed_for_a_turn():
    """17.11: the new belligerent's units may not move in the OP turn after deployment, and no
    unit of either side enters its hexes that turn; afterwards it is a normal member of its side."""
    units = [U("RO-1", "E2420", side="allied", nation="ro"), ru("RU-1", "E2520")]
    b = board(geo(("eastern",)), units, entered_war={"romania": "allied"}, new_belligerent="romania")
    v = move(b, "RO-1", "E2421")
    assert not v.legal and v.reasons[0].rule == "17.11"
    v = move(b, "RU-1", "E2420")
    assert not v.legal and v.reasons[0].rule == "17.11"
    b = board(geo(("eastern",)), units, entered_war={"romania": "allied"})
    assert move(b, "RO-1", "E2421").legal
    assert move(b, "RU-1", "E2421").reasons[:1] != (v.reasons[0],)


# ------------------------------------------------------------------ Montenegro (17.21)
MONTENEGRO = {h: ("", None, {"country": "montenegro"}) for h in ("E1712", "E1713")}


def test_montenegrins_stay_in_montenegro():
    """17.21: Montenegrin units may not move out of Montenegro."""
    m = geo(("eastern",), places=MONTENEGRO)
    units = [U("MN-1", "E1712", side="allied", nation="mn"), U("SR-1", "E1712", side="allied", nation="sr")]
    b = board(m, units)
    assert move(b, "MN-1", "E1713").legal
    v = move(b, "MN-1", "E1711")
    assert not v.legal and v.reasons[0].rule == "17.21"
    assert move(b, "SR-1", "E1711").legal
    assert "E1711" not in reached(b, "MN-1") and "E1713" in reached(b, "MN-1")
    v = move(b, "SR-1", "E1711", stack=["MN-1"])
    assert not v.legal and v.reasons[0].rule == "17.21"


# ------------------------------------------------------------------ European Turkey (17.31)
def test_no_cp_unit_into_the_ottoman_empire_before_the_european_turks():
    """17.31: no CP unit enters the Ottoman Empire until the European Turkish units deploy
    (German brigades and battalions excepted)."""
    units = [U("GE-1", "E1520"), U("GE-B", "E1520", cls="battalion")]
    m = geo(("eastern",))
    b = board(m, units, entered_war={"bulgaria": "cp"})
    v = move(b, "GE-1", "E1420")
    assert not v.legal and v.reasons[0].rule == "17.31"
    v = move(b, "GE-B", "E1420")
    assert not v.reasons or v.reasons[0].rule != "17.31"
    b = board(m, units, entered_war={"bulgaria": "cp"}, european_turks_deployed=True)
    v = move(b, "GE-1", "E1420")
    assert not v.reasons or v.reasons[0].rule != "17.31"


# ------------------------------------------------------------------ Kut (14.23)
K_HEXES = {"N1846": ("", None, {"kut_siege": True})}


def test_kut_under_siege():
    """14.23: while a CP unit holds a "K" hex, the Allied units in Kut may not leave and no other
    Allied unit may enter Kut."""
    m = geo(("iraqi",), places=K_HEXES)
    units = [
        U("BR-K", "N1845", side="allied", nation="br"),
        U("BR-2", "N1945", side="allied", nation="br"),
        U("TU-1", "N1846", nation="tu"),
    ]
    b = board(m, units)
    v = move(b, "BR-K", "N1844")
    assert not v.legal and v.reasons[0].rule == "14.23"
    v = move(b, "BR-2", "N1845")
    assert not v.legal and v.reasons[0].rule == "14.23"
    b = board(m, units[:2] + [U("TU-1", "N1743", nation="tu")])
    v = move(b, "BR-K", "N1844")
    assert not v.reasons or v.reasons[0].rule != "14.23"


def test_near_east_turks_stay_out_of_european_turkey():
    """17.31: Turkish units that start on the Near East maps may not enter European Turkey until
    the European Turkish divisions deploy; other Turks may."""
    units = [U("TU-NE", "E1520", nation="tu", near_east_start=True), U("TU-E", "E1520", nation="tu")]
    b = board(geo(("eastern",)), units, entered_war={"bulgaria": "cp"})
    v = move(b, "TU-NE", "E1420")
    assert not v.legal and v.reasons[0].rule == "17.31"
    v = move(b, "TU-E", "E1420")
    assert not v.reasons or v.reasons[0].rule != "17.31"


HOLLAND = {h: ("", None, {"country": "holland"}) for h in ("W6920", "W6921", "W6922")}


def test_antwerp_belgians_through_holland_in_october_1914():
    """19.56: Belgian units in Antwerp may move through Holland in October 1914 if they end in
    supply to a Channel port; 17.4: nobody else enters Holland (until CP Pre-War Event #5)."""
    m = geo(("western",), places=HOLLAND)
    units = [U("BE-A", "W6819", side="allied", nation="be"), U("BE-2", "W6820", side="allied", nation="be")]
    path = ["W6819", "W6919", "W6920", "W6821"]
    b = board(m, units, date="1914-10")
    v = RS.judge_move(b, ["BE-A"], path)
    assert v.legal, v.reasons
    v = move(b, "BE-2", "W6920")
    assert not v.legal and v.reasons[0].rule == "17.4"
    b = board(m, units, date="1914-11")
    v = RS.judge_move(b, ["BE-A"], path)
    assert not v.legal and v.reasons[0].rule == "17.4"
    b = board(m, units, holland_invaded=True)
    assert move(b, "BE-2", "W6920").reasons[:1] != (v.reasons[0],)


def test_gallipoli_no_movement_between_the_landing_hexes():
    """6.52: no regular movement between the two landing hexes; Allied units move normally
    between a landing hex and E1023."""
    units = [U("BR-1", "E1022", side="allied", nation="br")]
    b = board(geo(("eastern",)), units, entered_war={"greece": "allied"})
    v = move(b, "BR-1", "E1122")
    assert not v.legal and v.reasons[0].rule == "6.52"
    assert move(b, "BR-1", "E1023").reasons[:1] != v.reasons[:1]


def test_german_divisions_to_the_near_east_only_after_the_european_turks():
    """17.31: German divisions may not use Strategic Movement into the Near East maps until the
    European Turkish units are set up; German battalions may."""
    m = geo(("eastern", "iraqi"))
    units = [U("GE-1", "E5102"), U("GE-B", "E5102", cls="battalion")]
    path = ["E5102", "E5101", "cp_transit"]
    b = board(m, units)
    v = RS.judge_move(b, ["GE-1"], path, "strategic")
    assert not v.legal and v.reasons[0].rule == "17.31"
    assert RS.judge_move(b, ["GE-B"], path, "strategic").legal
    b = board(m, units, european_turks_deployed=True)
    assert RS.judge_move(b, ["GE-1"], path, "strategic").legal
