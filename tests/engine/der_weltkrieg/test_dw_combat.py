"""Der Weltkrieg combat, supply points, stacking, fortresses and bookkeeping: the acceptance cases
TC-15 ... TC-37 of shared/rules/der-weltkrieg.md §9, values as printed there (and its "derived"
variants). The CRT is not printed in the rulebook: only Fig 9's two cells are known."""

from __future__ import annotations

import pytest
from builders import hex_map, position, side, unit

from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg import stacking as S
from railhead.engine.rulesets.der_weltkrieg.advance import advance_problem
from railhead.engine.rulesets.der_weltkrieg.assault import assault_losses, assault_negates_terrain, assault_sp
from railhead.engine.rulesets.der_weltkrieg.column_attack import column_attack_problem, column_attack_strength
from railhead.engine.rulesets.der_weltkrieg.crt import attack_column, crt_result, crt_table
from railhead.engine.rulesets.der_weltkrieg.defender_terrain import best_defensive_terrain, eligible_terrains
from railhead.engine.rulesets.der_weltkrieg.demoralization import demoralization
from railhead.engine.rulesets.der_weltkrieg.die_roll import (
    attack_modifiers,
    counterattack_modifiers,
    modified_roll,
)
from railhead.engine.rulesets.der_weltkrieg.flotilla import (
    flotilla_bonus,
    flotilla_duel_strength,
    interdiction_column,
)
from railhead.engine.rulesets.der_weltkrieg.fortress import (
    artillery_vs_fortress,
    open_city,
    prone_turns,
    russian_fortress_after,
    surrenders,
)
from railhead.engine.rulesets.der_weltkrieg.losses import Loss, loss_problem
from railhead.engine.rulesets.der_weltkrieg.recombination import recombination_problem
from railhead.engine.rulesets.der_weltkrieg.retreat import (
    Defence,
    majority_nation,
    must_retreat,
    retreat_base,
    retreat_loss,
)
from railhead.engine.rulesets.der_weltkrieg.retreat_hexes import retreat_hexes, retreat_options
from railhead.engine.rulesets.der_weltkrieg.solid_defence import solid_defence, solid_defence_artillery
from railhead.engine.rulesets.der_weltkrieg.strength import (
    breakout_pre_loss,
    breakout_strength,
    counterattack_strength,
    marked_strength,
    unsupplied,
)
from railhead.engine.rulesets.der_weltkrieg.supply_line import (
    artillery_line_problem,
    line_reduced,
    line_threshold,
)
from railhead.engine.rulesets.der_weltkrieg.supply_points import (
    corps_hq_limit,
    needs_supply_points,
    supply_points,
    transfer_problem,
)
from railhead.engine.rulesets.der_weltkrieg.terrain_effects import halvings
from railhead.engine.state import Unit
from railhead.errors import InputError

DW = get_ruleset("der-weltkrieg")


def U(
    strength: int,
    cls: str = "infantry",
    nation: str = "france",
    size: str = "division",
    uid: str = "",
    **attrs,
):
    return Unit(uid or f"{cls}-{strength}", "entente", nation, cls, "0101", size, strength, 4, attrs)


# ------------------------------------------------------------------ supply
def test_tc15_fig11_supply_points():
    """R19-2, Fig 11 ex. 1: 19 attacking SP -> 5 supply points; the French 4-SP defender needs 2 to
    counterattack at full strength."""
    assert supply_points(19) == 5
    assert supply_points(4, counterattack=True) == 2
    assert supply_points(3, counterattack=True) == 2  # "2 or fraction of 2"
    assert supply_points(16) == 4 and supply_points(17) == 5
    assert supply_points(1, 1) == 2 and supply_points(1, 1, separate_rounding=False) == 1  # §10 #21


def test_units_supplied_without_supply_points_r30_1():
    """R30-1 (cavalry of full strength 1, 2 for Germany/Britain), R43-1/R43-2, R46-1, R21-3."""
    assert not needs_supply_points(U(1, "cavalry"))
    assert needs_supply_points(U(2, "cavalry"))
    assert not needs_supply_points(U(2, "cavalry", "germany"))
    assert needs_supply_points(U(1, "cavalry", full_strength=3))
    assert not needs_supply_points(U(4, nation="serbia"), counterattack=True, year=1915)
    assert needs_supply_points(U(4, nation="serbia"), counterattack=True, year=1916)
    assert needs_supply_points(U(4, nation="serbia"), year=1915)
    assert not needs_supply_points(U(4, nation="montenegro"), counterattack=True, year=1917)


