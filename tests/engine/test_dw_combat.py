"""Der Weltkrieg combat, supply points, stacking, fortresses, bookkeeping: TC-15 ... TC-37
(der-weltkrieg.md §9). The CRT is not printed: only Fig 9's two cells are known."""

from __future__ import annotations

import pytest
from builders import hex_map, position, unit

from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg import combat as C
from railhead.errors import InputError

DW = get_ruleset("der-weltkrieg")
TEC = DW.data["terrain"]


def test_tc15_fig11_supply_points():
    """R19-2: 19 attacking SP -> 5 supply points; the French defender needs 2 to counterattack."""
    assert C.supply_points(19) == 5
    assert C.supply_points(4, counterattack=True) == 2 and C.supply_points(3, counterattack=True) == 2


def test_tc16_fig11_supply_line_reductions_and_column():
    """R19-9, R19-10: 5 MP -> -1 (5 SP -> 4); 6 MP -> -2 (9 -> 7, 5 -> 3): column 14, still 5 supply
    points; French 6 MP <= 8: none. Winter (R34-2/3): -2 and -3 -> column 11."""
    column = C.line_reduced(5, 5, 4) + C.line_reduced(9, 6, 4) + C.line_reduced(5, 6, 4)
    assert column == 14 and C.supply_points(19) == 5
    assert C.line_reduced(8, 6, 8) == 8
    winter = C.line_reduced(5, 5, 3) + C.line_reduced(9, 6, 3) + C.line_reduced(5, 6, 3)
    assert winter == 11 and C.line_reduced(8, 6, 6) == 8


def test_tc17_fig12_artillery_against_a_fortress():
    """R29-6: 4+3+8+8 = 23 artillery SP -> 12 supply points; R29-11: fewer than 16 infantry SP in
    the hex (4 hexsides) -> doubled: column 46; R29-10: +4; R21-3: a 36-SP fortress counterattacks
    at 108 with no supply points."""
    assert C.supply_points(0, 23) == 12
    strength, drm = C.artillery_vs_fortress(23, infantry_sp_in_hex=10, hexsides=4)
    assert (strength, drm) == (46, 4)
    assert C.artillery_vs_fortress(23, infantry_sp_in_hex=16, hexsides=4)[0] == 23
    assert C.modified_roll(3, [drm]) == 7
    assert C.counterattack_strength([{"class": "fortress", "strength": 36}]) == 108


def test_tc18_half_strength_option():
    """R19-11, R19-12: unsupplied 7 attacks at 3; unsupplied 5 counterattacks at 2 x 3 = 6;
    artillery may not use the option."""
    assert C.unsupplied(7) == 3
    assert C.unsupplied(5) * 3 == 6
    assert C.unsupplied(8, artillery=True) is None


def test_tc19_transfer_limits():
    """R18-6: 6 sent + 5 received = 11 -> illegal; a moving HQ may not send; R17-4: 100 max;
    R18-18: a Corps HQ gives at most 2 to an attack and 4 to a counterattack."""
    assert C.transfer_problem(6, 5, False, 40).rule == "R18-6"
    assert C.transfer_problem(5, 5, False, 40) is None
    assert C.transfer_problem(1, 0, True, 40).rule == "R18-6"
    assert C.transfer_problem(0, 10, False, 101).rule == "R17-4"
    assert (C.corps_hq_limit(False), C.corps_hq_limit(True)) == (2, 4)


def test_tc20_surrounded_breakout():
    """R20-2, R20-3: an unsupplied surrounded 8-SP division: -1 -> 7, x 1/4 = 1.75 -> 2; two
    brigades: 1 SP pre-loss in all."""
    assert C.breakout_strength([(8, "division")]) == 2
    assert C.breakout_pre_loss([(2, "brigade"), (2, "brigade")]) == 1


def test_tc21_fig9_combat():
    """Fig 9 (R13-3, R13-8, R13-15, R13-23, R13-24): 13 + 2 + 5 = 20 SP; the defender picks rough
    from clear, woods, rough; 4 - 3 = 1 -> CRT(20, 1) = 2. Counterattack 8 x 3 = 24; TEC rough
    +1 gives 5 (CRT cell not printed -> clear error); the printed example's +3 gives 7 ->
    CRT(24, 7) = 6. German losses: flip 8->6 and 2->1 (3), then the division under 1/2 (6->3)."""
    attack = 13 + 2 + 5
    terrain = C.best_defensive_terrain(["clear", "woods", "rough"], TEC)
    assert terrain == "rough"
    roll = C.modified_roll(4, [C.drm(TEC[terrain]["attack"])])
    assert roll == 1 and C.crt_result(attack, roll) == 2
    counter = C.counterattack_strength([{"class": "infantry", "strength": 4}] * 2)
    assert counter == 24
    tec_roll = C.modified_roll(4, [C.drm(TEC["rough"]["counterattack"])])
    assert tec_roll == 5
    with pytest.raises(InputError, match="column 24, die roll 5"):
        C.crt_result(counter, tec_roll)
    assert C.crt_result(counter, C.modified_roll(4, [3])) == 6
    steps = C.allocate_losses([C.LossUnit("div", 8, 6), C.LossUnit("bde", 2, 1)], 6)
    assert steps == [("div", "flip", 2), ("bde", "flip", 1), ("div", "halve", 3)]


