"""T25 [13.1], [13.2], [13.3], [13.4]: Allied units next to neutral N (a country with units, areas N1,
N2 in a row) and to Denmark (D1, D2, no units); Switzerland next to a defended area."""

from gwa_build import area_map, judge, position, rules, unit

LANDS = {
    "a": {"country": "france"},
    "n1": {"country": "holland"},
    "n2": {"country": "holland"},
    "g": {"country": "germany"},
    "d1": {"country": "denmark"},
    "d2": {"country": "denmark"},
    "ch": {"country": "switzerland", "zone": "restricted"},
}
MAP = area_map(
    LANDS,
    [
        ("a", "n1", "land"),
        ("n1", "n2", "land"),
        ("g", "d1", "land"),
        ("d1", "d2", "land"),
        ("a", "ch", "land"),
        ("d2", "g", "land"),
    ],
)
BANKS = {"france": 10, "germany": 10}


def board(units):
    return position(MAP, units, banks=BANKS, control={"g": "central"})


def test_violating_a_neutral_with_units_costs_two_nrc_and_stops():
    """[13.1.1], [13.1.2]: into N1: legal, France pays 2 NRC, Holland joins the Central Powers."""
    v = judge(board([unit("FR-1C", "a")]), "FR-1C", ["a", "n1"])
    assert v.legal
    assert v.extra["alignment"] == {"holland": "central"}
    paid = v.extra["ledgers"]["nrc"]["pools"]["france"]
    assert [(e["amount"], e["rule"]) for e in paid] == [(2, "13.1.2; 13.2")]


def test_must_stop_in_the_first_area():
    """[13.1.1]: N1 -> N2 in one move is illegal: the violator stops in N1."""
    v = judge(board([unit("FR-1C", "a")]), "FR-1C", ["a", "n1", "n2"])
    assert not v.legal and rules(v) == "13.1.1"


def test_a_neutral_without_units_need_not_stop():
    """[13.2]: the CP move G -> D1 -> D2 through Denmark is legal; Germany pays 2 NRC and Denmark
    joins the Allies."""
    v = judge(board([unit("GE-1C", "g", nation="germany")]), "GE-1C", ["g", "d1", "d2"])
    assert v.legal, v.reasons
    assert v.extra["alignment"] == {"denmark": "allies"}
    assert sum(e["amount"] for e in v.extra["ledgers"]["nrc"]["pools"]["germany"]) == 2


def test_switzerland_is_never_entered_by_movement():
    """[13.3]: an in-supply move into Switzerland is illegal."""
    v = judge(board([unit("FR-1C", "a")]), "FR-1C", ["a", "ch"])
    assert not v.legal and rules(v) == "13.3"


def test_retreat_before_combat_into_switzerland_interns():
    """[13.3], [13.4.1]: Retreat-before-Combat into Switzerland is legal; the units are interned."""
    b = board([unit("FR-1C", "a"), unit("GE-1C", "a", nation="germany")])
    v = judge(b, "FR-1C", ["a", "ch"], "retreat_before_combat")
    assert v.legal, v.reasons
    assert v.changes.unit_fields == {"FR-1C": {"interned": True}}
    assert v.changes.locations == {"a": {"owner": "central"}}