def test_tc16_fig11_supply_line_reductions():
    """R19-9, R19-10, Fig 11 ex. 2: 5 MP -> -1 (5 SP -> 4); 6 MP -> -2 each (9 -> 7, 5 -> 3): column
    14, supply points still 5 for 19 SP. The French 6-MP line <= 8: no reduction, 2 supply points.
    Derived winter (R34-2, R34-3): -2 and -3 each -> 3 + 6 + 2 = 11; counterattack 6 <= 6: none."""
    column = line_reduced(5, 5) + line_reduced(9, 6) + line_reduced(5, 6)
    assert (line_reduced(5, 5), line_reduced(9, 6), line_reduced(5, 6)) == (4, 7, 3)
    assert column == 14
    assert supply_points(5 + 9 + 5) == 5
    assert line_reduced(4, 6, counterattack=True) == 4
    assert supply_points(4, counterattack=True) == 2
    winter = [line_reduced(s, mp, winter=True) for s, mp in ((5, 5), (9, 6), (5, 6))]
    assert winter == [3, 6, 2] and sum(winter) == 11
    assert line_reduced(4, 6, counterattack=True, winter=True) == 4
    assert line_reduced(4, 7, counterattack=True, winter=True) == 3


def test_supply_line_thresholds_r19_13_r19_15():
    """R19-13, R19-15, spec §10 #22 DECISION (winter + no LOC: the smaller threshold)."""
    assert line_reduced(5, 6, hq_adjacent=True) == 5
    assert line_reduced(5, 6, hq_adjacent=True, hq_has_loc=False) == 1
    assert (line_threshold(hq_has_loc=False), line_threshold(True, hq_has_loc=False)) == (2, 3)
    assert line_threshold(True, winter=True, hq_has_loc=False) == 3
    assert line_threshold(True, winter=True, hq_has_loc=False, winter_no_loc="no-loc") == 3
    assert line_threshold(winter=True, hq_has_loc=False) == 2
    assert artillery_line_problem(5).rule == "R29-4"
    assert artillery_line_problem(7, hq_adjacent=True) is None  # R19-14
    assert artillery_line_problem(5, counterattack=True, hq_adjacent=True).rule == "R29-4"


def test_tc17_fig12_artillery_against_a_fortress():
    """R29-6: 4 + 3 + 8 + 8 = 23 artillery SP -> 12 supply points; R29-11: infantry in the hex < 16
    (4 hexsides x 4) -> doubled: column 46; R29-10: +4; R21-3: the 36-SP fortress counterattacks at
    108 with no supply points."""
    artillery = 4 + 3 + 8 + 8
    assert supply_points(0, artillery) == 12
    assert artillery_vs_fortress(artillery, infantry_sp_in_hex=0, hexsides=4) == (46, 4)
    assert artillery_vs_fortress(artillery, infantry_sp_in_hex=16, hexsides=4) == (23, 4)
    assert modified_roll(3, [4]) == 7
    fortress = U(36, "fortress", "belgium")
    assert counterattack_strength([fortress]) == 108
    assert not needs_supply_points(fortress, counterattack=True)


def test_tc18_half_strength_option():
    """R19-11, R19-12: unsupplied 7 SP attack at 3; an unsupplied 5-SP defender counterattacks at
    2 x 3 = 6 (TC-18 DECISION: round down; nearest would give 9); artillery may not use it; R26-6:
    no unsupplied attacks in Shaken National Morale."""
    assert unsupplied(7) == 3
    half = unsupplied(5, counterattack=True)
    assert half == 2
    assert counterattack_strength([U(5)], {"infantry-5": half}) == 6
    assert unsupplied(5, counterattack=True, rounding="nearest") * 3 == 9
    assert unsupplied(8, artillery=True) is None
    assert unsupplied(8, shaken=True) is None and unsupplied(8, shaken=True, counterattack=True) == 4
    assert unsupplied(12, column=True) == 3