def test_tc22_over_fifty():
    """R13-19: 135 SP -> 2 x CRT(50, dr) + CRT(35, dr)."""
    chart = {(50, 3): 7, (35, 3): 5}
    assert C.crt_result(135, 3, chart) == 2 * 7 + 5


def test_tc23_die_roll_caps():
    """R13-25, R13-12, R13-16: roll 1 with -4 and -2 -> -4 -> -3 -> -1; counterattack 6 with
    +3 +1 +3 -> +4 -> 10 -> 8."""
    assert C.modified_roll(1, [-4, -2]) == -1
    assert C.modified_roll(6, [3, 1, 3]) == 8


def test_tc24_retreat_with_fortress():
    """R21-5: result 10, fortress 3 SP: fortress loses 3, the rest 7 x 2/3 = 4.67 -> 5."""
    assert C.retreat_loss(10, "france", fortress_sp=3) == (3, 5)


@pytest.mark.parametrize(
    ("required", "nation", "lost"),
    [(2, "france", 1), (6, "germany", 4), (10, "russia", 7), (6, "austria-hungary", 6), (6, "italy", 6)],
)
def test_tc25_retreat_reduction(required, nation, lost):
    """R14-3: a third less, rounded to nearest; not for A-H (R40-6) or Italy (R42-3)."""
    assert C.retreat_loss(required, nation)[1] == lost


def test_tc26_mandatory_retreat():
    """R14-4, R22-8, R20-7, R41-2, R14-17."""
    assert C.must_retreat(4, C.Defence(8))[0] and not C.must_retreat(3, C.Defence(8))[0]
    assert not C.must_retreat(7, C.Defence(8, trench=True))[0]
    assert C.must_retreat(8, C.Defence(8, trench=True)) == (True, "R22-8")
    for kw in ({"city_or_port": True}, {"urban_chosen": True}):
        assert not C.must_retreat(20, C.Defence(8, **kw))[0]
    assert C.must_retreat(2, C.Defence(8, surrounded=True)) == (True, "R20-7")
    assert C.must_retreat(3, C.Defence(9, third_rule=True))[0]
    # R14-17: 6 SP that retreated into a hex holding 4 do not count: 2 >= 4/2
    assert C.must_retreat(2, C.Defence(4))[0]


def test_tc27_fig10_retreat_priorities():
    """R14-8: French in 1609, German attackers in 1608 and 1710; 1610 is EZOC and empty (7), 1509 is
    EZOC, French-held and closer (3), 1510 free at the same distance (2) -> 1510."""
    m = hex_map()
    units = [
        unit("FR", "1609", side_="entente", nation="france"),
        unit("FR2", "1509", side_="entente", nation="france"),
        unit("HQ", "1408", "hq", side_="entente", nation="france"),
        unit("G1", "1608"),
        unit("G2", "1710"),
    ]
    b = position(m, units, active="central")
    assert C.retreat_hexes(DW, b, "FR", "HQ") == [("1510", 2)]
    # with a free hex closer to the HQ, priority 1 wins (Fig 10: 1611 -> 1511 or 1512)
    units = [
        unit("FR", "1611", side_="entente", nation="france"),
        unit("HQ", "1411", "hq", side_="entente", nation="france"),
        unit("G", "1711"),
    ]
    b = position(m, units, active="central")
    assert C.retreat_hexes(DW, b, "FR", "HQ") == [("1511", 1), ("1512", 1)]


def test_tc28_advance_order():
    """R15-4: 8-5 -> 6-5 (25 %) and 2-4 -> 1-4 (50 %): none, {1-4} or both may advance; {6-5} alone
    may not. R15-3: artillery never advances."""
    loss = {"6-5": 0.25, "1-4": 0.5}
    assert C.advance_problem(loss, []) is None
    assert C.advance_problem(loss, ["1-4"]) is None
    assert C.advance_problem(loss, ["1-4", "6-5"]) is None
    assert C.advance_problem(loss, ["6-5"]).rule == "R15-4"
    assert C.advance_problem({"A": 0.0}, ["A"], artillery=["A"]).rule == "R15-3"


