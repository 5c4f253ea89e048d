"""Cases read from the rulebook (not the spec): a unit of a formation facing another way is another
formation, and a hex holds at most two facings (3.14, 3.23 and its NOTE); detachments need not
stay with their formation, and only their corps or Army HQ's radius binds them (8.22 with 7.24.B's
NOTE)."""

from helpers import E, W, board, du, h, move, pointy_map, rail, ruleset

X = h(4, 3)
FROM = h(3, 3)  # west of X: arriving there faces E unless asked


def test_a_third_facing_in_a_hex_is_refused():
    """3.23: formations in a hex may face different ways, but never more than two: with A facing E
    and B facing W in the hex, C may end there facing E or W, not NE (0)."""
    units = [du("A", X, pfi="A"), du("B", X, pfi="B", facing=W), du("C", FROM, pfi="C")]
    b = board(pointy_map(), units)
    v = move(b, "C", [X], facing=0)
    assert not v.legal and v.reasons[0].rule == "3.23" and "3 ways" in v.reasons[0].message
    assert move(b, "C", [X], facing=W).legal
    assert move(b, "C", [X]).legal


def test_a_unit_facing_unlike_its_formation_is_another_formation():
    """3.14, 3.23 NOTE: A (3 BE, facing E) and B (3 BE, facing W) fill the hex with two formations.
    A2 of A's Primary Formation ending there facing E joins A: two formations, legal. Facing W it
    is a third formation: 7 BE over three formations, illegal."""
    units = [
        du("A", X, pfi="A", multiplicity=3),
        du("B", X, pfi="B", multiplicity=3, facing=W),
        du("A2", FROM, pfi="A", size="regiment"),
    ]
    b = board(pointy_map(), units)
    assert move(b, "A2", [X], facing=E).legal
    v = move(b, "A2", [X], facing=W)
    assert not v.legal and v.reasons[0].rule == "3.14; 3.23; 3.31"
    assert "A2 facing unlike its formation" in v.reasons[0].message


def test_arriving_a_unit_takes_its_formations_facing_unless_asked():
    """3.21, 3.14: facing is free while moving, so a unit ending with its formation faces as it does
    unless the move asks otherwise: A2 arriving from the east (crossing a W-facing hexside) joins A
    facing E."""
    units = [du("A", X, pfi="A"), du("A2", h(5, 3), pfi="A", size="regiment")]
    v = move(board(pointy_map(), units), "A2", [X])
    assert v.legal and v.extra["facing"] == E


LINE = [h(c, 2) for c in range(1, 21)]
VALUES = {
    f"supply_range.{k}.hexes": v
    for k, v in {"main_depot": 2, "loc": 1, "army_supply": 3, "corps_train": 2}.items()
}


def command(units):
    md = du("MD", h(2, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")
    ahq = du("AHQ", h(4, 4), cls="hq", size="army", pfi="A", army="A", hq_level="army", ccr=6, mr="H")
    m = pointy_map(cols=20, rows=12, lines=[rail(LINE, "double")])
    b = board(m, [md, ahq, *units], values=VALUES, army_bases={"A": [h(1, 2)]})
    return {u["unit"]: u for u in ruleset().supply_report(b, "central")["command"]}


def test_a_detachment_need_not_stay_with_its_formation():
    """8.22, 7.24.B NOTE: P has no HQ; its detachment P-D stands three hexes from P1. Neither is out
    of command for it (P-D is within the Army HQ's radius of 6)."""
    cc = command(
        [du("P1", h(5, 5), pfi="P", army="A"), du("P-D", h(8, 5), pfi="P", army="A", detachment=True)]
    )
    assert cc["P1"]["status"] == "in command"
    assert cc["P-D"]["status"] == "in command"


def test_a_detachment_answers_to_the_army_hq_not_its_division_hq():
    """8.22: a detachment cannot go out of command from its parent PF (here a division with an HQ
    of radius 1) but must stay within its Army HQ's radius: 3 hexes from the division HQ and 4
    from the Army HQ it is in command; 11 from the Army HQ, out (rule 8.22)."""
    dhq = du(
        "P-HQ", h(5, 5), cls="hq", size="division", pfi="P", army="A", hq_level="division", ccr=1, mr="H"
    )
    near = du("P-D", h(8, 5), pfi="P", army="A", detachment=True)
    far = du("P-E", h(15, 10), pfi="P", army="A", detachment=True)
    cc = command([dhq, near, far])
    assert cc["P-D"]["status"] == "in command"
    assert cc["P-E"]["status"] == "out of command" and "(8.22)" in cc["P-E"]["why"]


def test_march_allowance_is_two_mp_a_day():
    """4.22, 8.21.E: in a 2-day impulse's March Segment a unit has 4 MP: four clear hexes are legal,
    a fifth is refused (rule 4.22 with the rounding of 8.21.E)."""
    m = pointy_map(cols=14)
    b = board(m, [du("A", h(2, 3))], impulse_days=2)
    assert move(b, "A", [h(c, 3) for c in range(3, 7)]).legal
    v = move(b, "A", [h(c, 3) for c in range(3, 8)])
    assert not v.legal and v.reasons[0].rule == "8.21.E; 4.22"


def test_no_entering_enemy_units_but_a_lone_fortress():
    """3.31.F: a hex holding enemy ground units is never entered, except enemy fortress units alone
    (13.21.B)."""
    m = pointy_map()
    v = move(board(m, [du("A", h(2, 3)), du("R", h(3, 3), "entente")]), "A", [h(3, 3)])
    assert not v.legal and v.reasons[0].rule == "3.31.F"
    fort = du("F", h(3, 3), "entente", cls="fortress", size="fortress")
    assert move(board(m, [du("A", h(2, 3)), fort]), "A", [h(3, 3)]).legal


def test_a_unit_ending_in_road_mode_has_no_facing():
    """3.24: units in Road Mode have no facing: a move ending in Road Mode records none."""
    v = move(board(pointy_map(), [du("A", h(2, 3))]), "A", [h(3, 3)], end_mode="road")
    assert v.legal and v.extra["facing"] is None
    assert v.changes.unit_fields["A"]["mode"] == "road" and "facing" not in v.changes.unit_fields["A"]


def test_enemy_zoc_does_not_block_command():
    """3.44, 7.24: command control is traced in hexes whatever enemy ZOC lies between: a unit 4 hexes
    from its Army HQ (radius 6) with enemy units between them is in command."""
    enemies = [du("R1", h(5, 4), "entente"), du("R2", h(6, 4), "entente")]
    cc = command([du("P1", h(8, 4), pfi="P", army="A"), *enemies])
    assert cc["P1"]["status"] == "in command"