def test_tc19_transfer_limits():
    """R18-6: 6 sent + 5 received = 11 -> illegal; a moving HQ may not transfer; R17-4: at most 100;
    R18-18: Corps HQs hold 10 and give at most 2 to an attack, 4 to a counterattack."""
    assert transfer_problem(6, 5).rule == "R18-6"
    assert transfer_problem(5, 5, held_after=60) is None
    assert transfer_problem(1, 0, moved=True).rule == "R18-6"
    assert transfer_problem(0, 10, held_after=101).rule == "R17-4"
    assert transfer_problem(0, 10, held_after=100) is None
    assert transfer_problem(0, 5, held_after=11, corps=True).rule == "R18-18"
    assert (corps_hq_limit(), corps_hq_limit(counterattack=True)) == (2, 4)


def test_tc20_surrounded_breakout():
    """R20-2, R20-3: an unsupplied surrounded 8-SP division: -1 -> 7, x 1/4 = 1.75 -> 2 (DECISION
    order); two brigades involved -> 1 SP pre-loss in all."""
    assert breakout_strength(8, divisions=1) == 2
    assert breakout_pre_loss(divisions=0, small_units=2) == 1
    assert breakout_pre_loss(divisions=2, small_units=3) == 3
    assert breakout_strength(8, divisions=1, loss_first=False) == 1  # the other order


# ------------------------------------------------------------------ combat
def fig9_board():
    """2817 attacked from 2816 (woods hexside), 2917 (clear) and 2918 (rough); 2717 and 2818 border
    the attack hexsides (clear); 2718 (mountain) does not."""
    sides = [
        side("2817", "2816", "woods"),
        side("2817", "2918", "rough"),
        side("2817", "2718", "mountain"),
    ]
    units = [
        unit("88T", "2817", side_="entente", nation="france", strength=4),
        unit("87T", "2817", side_="entente", nation="france", strength=4),
        unit("A", "2816", strength=13),
        unit("B", "2917", strength=2, size="brigade"),
        unit("C", "2918", strength=5),
    ]
    return position(hex_map(hexsides=sides), units)


def test_tc21_fig9_combat():
    """Fig 9 (R13-3, R13-8, R13-9, R13-15, R13-25; spec §10 #1): 13 + 2 + 5 = 20; the defender may
    choose clear, woods or rough -> rough; 4 - 3 = 1 -> CRT(20, 1) = 2; no retreat (2 < 4).
    Counterattack 8 x 3 = 24; TEC rough +1 -> roll 5, whose CRT cell is not printed (clear error);
    Fig 9's +3 -> 7 -> CRT(24, 7) = 6."""
    b = fig9_board()
    options, river = eligible_terrains(DW, b, "2817", ["2816", "2917", "2918"])
    assert sorted(options) == ["clear", "rough", "woods"] and river is None
    terrain = best_defensive_terrain(options)
    assert terrain == "rough"
    attack = attack_column([13, 2, 5], halvings(terrain))
    assert attack == 20
    roll = modified_roll(4, attack_modifiers(terrain))
    assert roll == 1
    assert crt_result(attack, roll) == 2
    assert not must_retreat(2, Defence(8, nation="france"))[0]

    counter = counterattack_strength(b.state.units_at("2817"))
    assert counter == 24
    assert supply_points(8, counterattack=True) == 4
    tec_roll = modified_roll(4, counterattack_modifiers(terrain))
    assert tec_roll == 5
    with pytest.raises(InputError, match=r"column 24, die roll 5 is missing.*chart file"):
        crt_result(counter, tec_roll)
    fig9_roll = modified_roll(4, counterattack_modifiers(terrain, fig9_rough=True))
    assert fig9_roll == 7
    assert crt_result(counter, fig9_roll) == 6
    assert crt_result(counter, tec_roll, chart={24: {5: 4}}) == 4  # the user's chart fills it


def test_tc21_fig9_losses():
    """R13-23, R13-24, R13-22: French flip both 4-SP divisions to 3 (2 SP); German flip the division
    (8 -> 6) and brigade (2 -> 1), then the division under the 1/2 marker (6 -> 3): 6 SP."""
    french = [Loss("88T", "infantry", 4, 3, 3), Loss("87T", "infantry", 4, 3, 3)]
    assert loss_problem(2, french) is None
    assert marked_strength(6, ["1/2"]) == 3
    german = [Loss("div", "infantry", 8, 6, 3), Loss("bde", "infantry", 2, 1, 1)]
    assert loss_problem(6, german) is None
    unflipped = [Loss("div", "infantry", 8, 6, 2), Loss("bde", "infantry", 2, 1, 2)]
    assert loss_problem(6, unflipped).rule == "R13-24"
    assert loss_problem(6, german[:1]).rule == "R13-13; R13-17"
    artillery_first = [Loss("art", "artillery", 4, 2, 2), Loss("div", "infantry", 8, 6, 6)]
    assert loss_problem(4, artillery_first).rule == "R13-23"


