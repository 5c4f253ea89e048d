"""Der Weltkrieg ground movement: acceptance cases TC-01 ... TC-07 (der-weltkrieg.md §9)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import hex_map, position, rail, side, unit

from railhead.engine.ruleset import get_ruleset

DW = get_ruleset("der-weltkrieg")


def move(board, uid, *path, mode="ground"):
    return DW.judge_move(board, [uid], list(path), mode)


def entente(uid, hex_id, **kw):
    return unit(uid, hex_id, side_="entente", nation="france", **kw)


# ---------------------------------------------------------------- TC-01
@pytest.mark.parametrize(
    ("cls", "track", "expected"),
    [("infantry", "single", 4), ("mountain", "single", 3), ("infantry", None, 5)],
)
def test_tc01_cumulative_hexside_cost(cls, track, expected):
    """R6-7: wooded rough + river + single-track rail = 4 + 1 - 1; mountain unit 3 (R32-1, R32-2);
    without the rail line 5."""
    lines = [rail("1010", "1011", track=track)] if track else []
    m = hex_map(hexsides=[side("1010", "1011", "wooded_rough", "river")], lines=lines)
    b = position(m, [unit("U", "1010", cls, movement=6)])
    v = move(b, "U", "1010", "1011")
    assert v.legal and v.mp == expected


# ---------------------------------------------------------------- TC-02
def test_tc02_fig3_path_costs_five():
    """Fig 3 (R6-6, R6-7): 2915->2815 clear 1; 2815->2716 woods+river+rail 2; 2716->2717
    broken+river 2; total 5 (the 2815/2716 rail is double track, spec §10 #2)."""
    m = hex_map(
        hexsides=[side("2815", "2716", "woods", "river"), side("2716", "2717", "broken", "river")],
        lines=[rail("2815", "2716")],
    )
    b = position(m, [unit("GE-8K", "2915", "cavalry", movement=5)])
    v = move(b, "GE-8K", "2915", "2815", "2716", "2717")
    assert v.legal
    assert [s.mp for s in v.steps] == [1, 2, 2] and v.mp == 5
    # with single track the woods+river hexside (3 < 4) gets no reduction: the path costs 6
    single = DW.judge_move(
        position(m, [unit("GE-8K", "2915", "cavalry", movement=5)], options={"single_track_threshold": 3}),
        ["GE-8K"],
        ["2915", "2815", "2716", "2717"],
    )
    assert single.mp == 5
    m2 = hex_map(
        hexsides=[side("2815", "2716", "woods", "river"), side("2716", "2717", "broken", "river")],
        lines=[rail("2815", "2716", track="single")],
    )
    assert (
        move(
            position(m2, [unit("GE-8K", "2915", "cavalry", movement=6)]),
            "GE-8K",
            "2915",
            "2815",
            "2716",
            "2717",
        ).mp
        == 6
    )


# ---------------------------------------------------------------- TC-03
def test_tc03_fig7_zoc_costs():
    """R10-7: French infantry in 0910; 1110->1010 enters ZOC = 2; 1010->0911 leaves and enters
    = 3; total 5. An assault unit pays 2 for the second step (R33-2); 1110 is not in the ZOC."""
    m = hex_map()
    fr = entente("FR", "0910")
    b = position(m, [unit("GE", "1110", movement=5), fr])
    v = move(b, "GE", "1110", "1010", "0911")
    assert v.legal and [s.mp for s in v.steps] == [2, 3] and v.mp == 5
    b = position(m, [unit("GE", "1110", "assault", movement=5), fr])
    assert [s.mp for s in move(b, "GE", "1110", "1010", "0911").steps] == [2, 2]
    assert not DW.enemy_zoc(b, "central")[b.idx("1110")]
    # with MA 4 the second step is over the allowance: illegal, citing the MA rule
    b = position(m, [unit("GE", "1110", movement=4), fr])
    v = move(b, "GE", "1110", "1010", "0911")
    assert not v.legal and v.reasons[0].rule == "R6-3" and "exceeds" in v.reasons[0].message


def test_option_lake_zoc_both_ways():
    """R10-6, R10-7, spec §10 #7 ``lake_zoc``: French infantry in 0910 behind a lake hexside. By
    default its ZOC crosses the lake (R10-6 names sea and alpine only): 1110->1010 enters it, 2 MP;
    with a lake read like the sea, 1010 is outside its ZOC, 1 MP."""
    m = hex_map(hexsides=[side("0910", "1010", "lake")])
    units = [unit("GE", "1110", movement=5), entente("FR", "0910")]
    b = position(m, units)
    assert DW.enemy_zoc(b, "central")[b.idx("1010")] and move(b, "GE", "1110", "1010").mp == 2
    b = position(m, units, options={"lake_zoc": "like_sea"})
    assert not DW.enemy_zoc(b, "central")[b.idx("1010")] and move(b, "GE", "1110", "1010").mp == 1


# ---------------------------------------------------------------- TC-04
def _mountain_map(rail_line=False, major=False):
    sides = [side("1010", "1011", "mountain")]
    if major:
        sides = [side("1010", "1011", "clear", "major_river")]
    return hex_map(hexsides=sides, lines=[rail("1010", "1011")] if rail_line else [])


def test_tc04_minimum_move():
    """R6-9, R32-3, R29-12, TEC major river."""
    m = _mountain_map()
    v = move(position(m, [unit("I", "1010")]), "I", "1010", "1011")
    assert v.legal and v.mp == 6 and v.reasons[0].rule == "R6-9"
    # EZOC -> EZOC across terrain >= 4: no minimum move
    enemy = [entente("F1", "0910"), entente("F2", "0912")]  # 0910 touches 1010, 0912 touches 1011
    b = position(m, [unit("I", "1010"), *enemy])
    ez = DW.enemy_zoc(b, "central")
    assert ez[b.idx("1010")] and ez[b.idx("1011")]
    v = move(b, "I", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R6-9"
    # a mountain unit pays 5 <= 6 (ZOC excluded): legal
    v = move(position(m, [unit("M", "1010", "mountain"), *enemy]), "M", "1010", "1011")
    assert v.legal and v.reasons[0].rule == "R6-9"
    # artillery across mountain without rail: illegal; with rail: legal
    v = move(position(m, [unit("A", "1010", "artillery")]), "A", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R29-12"
    v = move(
        position(_mountain_map(rail_line=True), [unit("A", "1010", "artillery")]),
        "A",
        "1010",
        "1011",
    )
    assert v.legal
    # major river EZOC -> EZOC: illegal for anyone (TEC)
    v = move(
        position(_mountain_map(major=True), [unit("I", "1010", movement=9), *enemy]),
        "I",
        "1010",
        "1011",
    )
    assert not v.legal and v.reasons[0].rule == "TEC" and "major river" in v.reasons[0].message
    # a unit that already spent MP cannot exceed its MA on a later hexside
    m2 = hex_map(hexsides=[side("1011", "1012", "mountain")])
    v = move(position(m2, [unit("I", "1010")]), "I", "1010", "1011", "1012")
    assert not v.legal and v.reasons[0].rule == "R6-3"
    v = move(position(m, [unit("I", "1010", mp_spent=1)]), "I", "1010", "1011")
    assert not v.legal


def test_tc04_minimum_move_last_step_option():
    """Spec §10 #4 alternative: the minimum move as the last step after partial movement."""
    m = hex_map(hexsides=[side("1011", "1012", "mountain")])
    b = position(m, [unit("I", "1010")], options={"minimum_move": "last-step"})
    v = move(b, "I", "1010", "1011", "1012")
    assert v.legal and v.mp == 7


# ---------------------------------------------------------------- TC-05
@pytest.mark.parametrize(("ma", "column"), [(5, 7), (4, 6), (3, 4)])
def test_tc05_column_movement_allowance(ma, column):
    """R6-10: MA x 1.5 rounded down."""
    assert (
        DW.movement_allowance(position(hex_map(), [unit("I", "1010", movement=ma)]).state.unit("I"), "column")
        == column
    )


def test_tc05_column_movement_rules():
    """R6-10, R7-10."""
    m = hex_map()
    fr = entente("F", "1209")  # ZOC: 1208, 1210, 1109, 1110, 1309, 1310
    b = position(m, [unit("I", "1010", movement=4), fr])
    assert move(
        b, "I", "1010", "1009", "1008", "1007", "1006", "1005", "1004", mode="column"
    ).legal  # 6 MP of column movement
    v = move(b, "I", "1010", "1110", mode="column")
    assert not v.legal and v.reasons[0].rule == "R6-10"
    b = position(m, [unit("I", "1110", movement=4), fr])
    v = move(b, "I", "1110", "1010", mode="column")
    assert v.legal and v.mp == 2  # leaves EZOC: +1
    v = move(position(m, [unit("A", "1010", "artillery")]), "A", "1010", "1009", mode="column")
    assert not v.legal and v.reasons[0].rule == "R6-10"
    v = move(position(m, [unit("I", "1010", used_rail=True)]), "I", "1010", "1009", mode="column")
    assert not v.legal and v.reasons[0].rule == "R7-10"


# ---------------------------------------------------------------- TC-06
def test_tc06_trench_and_devastation_entry():
    """R22-6, R22-13, R22-2, R18-3."""
    m = hex_map(hexsides=[side("1010", "1011", "clear"), side("1010", "1009", "mountain")])
    trench = {"1011": {"markers": ["trench"]}, "1009": {"markers": ["devastation"]}}
    b = position(m, [unit("I", "1010", movement=6)], hexes=trench)
    assert move(b, "I", "1010", "1011").mp == 3
    assert move(b, "I", "1010", "1009").mp == 6
    v = move(position(m, [unit("H", "1010", "hq")], hexes=trench), "H", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R18-3"
    b = position(m, [unit("H", "1010", "hq"), unit("E", "1011", "engineer")], hexes=trench)
    assert move(b, "H", "1010", "1011").legal
    m_rail = hex_map(lines=[rail("1011", "1012")])
    assert move(position(m_rail, [unit("H", "1010", "hq")], hexes=trench), "H", "1010", "1011").legal


# ---------------------------------------------------------------- TC-07
def test_tc07_zero_strength_enemy():
    """R6-11: only enemy 0-strength units in the hex: legal, destroyed, no extra MP (the ZOC
    they do not have costs nothing); a 1-strength division forbids entry."""
    m = hex_map()
    b = position(m, [unit("I", "1010"), entente("Z", "1011", cls="rpl", strength=0)])
    v = move(b, "I", "1010", "1011")
    assert v.legal and v.mp == 1 and "Z destroyed (R6-11)" in v.effects
    after = DW.apply(b, v, ["I"], ["1010", "1011"], "ground")
    assert [u.id for u in after.units] == ["I"] and after.unit("I").hex == "1011"  # Z is gone
    b = position(m, [unit("I", "1010"), entente("D", "1011", strength=1)])
    v = move(b, "I", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R6-11"


def test_stack_moves_together():
    """R6-4, R6-5: a stack starts together and every unit must be able to make the move."""
    m = hex_map(hexsides=[side("1010", "1011", "woods")])
    b = position(m, [unit("A", "1010", movement=2), unit("B", "1010", movement=1), unit("C", "1012")])
    v = DW.judge_move(b, ["A", "B"], ["1010", "1011", "1012"])
    assert not v.legal and any(r.rule == "R6-5" for r in v.reasons)
    v = DW.judge_move(b, ["A", "C"], ["1010", "1011"])
    assert not v.legal and v.reasons[0].rule == "R6-5"
    assert DW.judge_move(b, ["A"], ["1010", "1011"]).mp == Fraction(2)


def test_not_adjacent_and_wrong_phase():
    m = hex_map()
    b = position(m, [unit("I", "1010")])
    v = move(b, "I", "1010", "1012")
    assert not v.legal and "not adjacent" in v.reasons[0].message
    b = position(m, [unit("I", "1010")], active="entente")
    assert move(b, "I", "1010", "1011").reasons[0].rule == "R6-3"


def test_fortress_never_moves_and_ocean_is_prohibited():
    m = hex_map(hexsides=[side("1010", "1011", "ocean")])
    b = position(m, [unit("I", "1010"), unit("F", "1012", "fortress")])
    assert move(b, "I", "1010", "1011").reasons[0].rule == "TEC"
    assert move(b, "F", "1012", "1013").reasons[0].rule == "R21-1"
