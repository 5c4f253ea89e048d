"""§9 T9: entering a hex held only by enemy HQs (8.22, 15.63)."""

from gmt_helpers import RS, U, board, geo, move

UNITS = [
    U("RU-1", "E4816", side="allied", nation="ru"),
    U("RU-HQ", "E4716", side="allied", nation="ru", cls="hq", ma=3),
    U("GE-HQ", "E4817", cls="hq", ma=3),
]


def test_t09_combat_unit_eliminates_the_hq():
    """8.22: an HQ alone in a hex is eliminated at once when an enemy combat unit enters."""
    b = board(geo(("eastern",)), UNITS)
    v = move(b, "RU-1", "E4817")
    assert v.legal
    assert v.changes.removed == ("GE-HQ",)
    after = RS.apply(b, v, ["RU-1"], ["E4816", "E4817"], "ground")
    assert "GE-HQ" not in {u.id for u in after.units}


def test_t09_an_hq_may_never_enter():
    """15.63: an HQ may never enter a hex holding enemy units, even enemy HQs alone."""
    b = board(geo(("eastern",)), UNITS)
    v = move(b, "RU-HQ", "E4817")
    assert not v.legal
    assert v.reasons[0].rule == "15.63"


def test_t09_a_combat_unit_is_still_a_wall():
    """8.22: a hex with an enemy combat unit may never be entered."""
    b = board(geo(("eastern",)), [*UNITS, U("GE-1", "E4916")])
    v = move(b, "RU-1", "E4916")
    assert not v.legal and v.reasons[0].rule == "8.22"


def test_gallipoli_landing_hexes_are_closed_to_the_cp():
    """6.52: CP units may never enter E1022 or E1122."""
    b = board(geo(("eastern",)), [U("TU-1", "E1023", nation="tu")], hexes={"E1022": {"owner": "allied"}})
    v = move(b, "TU-1", "E1022")
    assert not v.legal and v.reasons[0].rule == "6.52"


def test_serb_typhus_closes_serbia():
    """6.57: while Serb Typhus runs no unit moves into or out of Serbia; inside it, normally."""
    m = geo(("eastern",))
    assert m.hexes["E1810"].attrs["country"] == "serbia" and m.hexes["E1815"].attrs["country"] == "bulgaria"
    units = [U("SR-1", "E1810", side="allied", nation="sr"), U("SR-2", "E1814", side="allied", nation="sr")]
    b = board(m, units, serb_typhus=True, hexes={"E1815": {"owner": "allied"}})
    assert move(b, "SR-1", "E1811").legal
    v = move(b, "SR-2", "E1815")
    assert not v.legal and v.reasons[0].rule == "6.57"


def test_brest_litovsk():
    """5.46: Russian units no longer move; nobody moves next to them within Russia proper."""
    m = geo(("eastern",))
    units = [U("RU-1", "E6025", side="allied", nation="ru"), U("GE-1", "E6022")]
    b = board(m, units, brest_litovsk=True, hexes={"E6023": {"owner": "cp"}, "E6120": {"owner": "cp"}})
    assert move(b, "RU-1", "E6026").reasons[0].rule == "5.46"
    assert move(b, "GE-1", "E6023").legal
    v = move(b, "GE-1", "E6023", "E6024")
    assert not v.legal and v.reasons[0].rule == "5.46"