def test_defender_terrain_urban_fortress_rivers_r13_4():
    """R13-4 (urban needs a city centre + urban hexside, two urban hexsides, or an attack through
    urban), R21-4 (never with a fortress; broken if nothing else), R13-5 (all attackers across a
    major river: combined with mountain -> quartered, spec §10 #27)."""
    urban = [side("2817", "2816", "urban"), side("2817", "2718", "urban")]
    b = position(hex_map(hexsides=urban), [unit("G", "2917")])
    assert "urban" in eligible_terrains(DW, b, "2817", ["2917"])[0]
    one = [side("2817", "2718", "urban")]
    b = position(hex_map(hexsides=one), [unit("G", "2917")])
    assert "urban" not in eligible_terrains(DW, b, "2817", ["2917"])[0]
    only_urban = [side("2817", n, "urban") for n in ("2816", "2917", "2918")]
    fort = unit("F", "2817", "fortress", side_="entente", nation="france", strength=6)
    b = position(hex_map(hexsides=only_urban), [unit("G", "2917"), fort])
    assert eligible_terrains(DW, b, "2817", ["2917"])[0] == ["broken"]
    major = [side("2817", "2917", "mountain", "major_river")]
    b = position(hex_map(hexsides=major), [unit("G", "2917")])
    options, river = eligible_terrains(DW, b, "2817", ["2917"])
    assert river == "major_river" and best_defensive_terrain(options, river) == "mountain"
    assert attack_column([13, 2, 5], halvings("mountain", river)) == 5
    with pytest.raises(InputError, match="R12-4"):
        eligible_terrains(DW, b, "2817", ["3030"])


def test_solid_defence_r22_19_to_21():
    """R22-19 (5 infantry SP or a full division per hexside, the smaller: §10 #31), R22-20 (artillery
    needed by year and front), R22-21 (clear: -1 attack and +2 counterattack; broken: +2)."""
    assert solid_defence(True, 10, 2, full_division=8) and not solid_defence(True, 9, 2, 8)
    assert solid_defence(True, 8, 2, full_division=4) and not solid_defence(False, 20, 1, 8)
    assert [solid_defence_artillery(y, "west") for y in (1914, 1915, 1916, 1917, 1918)] == [0, 3, 6, 9, 12]
    assert (solid_defence_artillery(1917, "italy"), solid_defence_artillery(1918, "other")) == (4, 2)
    assert attack_modifiers("clear", solid_defence_short=True) == [(-1, "R22-21")]
    assert counterattack_modifiers("broken", solid_defence_short=True) == [(2, "R22-21")]
    assert attack_modifiers("broken", solid_defence_short=True) == [(-1, "R13-9; TEC")]


def test_tc22_over_fifty():
    """R13-19: 135 SP -> 2 x CRT(50, dr) + CRT(35, dr); the missing cell is named."""
    chart = {(50, 3): 7, (35, 3): 5}
    assert crt_result(135, 3, chart) == 2 * 7 + 5
    assert crt_result(100, 3, chart) == 14
    with pytest.raises(InputError, match="column 35, die roll 3"):
        crt_result(135, 3, {(50, 3): 7})
    assert crt_table(1916, 12) == "standard" and crt_table(1917, 1) == "1917"  # R13-26
    with pytest.raises(InputError, match="1917 Combat Results Table cell for column 20, die roll 1"):
        crt_result(20, 1, table="1917")


