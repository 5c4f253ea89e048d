"""National unit-count limits (17.21, 17.31) checked on the move, reported per side; the
restriction codes of the counters (3.26); devastating units hold (14.62)."""

import numpy as np
from gmt_helpers import RS, U, board, doc, geo, move, owners

from railhead.engine.board import Board
from railhead.engine.rulesets.gmt_great_war.bulk import reach_all
from railhead.engine.state import parse_state

WEST = ("western", "italian")
NORTH = ["E4910", "E4912", "E5012", "E5014"]  # north of hexrow E48xx, in Russian Poland


def sea(b, uid, start, end):
    return RS.judge_move(b, [uid], [start, "sea_lanes", end], "sea")


def it_units(n):
    return [U(f"IT-{k}", f"W50{10 + k}", side="allied", nation="it") for k in range(n)]


def test_six_italians_off_the_italian_map():
    """17.21: no more than six Italian units operate outside the Italian Front map."""
    mover = U("IT-X", "W2022", side="allied", nation="it")
    b = board(geo(WEST), [*it_units(6), mover], date="1917-05")
    v = sea(b, "IT-X", "W2022", "W5801")
    assert (
        not v.legal and v.reasons[0].rule == "17.21" and "7 would be there, at most 6" in v.reasons[0].message
    )
    b = board(geo(WEST), [*it_units(5), mover], date="1917-05")
    assert sea(b, "IT-X", "W2022", "W5801").legal


def test_only_italians_on_the_italian_map_before_1917():
    """17.21: Italian units are the only Allied units that operate on the Italian map before 1917."""
    br = [U("BR-1", "W5801", side="allied", nation="br")]
    v = sea(board(geo(WEST), br, date="1916-05"), "BR-1", "W5801", "W2022")
    assert not v.legal and v.reasons[0].rule == "17.21"
    assert sea(board(geo(WEST), br, date="1917-01"), "BR-1", "W5801", "W2022").legal


def test_one_american_off_the_western_map():
    """17.21: only one U.S. unit may operate outside the Western Front map."""
    units = [U("US-1", "W2230", side="allied", nation="us"), U("US-2", "W5801", side="allied", nation="us")]
    b = board(geo(WEST), units, date="1918-05")
    v = sea(b, "US-2", "W5801", "W2022")
    assert not v.legal and v.reasons[0].rule == "17.21"
    b = board(geo(WEST), units[1:], date="1918-05")
    assert sea(b, "US-2", "W5801", "W2022").legal


def ah_north(extra=(), **kw):
    units = [U(f"AH-{k}", h, nation="ah") for k, h in enumerate(NORTH)]
    units.append(U("AH-X", "E4810", nation="ah"))
    return board(geo(("eastern",)), [*units, *extra], **kw)


def test_four_austro_hungarians_north_of_e48():
    """17.31: no more than four A-H units north of hexrow E48xx; lifted outside Germany while the
    CP control Kiev (E4129) and Odessa (E3031), re-imposed after the Bolshevik Revolution."""
    b = ah_north()
    v = move(b, "AH-X", "E4910")
    assert not v.legal and v.reasons[0].rule == "17.31"
    assert "E4910" not in {
        b.arrays.ids[i] for i in np.flatnonzero(np.isfinite(RS.reach(b, b.state.unit("AH-X"))[0].dist))
    }
    assert b.arrays.index["E4910"] not in reach_all(RS, b, "cp")["AH-X"]
    assert move(b, "AH-X", "E4811").reasons[:1] != v.reasons[:1]  # south of the row: no limit
    held = owners(["E4129", "E3031"], "cp")
    b = ah_north(hexes=held)
    v = move(b, "AH-X", "E4910")
    assert not v.reasons or v.reasons[0].rule != "17.31", v.reasons
    b = ah_north(hexes=held, bolshevik_revolution=True)
    assert move(b, "AH-X", "E4910").reasons[0].rule == "17.31"


def test_three_turks_in_egypt_and_the_report():
    """17.31: no more than three Turkish units in Egypt, including the Sinai; a position over a
    limit is reported for its side."""
    units = [U(f"TU-{k}", f"N31{20 + k}", nation="tu") for k in range(3)] + [U("TU-X", "N3020", nation="tu")]
    b = board(geo(("egyptian",)), units)
    v = move(b, "TU-X", "N3120")
    assert not v.legal and v.reasons[0].rule == "17.31"
    assert RS.supply_report(b, "cp")["national_limits"] == {}
    b = board(geo(("egyptian",)), [*units, U("TU-Y", "N3124", nation="tu")])
    report = RS.supply_report(b, "cp")["national_limits"]
    assert list(report) == ["turks_in_egypt"] and "4 there, at most 3" in report["turks_in_egypt"]


def test_restriction_codes():
    """3.26: a unit coded E/I operates only on the Egyptian and Iraqi maps: a bad position on the
    Western map, refused a sea move to Europe; uncoded units go where their nation may."""
    m = geo(("western", "egyptian"))
    units = [U("BR-EI", "W5801", side="allied", nation="br", code="E/I")]
    state = parse_state(doc(units), m, sides=RS.sides, declarations=RS.declarations)
    problems = RS.position_problems(Board(m, state))
    assert problems and "3.26" in problems[0][1] and "E/I" in problems[0][1]
    b = board(m, [U("BR-EI", "N4215", side="allied", nation="br", code="E/I")])
    v = sea(b, "BR-EI", "N4215", "W5801")
    assert not v.legal and v.reasons[0].rule == "3.26"
    b = board(m, [U("BR-1", "N4215", side="allied", nation="br")])
    assert sea(b, "BR-1", "N4215", "W5801").legal


def test_persian_codes_keep_units_in_persia():
    """3.26, 17.4: a C/P unit (the Persian Cossacks) operates only within Persia on the Caucasus map."""
    b = board(geo(("caucasus",)), [U("PC-1", "N3444", side="allied", nation="pr", code="C/P")])
    v = move(b, "PC-1", "N3544")  # Russia
    assert not v.legal and v.reasons[0].rule == "17.4"
    v = move(b, "PC-1", "N3445")
    assert not v.reasons or v.reasons[0].rule != "17.4"


def test_devastating_units_hold():
    """14.62: units a DZ marker is placed on may not move that turn."""
    b = board(geo(("western",)), [U("GE-1", "W5020", devastating=True), U("GE-2", "W5021")])
    v = move(b, "GE-1", "W5019")
    assert not v.legal and v.reasons[0].rule == "14.62"
    assert move(b, "GE-2", "W5022").reasons[:1] != v.reasons[:1]


def test_canal_defense_companies_stay_west_of_suez():
    """17.21: the four Suez Canal Defense Companies may only operate west of the Suez Canal."""
    units = [
        U("CDC-1", "N4220", side="allied", nation="br", cls="canal_defense_company"),
        U("BR-1", "N4220", side="allied", nation="br"),
    ]
    b = board(geo(("egyptian",)), units)
    v = move(b, "CDC-1", "N4120")
    assert not v.legal and v.reasons[0].rule == "17.21"
    assert move(b, "BR-1", "N4120").reasons[:1] != v.reasons[:1]
    assert move(b, "CDC-1", "N4221").reasons[:1] != v.reasons[:1]