def test_tc29_assault_losses():
    """R33-4, R33-9: a 12-5 assault division (regular full strength 8) has 4 assault SP; a result of
    8 takes 4 from them (12-5 -> 8-5), 4 by the normal rules."""
    assert C.assault_sp(12, 8) == 4
    assert C.assault_losses(8, [(12, 8)]) == (4, 4)


def test_tc30_column_attack():
    """R16-8, R16-10, R19-11: 12 SP column-attack at 6; a 4-SP defender counterattacks 4 x 2 x 3 =
    24 (spec §10 #25); not across wooded rough, urban, mountain or major river; unsupplied 3."""
    assert C.column_attack_strength(12) == 6
    assert C.counterattack_strength([{"class": "infantry", "strength": 4}], column_attack=True) == 24
    for t in ("wooded_rough", "urban", "mountain"):
        assert C.column_attack_problem(t, False).rule == "R16-10"
    assert C.column_attack_problem("clear", True).rule == "R16-10"
    assert C.column_attack_problem("clear", False) is None
    assert C.column_attack_strength(12, supplied=False) == 3


def test_tc31_entrained_defender():
    """R7-11: an entrained 6-SP division counterattacks at 6, not 18, and has no ZOC."""
    assert C.counterattack_strength([{"class": "infantry", "strength": 6, "entrained": True}]) == 6
    b = position(
        hex_map(), [unit("E", "1010", entrained=True), unit("F", "1212", side_="entente", nation="france")]
    )
    assert not DW.enemy_zoc(b, "entente")[b.idx("1011")]
    assert not DW.exerts_zoc(b.state.unit("E"))


def test_tc32_flotillas():
    """R36-6: flotillas totalling 5 add 1; R36-7: a 2-strength flotilla interdicts at column 6."""
    assert C.flotilla_bonus(5) == 1
    assert C.interdiction_column(2) == 6


def test_tc33_stacking():
    """R11-1, R11-4, R11-5, R11-6, R11-9, R11-10, R49-1."""
    five_and_two = [("infantry", "division", "germany")] * 5 + [("infantry", "brigade", "germany")] * 2
    assert C.stacking_excess(five_and_two) == (0, 0)
    assert C.stacking_excess(five_and_two + [("infantry", "brigade", "germany")])[0] == 0.5
    art = [("artillery", "brigade", "germany")]
    assert C.stacking_excess(five_and_two + art * 3) == (0, 0)
    assert C.stacking_excess(five_and_two + art * 4)[1] == 1
    free = [("hq", "army", ""), ("fortress", "fortress", ""), ("engineer", "regiment", "")]
    assert C.stacking_excess(five_and_two + free) == (0, 0)
    assert C.stacking_equivalent("infantry", "division", "usa")[0] == 2
    assert C.stacking_limits(2) == (4, 2)
    assert C.attack_limit(2) == (8, 4)


def test_tc34_fortress_surrender():
    """R21-10, R21-11, R41-4."""
    assert C.prone_turns(15, 14) == 0 and C.prone_turns(15, 15) == 1
    assert C.surrenders(2, 1) and not C.surrenders(3, 1)
    assert C.prone_turns(12, 8) == 1 and C.prone_turns(24, 29) == 1
    assert C.russian_fortress_after(9, 1) is None and C.russian_fortress_after(12, 1) == 6


def test_tc35_open_city():
    """R21-12: August 1914, fortress 6, 4 other SP, 13 enemy SP adjacent (> 12) -> removed;
    a 9-SP fortress is unaffected."""
    assert C.open_city(8, 1914, 6, 4, 13)
    assert not C.open_city(8, 1914, 6, 4, 12)
    assert not C.open_city(8, 1914, 9, 4, 13)
    assert not C.open_city(10, 1914, 6, 4, 13)


def test_tc36_fig13_recombination():
    """R23-4: 12 infantry SP (6-5 under -1 = 5, RPL 5, brigade 2) -> 4-5 and the returning 8-5:
    still 12. One more SP would be illegal."""
    before = [5, 5, 2]
    assert C.recombination_problem(before, [(4, 6, 8), (8, 8, 8)]) is None
    assert C.recombination_problem(before, [(5, 6, 8), (8, 8, 8)]).rule == "R23-4"
    assert C.recombination_problem([13], [(9, 8, 8), (4, 6, 8)]).rule == "R23-4"


def test_tc37_demoralization():
    """R26-3, R37-6."""
    assert C.demoralization("army_hq_lost") == 10
    assert C.demoralization("infantry_lost", 3) == 3
    assert C.demoralization("infantry_surrendered", 3) == 6
    assert C.demoralization("cavalry_or_artillery_lost", 2) == 4
    assert C.demoralization("cavalry_or_artillery_surrendered", 2) == 8
    assert C.demoralization("engineer_lost") == 2
    assert C.demoralization("urban_hexside_first_occupied", capital=True) == 50
    assert C.demoralization("city_first_occupied", germany=True) == 30