def test_tc23_die_roll_caps():
    """R13-25, R13-12, R13-16: roll 1 vs wooded rough (-4) + trench (-2): -6 -> -4 -> -3 -> -1.
    Counterattack roll 6, mountain (+3) + winter (+1) + major river (+3): +7 -> +4 -> 10 -> 8."""
    attack = attack_modifiers("wooded_rough", trench=True)
    assert sorted(m for m, _ in attack) == [-4, -2]
    assert modified_roll(1, attack) == -1
    counter = counterattack_modifiers("mountain", river="major_river", winter=True)
    assert sorted(m for m, _ in counter) == [1, 3, 3]
    assert modified_roll(6, counter) == 8
    assert modified_roll(2, counter) == 6  # +4, not +7
    assert counterattack_modifiers("mountain", winter=True, attackers_in_trenches=True) == [
        (3, "R13-15; TEC")
    ]


def test_tc24_retreat_with_fortress():
    """R21-5: two 4-4 divisions + a 3-SP fortress, result 10, retreat: fortress loses 3, the rest
    7 x 2/3 = 4.67 -> 5 from the divisions."""
    assert retreat_loss(10, "france", fortress_sp=3) == (3, 5)


@pytest.mark.parametrize(
    ("required", "nation", "lost"),
    [(2, "france", 1), (6, "germany", 4), (10, "russia", 7), (6, "austria-hungary", 6), (6, "italy", 6)],
)
def test_tc25_retreat_reduction(required, nation, lost):
    """R14-3: a third less, rounded to nearest (2 -> 1, 6 -> 4, 10 -> 7); not for A-H (R40-6) or
    Italy (R42-3)."""
    assert retreat_loss(required, nation) == (0, lost)


def test_tc26_mandatory_retreat():
    """R14-4, R14-17, R22-8, R20-7, R41-2 (+ R29-14, R40-5, R47-2, R22-16, R33-9)."""
    assert must_retreat(4, Defence(8))[0]
    assert must_retreat(4, Defence(8))[1].rule == "R14-4"
    assert not must_retreat(3, Defence(8))[0]
    assert not must_retreat(7, Defence(8, trench=True))[0]
    assert must_retreat(8, Defence(8, trench=True))[0]
    assert must_retreat(8, Defence(8, trench=True))[1].rule == "R22-8"
    for kw in ({"city_or_port": True}, {"urban_chosen": True}, {"fortress": True}):
        assert not must_retreat(99, Defence(8, **kw))[0]
    assert must_retreat(2, Defence(8, surrounded=True))[0]
    assert must_retreat(2, Defence(8, surrounded=True))[1].rule == "R20-7"
    assert not must_retreat(1, Defence(8, surrounded=True))[0]
    assert must_retreat(3, Defence(9, nation="russia", year=1915))[0]
    assert must_retreat(3, Defence(9, nation="russia", year=1915))[1].rule == "R41-2"
    assert not must_retreat(3, Defence(9, nation="russia", year=1916))[0]
    assert not must_retreat(3, Defence(9, nation="russia", year=1915, r41_3_triggered=True))[0]
    assert not must_retreat(3, Defence(9, nation="austria-hungary", year=1915, with_germans=True))[0]
    assert must_retreat(3, Defence(9, nation="romania", year=1917, trench=True))[0]  # R47-2
    # R14-17 example: 6 SP retreated into a hex holding 4 (no trench); result 2 -> all retreat
    stack = [U(4, uid="held"), U(6, uid="in", retreated=True), U(3, "artillery", uid="art")]
    base = retreat_base(stack)
    assert base == 4
    assert must_retreat(2, Defence(base))[0]
    # R22-16: 1916, woods (-2) -> only at 100 %; 1915 needs -3; R33-9 negates it
    assert not must_retreat(7, Defence(8, year=1916, terrain_drm=-2))[0]
    assert must_retreat(7, Defence(8, year=1915, terrain_drm=-2))[0]
    assert must_retreat(7, Defence(8, year=1916, terrain_drm=-2, assault_sp=9))[0]
    assert majority_nation([U(4, nation="germany"), U(6, nation="austria-hungary")]) == "austria-hungary"


