"""Reinforcement entry (7.12, 3.36) from a reinforcement box joined by an ``entry`` link to its
scheduled entry hex; option ``reinforcement_nearest_rail`` (spec §10 #39) both ways."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

from railhead.engine.queries import reach_report

BOX = {"id": "reinf-C", "name": "Central reinforcements", "attrs": {"reinforcement": True}}
ENTRY = h(1, 3)
LINK = {"between": ["reinf-C", ENTRY], "kind": "entry", "modes": ["ground", "rail"]}
LINE_A = [h(c, 3) for c in range(1, 9)]
LINE_B = [h(c, 1) for c in range(1, 9)]
DAMAGED = {h(2, 3): {"rail": "damaged"}, h(3, 3): {"rail": "damaged"}}


def _b(units, option=None, hexes=None, **extra):
    m = pointy_map(lines=[rail(LINE_A, "double"), rail(LINE_B, "double")], boxes=[BOX], links=[LINK])
    opts = {"reinforcement_nearest_rail": option} if option else None
    return board(m, units, options=opts, hexes=hexes, **extra)


def test_enters_on_its_entry_hex_for_no_mp_and_moves_on():
    """7.12: the unit enters on the scheduled hex, then moves as any unit."""
    b = _b([du("R1", "reinf-C")])
    v = move(b, "R1", [ENTRY])
    assert v.legal and v.mp == 0 and v.steps[0].frm == "reinf-C"
    v = move(b, "R1", [ENTRY, h(2, 4), h(3, 4)])
    assert v.legal and v.mp == 2


def test_may_arrive_overstacked():
    """3.36: the entry hex may be overstacked on arrival."""
    here = [du(f"F{k}", ENTRY, pfi=f"F{k}") for k in range(3)] + [
        du("F3", ENTRY, pfi="F3", size="double_brigade")
    ]
    b = _b([*here, du("R1", "reinf-C", pfi="R1")])
    assert move(b, "R1", [ENTRY]).legal


def test_not_into_an_enemy_zoc():
    """7.12: never into a hex holding an enemy unit or in an enemy ZOC."""
    b = _b([du("R1", "reinf-C"), du("E", h(2, 3), "entente")])
    v = move(b, "R1", [ENTRY])
    assert not v.legal and "7.12" in v.reasons[0].rule


def test_rail_reinforcement_gets_one_free_rail_mp():
    """7.12, T11 (b): arriving in Rail Mode, the first Rail-Mode MP (here 7 double-track hexes) is
    free: no Rail Points."""
    b = _b([du("R1", "reinf-C", mode="rail")], rail_points={"central": 0})
    v = move(b, "R1", [ENTRY, *LINE_A[1:]], mode="rail")
    assert v.legal and v.mp == 1, v.reasons
    on_map = _b([du("R1", ENTRY, mode="rail")], rail_points={"central": 0})
    assert not move(on_map, "R1", LINE_A[1:], mode="rail").legal  # no free MP: 1 RP needed


def test_only_the_scheduled_hex_while_it_is_free():
    b = _b([du("R1", "reinf-C")])
    assert not move(b, "R1", [h(1, 1), h(2, 1)]).legal
    v = move(b, "R1", [h(1, 1)])
    assert not v.legal and "7.12" in v.reasons[0].rule


def test_blocked_entry_nearest_rail_by_hexes_or_along_the_rail():
    """§10 #39: entry 0103 held by an enemy (artillery: no ZOC beyond its hex); line A's next two hexes
    are damaged. By hex count the nearest unblocked rail is on line B (row 1, 2 hexes away); along the
    rail net it is 0403 on line A (3 rail hexes)."""
    units = [du("R1", "reinf-C"), du("E", ENTRY, "entente", cls="artillery")]
    b = _b(units, hexes=DAMAGED)
    assert move(b, "R1", [h(1, 1)]).legal
    assert not move(b, "R1", [h(4, 3)]).legal
    b = _b(units, option="along_rail", hexes=DAMAGED)
    assert move(b, "R1", [h(4, 3)]).legal
    v = move(b, "R1", [h(1, 1)])
    assert not v.legal and "0403" in v.reasons[0].message


def test_reach_from_the_box_enters_then_moves_on_as_move_judges_it():
    """7.12: ``reach`` of a waiting reinforcement starts with its entry at no MP and goes on as any
    unit from the entry hex; every hex it lists, ``move`` finds legal at the same cost."""
    b = _b([du("R1", "reinf-C")])
    rep = reach_report(ruleset(), b, "R1")
    got = {e["id"]: e for e in rep["hexes"]}
    assert got[ENTRY]["mp"] == 0 and got[ENTRY]["path"] == ["reinf-C", ENTRY] and got[ENTRY]["rule"] == "7.12"
    assert got[h(3, 4)]["path"][:2] == ["reinf-C", ENTRY] and got[h(3, 4)]["mp"] == 2
    for hx, e in got.items():
        if hx != "reinf-C":
            v = move(b, "R1", e["path"][1:])
            assert v.legal and v.mp == e["mp"], (hx, v.reasons)
    b = _b([du("R1", "reinf-C"), du("E", h(2, 3), "entente")])  # the entry hex in an enemy ZOC
    rep = reach_report(ruleset(), b, "R1")
    assert [e["id"] for e in rep["hexes"]] == ["reinf-C"] and rep["reasons"][0]["rule"] == "7.12"
