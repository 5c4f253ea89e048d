"""Cases read from the rulebook (not the spec): rifle units exploit at one fifth until [14H]'s date
makes them infantry [6E], [14H]; mixed mounted rifle and rifle units exploit as rifle units and
commit as reserves as cavalry [14D3]; no more than one Army HQs traces to a depot, whichever order
the position lists them in [11B2]."""

import pytest
from grd_helpers import RS, board, doc, judge, mini_board, supply_line_map, unit_doc

from railhead.errors import InputError

PATH = ["GW2:0204", "GW2:0304", "GW2:0404"]


def rifle(cls="rifle", turn=None, options=None, **attrs):
    """The sample's FR-RES (a rifle brigade) rated 6, as ``cls``, on game turn ``turn``, in the
    Entente's exploitation phase [4A6]."""
    d = doc(phase="exploitation", active_side="entente")
    if options:
        d["options"] = options
    u = d["units"][6]
    assert u["id"] == "FR-RES"
    u["movement"], u["class"] = 6, cls
    u["attrs"].update(attrs)
    if turn:
        d["game_turn"] = turn
    return board(d)


def ma(b, mode="exploitation"):
    return RS.movement_allowance(b.state.unit("FR-RES"), mode, b.state)


@pytest.mark.parametrize(
    ("turn", "defense", "allowance", "legal"),
    [(None, None, 1, False), ("May II 19", 5, 1, False), ("Jun I 19", 5, 2, True), ("Jun I 19", 4, 1, False)],
)
def test_rifle_units_exploit_at_one_fifth_until_jun_i_19(turn, defense, allowance, legal):
    """[6E], [6C], [14H]: a rifle brigade rated 6 is an "other" unit: 6 × 1/5 → 1 MP, one hex; from
    Jun I 19 a non-divisional rifle unit with a printed defense of 5 or more is infantry: 6 × 1/3 →
    2 MP, two clear hexes; with a defense of 4 it stays at one fifth."""
    attrs = {} if defense is None else {"defense": defense}
    b = rifle(turn=turn, **attrs)
    assert ma(b) == allowance
    assert judge(b, "FR-RES", PATH, "exploitation").legal is legal


def test_from_jun_i_19_a_rifle_unit_needs_its_defense_strength():
    """[14H]: from Jun I 19 the printed defense decides; a position that gives none is refused as
    input, not guessed."""
    with pytest.raises(InputError, match="defense"):
        ma(rifle(turn="Jun I 19"))


def test_option_exploitation_movers_both_ways():
    """[6E], [4A6], spec §10 #6 ``exploitation_movers``: by default a rifle brigade exploits at one
    fifth (1 MP, one hex); with only [4A6]'s classes moving it does not exploit at all, while an
    infantry unit still does (2 MP)."""
    assert ma(rifle()) == 1 and judge(rifle(), "FR-RES", PATH[:2], "exploitation").legal
    b = rifle(options={"exploitation_movers": "listed"})
    assert ma(b) == 0 and not judge(b, "FR-RES", PATH[:2], "exploitation").legal
    assert ma(rifle("infantry", options={"exploitation_movers": "listed"})) == 2


def test_infantry_still_one_third():
    """[6E], [14H]: an infantry unit rated 6: 2 MP at any date."""
    assert ma(rifle("infantry")) == 2


def test_mixed_mounted_rifle_exploits_as_rifle_commits_as_cavalry():
    """[14D3]: a mixed mounted rifle and rifle unit is a rifle unit for exploitation (6 × 1/5 → 1)
    and a cavalry unit otherwise, reserve commitment included (6 × 1/2 → 3) [6C]."""
    b = rifle("mixed_mounted_rifle")
    assert ma(b, "exploitation") == 1 and ma(b, "reserve") == 3


M, CAP, VALUES = supply_line_map(cols=12, overland=1)


def _hq(uid, where):
    return unit_doc(uid, "entente", "france", "army_hq", where, 3, strength=0, size="army")


def _status(units, depots):
    hexes = {h: {"depot": "operational"} for h in depots}
    b = mini_board(M, units, values=VALUES, ledgers=CAP, hexes=hexes)
    return {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}


@pytest.mark.parametrize("a_first", [True, False])
def test_one_army_hq_per_depot_whatever_the_order(a_first):
    """[11B2]: HQ A (GW2:0702) reaches depots GW2:0602 and GW2:0502, HQ B (GW2:0902) only GW2:0602.
    No depot serves two HQs, but A tracing to 0502 and B to 0602 supplies both, and their units,
    whichever of them the position lists first; with 0602 alone only one of them is supplied."""
    a, b = _hq("A", "GW2:0702"), _hq("B", "GW2:0902")
    ua = unit_doc("UA", "entente", "france", "rifle", "GW2:0703", 2)
    ub = unit_doc("UB", "entente", "france", "rifle", "GW2:0903", 2)
    units = [a, b, ua, ub] if a_first else [b, a, ub, ua]
    rep = _status(units, ["GW2:0602", "GW2:0502"])
    assert set(rep.values()) == {"in general supply"}
    rep = _status(units, ["GW2:0602"])
    assert sorted(rep.values()).count("in general supply") == 2
    assert rep["UA"] != rep["UB"]


def test_army_hqs_do_not_react():
    """[6D]: Army HQs (and artillery divisions) do not move in the reaction movement phase."""
    d = doc(phase="reaction_movement", active_side="central_powers")  # the Entente reacts [4A4]
    v = judge(board(d), "FR-HQ", ["GW2:0604", "GW2:0704"], "reaction")
    assert not v.legal and v.reasons[0].rule == "6D"


def test_rated_zero_or_rail_only_units_do_not_move_overland():
    """[14B3]: a unit rated 0 cannot move; [14B1]: a rail-only unit moves by rail alone; [6E]: a
    rating that rounds down to 0 in exploitation does not move (a rifle unit rated 4: 4/5 -> 0)."""
    d = doc()
    d["units"][6]["movement"] = 0
    v = judge(board(d), "FR-RES", ["GW2:0204", "GW2:0304"])
    assert not v.legal and v.reasons[0].rule == "14B3"
    d = doc()
    d["units"][6]["class"] = "rail_only"
    v = judge(board(d), "FR-RES", ["GW2:0204", "GW2:0304"])
    assert not v.legal and v.reasons[0].rule == "14B1"
    d = doc(phase="exploitation", active_side="entente")
    d["units"][6]["movement"] = 4
    v = judge(board(d), "FR-RES", ["GW2:0204", "GW2:0304"], "exploitation")
    assert not v.legal and v.reasons[0].rule == "6C; 6E"