def test_tc27_fig10_retreat_priorities():
    """R14-8, R14-11, Fig 10: French unit in 1609 (HQ in 1408, German units 1608 and 1710): 1610 is
    EZOC and empty (7), 1509 EZOC but French-held and closer (3), 1510 free and as far (2) -> 1510.
    1611 (HQ 1411) -> 1511 or 1512 (priority 1). 1713 (HQ 1411, Germans in 1712 and 1812) -> 1613
    (priority 1; no valid supply route through 1612)."""
    m = hex_map()
    french = {"side_": "entente", "nation": "france"}
    b = position(
        m,
        [
            unit("FR", "1609", **french),
            unit("FR2", "1509", **french),
            unit("HQ", "1408", "hq", **french),
            unit("G1", "1608"),
            unit("G2", "1710"),
        ],
    )
    ranked = {h: p for h, p, _ in retreat_options(DW, b, "FR", "HQ")}
    assert ranked["1610"] == 7 and ranked["1509"] == 3 and ranked["1510"] == 2
    assert retreat_hexes(DW, b, "FR", "HQ") == [("1510", 2)]

    b = position(m, [unit("FR", "1611", **french), unit("HQ", "1411", "hq", **french), unit("G", "1711")])
    assert retreat_hexes(DW, b, "FR", "HQ") == [("1511", 1), ("1512", 1)]

    b = position(
        m,
        [
            unit("FR", "1713", **french),
            unit("HQ", "1411", "hq", **french),
            unit("G1", "1712"),
            unit("G2", "1812"),
        ],
    )
    assert retreat_hexes(DW, b, "FR", "HQ") == [("1613", 1)]
    assert {h: p for h, p, _ in retreat_options(DW, b, "FR", "HQ")}["1612"] == 7


def test_retreat_surrounded_and_stacking_r20_7_r14_10():
    """R20-7 (no HQ distance), R20-10 (no EZOC to EZOC), R14-10 (stacking), R14-7 (name the HQ)."""
    m = hex_map()
    french = {"side_": "entente", "nation": "france"}
    b = position(m, [unit("FR", "1609", **french), unit("G1", "1608"), unit("G2", "1710")])
    assert retreat_hexes(DW, b, "FR", surrounded=True) == [("1510", 1)]
    assert {h for h, _, _ in retreat_options(DW, b, "FR", surrounded=True)} == {"1510"}  # R20-10
    fort = unit("Fort", "1610", "fortress", side_="entente", nation="france", strength=3)
    b = position(m, [unit("FR", "1609", **french), unit("G1", "1608"), unit("G2", "1710"), fort])
    assert {h for h, _, _ in retreat_options(DW, b, "FR", surrounded=True)} == {"1510", "1610"}
    with pytest.raises(InputError, match="R14-7"):
        retreat_hexes(DW, b, "FR")
    full = [unit(f"F{k}", "1510", **french) for k in range(6)]
    b = position(
        m, [unit("FR", "1609", **french), unit("HQ", "1408", "hq", **french), unit("G", "1710"), *full]
    )
    assert "1510" not in {h for h, _, _ in retreat_options(DW, b, "FR", "HQ")}


def test_tc28_advance_order():
    """R15-4: 8-5 -> 6-5 (25 %) and 2-4 -> 1-4 (50 %): none, {1-4} or both may advance; {6-5} alone
    may not. R15-3: artillery never advances."""
    losses = {"6-5": (8, 6), "1-4": (2, 1)}
    assert advance_problem(losses, []) is None
    assert advance_problem(losses, ["1-4"]) is None
    assert advance_problem(losses, ["1-4", "6-5"]) is None
    assert advance_problem(losses, ["6-5"]).rule == "R15-4"
    assert advance_problem({**losses, "gone": (2, 0)}, ["1-4"]) is None  # eliminated units don't block
    assert advance_problem({"art": (4, 4)}, ["art"], artillery=["art"]).rule == "R15-3"


def test_tc29_assault_losses():
    """R33-4, R33-9: a German 12-5 assault division (regular full strength 8) has 4 assault SP; a
    counterattack result of 8 takes 4 from them (12-5 -> 8-5), 4 by the normal loss rules."""
    assert assault_sp(12, 8) == 4
    assert assault_sp(6, 8, pure=True) == 6  # AlpK / Jgr, R33-5
    assert assault_losses(8, [(12, 8)]) == (4, 4)
    assert assault_losses(3, [(12, 8)]) == (3, 0)
    assert assault_negates_terrain(4, 3) and not assault_negates_terrain(4, 4)


def test_tc30_column_attack():
    """R16-8, R16-10, R19-11: a supplied 12-SP stack column-attacks a 4-SP hex across clear: column 6;
    the defender counterattacks at 4 x 2 x 3 = 24 (DECISION, spec §10 #25; 12 without it). Not across
    wooded rough, urban, mountain or a major river. Unsupplied: 3."""
    assert column_attack_strength(12) == 6
    assert counterattack_strength([U(4)], column_attack=True) == 24
    assert counterattack_strength([U(4)], column_attack=True, column_defender_doubled=False) == 12
    assert column_attack_problem("clear") is None
    for t in ("wooded_rough", "urban", "mountain"):
        assert column_attack_problem(t).rule == "R16-10"
    assert column_attack_problem("clear", major_river=True).rule == "R16-10"
    assert column_attack_problem("clear", artillery=True).rule == "R16-4"
    assert column_attack_strength(12, supplied=False) == 3


def test_tc31_entrained_defender():
    """R7-11: an entrained 6-SP division counterattacks at 6, not 18, and exerts no ZOC."""
    assert counterattack_strength([U(6, entrained=True)]) == 6
    assert counterattack_strength([U(6)]) == 18
    b = position(
        hex_map(), [unit("E", "1010", entrained=True), unit("F", "1212", side_="entente", nation="france")]
    )
    assert not DW.exerts_zoc(b.state.unit("E"))
    assert not DW.enemy_zoc(b, "entente")[b.idx("1011")]


def test_tc32_flotillas():
    """R36-6: flotillas totalling 5 add 1; R36-7: a 2-strength flotilla interdicting a crossing
    within 2 hexes attacks at column 6 (beyond 2 hexes: no interdiction); R36-9: duels doubled."""
    assert flotilla_bonus(5) == 1 and flotilla_bonus(6) == 2
    assert interdiction_column(2, distance=2) == 6
    assert interdiction_column(2, distance=3) is None
    assert flotilla_duel_strength(2) == 4
    assert not needs_supply_points(U(2, "river_flotilla"))


# ------------------------------------------------------------------ stacking, fortresses, bookkeeping
def test_tc33_stacking():
    """R11-1, R11-4, R11-5, R11-6, R11-9, R11-10, R49-1: 5 divisions + 2 brigades = 6: legal; one
    more brigade (6.5): excess; 3 artillery legal, a 4th not; HQ (R18-5), fortress, engineer (R9-8) free; US
    division = 2; hex 1202 of map 5-3 (2 land hexsides): 4 divisions + 2 artillery, attacked by at
    most 8 divisions + 4 artillery."""
    ger = {"nation": "germany"}
    stack = [U(8, **ger, uid=f"d{k}") for k in range(5)] + [
        U(3, size="brigade", **ger, uid=f"b{k}") for k in range(2)
    ]
    assert S.stack_size(stack) == (6, 0) and S.stacking_problem(stack) is None
    extra = [*stack, U(3, size="brigade", **ger, uid="b3")]
    assert S.stacking_excess(extra) == (0.5, 0) and S.stacking_problem(extra).rule == "R11-1; R11-9"
    art = [U(4, "artillery", **ger, uid=f"a{k}") for k in range(4)]
    assert S.stacking_problem(stack + art[:3]) is None
    assert S.stacking_problem(stack + art).rule == "R11-4; R11-9"
    free = [U(1, "hq", size="army"), U(36, "fortress", size="fortress"), U(1, "engineer", size="regiment")]
    assert S.stacking_problem(stack + free) is None
    assert S.stacking_value(U(12, nation="usa")) == (2, 0)
    assert S.stacking_value(U(6, nation="usa", size="brigade")) == (1, 0)
    assert S.stacking_value(U(5, "rpl", size="regiment")) == (1, 0)
    assert S.stacking_limits(2) == (4, 2)
    assert S.attack_limit(2) == (8, 4) and S.attack_limit(3) is None
    attackers = [U(8, **ger, uid=f"x{k}") for k in range(9)]
    assert S.attack_limit_problem(attackers, 2).rule == "R11-10"
    assert S.attack_limit_problem(attackers[:8], 2) is None


def test_land_hexsides_from_the_map_r11_9():
    """R11-9: a hex with four sea hexsides keeps 2 land hexsides -> 4 divisions + 2 artillery."""
    sea = [side("1202", n, "ocean") for n in ("1201", "1302", "1303", "1203")]
    b = position(hex_map(hexsides=sea), [])
    assert S.land_hexsides(b, "1202") == 2
    assert S.stacking_limits(S.land_hexsides(b, "1202")) == (4, 2)


def test_option_alpine_land_hexside_both_ways():
    """R11-9, spec §10 #9 ``alpine_land_hexside``: a hex with four alpine hexsides has 6 land
    hexsides by default (6 divisions + 3 artillery, what its retreats are judged with, R14-10);
    with alpine not counted as land, 2 (4 divisions + 2 artillery)."""
    alps = [side("1202", n, "alpine") for n in ("1201", "1302", "1303", "1203")]
    b = position(hex_map(hexsides=alps), [])
    assert S.stacking_limits(S.land_hexsides(b, "1202", DW)) == (6, 3)
    b = position(hex_map(hexsides=alps), [], options={"alpine_land_hexside": False})
    assert S.stacking_limits(S.land_hexsides(b, "1202", DW)) == (4, 2)


def test_tc34_fortress_surrender():
    """R21-10, R21-11, R41-4: a 15-SP fortress surrounded 14 turns is not prone; next turn prone = 1;
    2d6 = 2 -> surrenders, 3 -> holds. Derived: 12 SP prone (1) on its 8th turn, 24 SP on its 29th.
    A Russian 9-SP fortress surrounded one turn -> 3 -> removed (< 4)."""
    assert prone_turns(15, 14) == 0 and prone_turns(15, 15) == 1
    assert surrenders(2, 1) and not surrenders(3, 1)
    assert not surrenders(2, 0)
    assert prone_turns(12, 7) == 0 and prone_turns(12, 8) == 1
    assert prone_turns(24, 28) == 0 and prone_turns(24, 29) == 1
    assert russian_fortress_after(9, 1) is None
    assert russian_fortress_after(12, 1) == 6
    assert counterattack_strength([U(12, "fortress", "russia")]) == 12


def test_tc35_open_city():
    """R21-12: August 1914, fortress 6 SP with 4 other SP, 13 enemy SP adjacent (> 12) -> removed;
    12 -> not; a 9-SP fortress is unaffected; October 1914 -> not."""
    assert open_city(8, 1914, 6, 4, 13)
    assert not open_city(8, 1914, 6, 4, 12)
    assert not open_city(8, 1914, 9, 4, 13)
    assert not open_city(10, 1914, 6, 4, 13)
    assert open_city(9, 1914, 8, 4, 0, line_to_capital=False)
    assert open_city(9, 1914, 8, 4, 0, enemy_siege_adjacent=True)


def test_tc36_fig13_recombination():
    """R23-4, Fig 13: 12 infantry SP (6-5 under -1 = 5, RPL 5-4, 2-4 brigade) -> the 6-5 flipped to
    4-5 and the eliminated 8-5 back: 4 + 8 = 12. One more SP, or more than front/full, is illegal."""
    before = [marked_strength(6, ["-1"]), 5, 2]
    assert before == [5, 5, 2] and sum(before) == 12
    assert recombination_problem(before, [(4, 6, 8), (8, 8, 8)]) is None
    assert recombination_problem(before, [(5, 6, 8), (8, 8, 8)]).rule == "R23-4"
    assert recombination_problem([13], [(9, 9, 8), (4, 6, 8)]).rule == "R23-4"


def test_tc37_demoralization():
    """R26-3, R37-6: Army HQ 10; 3 infantry SP lost 3, surrendered 6; 2 cavalry SP lost 4,
    surrendered 8; engineer 2; capital urban hexside 50; German non-capital city 30; a German capital
    city still 30 (spec §10 #39 DECISION; 60 with stacked doubling)."""
    assert demoralization("army_hq_lost") == 10
    assert demoralization("infantry_lost", 3) == 3
    assert demoralization("infantry_surrendered", 3) == 6
    assert demoralization("cavalry_or_artillery_lost", 2) == 4
    assert demoralization("cavalry_or_artillery_surrendered", 2) == 8
    assert demoralization("engineer_lost") == 2
    assert demoralization("urban_hexside_first_occupied", capital=True) == 50
    assert demoralization("city_first_occupied", germany=True) == 30
    assert demoralization("city_first_occupied", capital=True, germany=True) == 30
    assert demoralization("city_first_occupied", capital=True, germany=True, stack_doubling=True) == 60
    with pytest.raises(InputError, match="unknown demoralization event"):
        demoralization("capital_multiplier")
