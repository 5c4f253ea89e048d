"""Der Weltkrieg's drags besides moves, judged as what their phase makes them (engine.drags): a
retreat of the defender after combat (R14-6, R14-8, R14-11, R14-12), an advance of the attacker
(R15-1, R15-3), and the placement of a reinforcement (R25-2, R25-3: ``railhead act ... place``)."""

from __future__ import annotations

import json

from builders import hex_map, position, rail, unit
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.api import NotJudged, judge_drag
from railhead.engine.ruleset import get_ruleset
from railhead.mapdata.io import write_mapdata

DW = get_ruleset("der-weltkrieg")
FRENCH = {"side_": "entente", "nation": "france"}
LINE = [f"{c:02d}10" for c in range(10, 16)]


def _rule(v):
    assert not isinstance(v, NotJudged), v
    return None if v.legal else v.reasons[0].rule


def _fig10(**extra):
    """Fig 10 (R14-8): the French unit in 1609 supplied from the HQ in 1408, Germans in 1608 and
    1710, a French unit in 1509; the Central Powers attack (their Combat Phase)."""
    units = [
        unit("FR", "1609", **FRENCH),
        unit("FR2", "1509", **FRENCH),
        unit("HQ", "1408", "hq", **FRENCH),
        unit("G1", "1608"),
        unit("G2", "1710"),
    ]
    return position(hex_map(), units + list(extra.values()), phase="combat")


def test_a_retreat_goes_to_the_best_priority_hex_r14_8_r14_11():
    """R14-8, R14-11 (Fig 10): 1510 (not in an enemy ZOC, as far from the HQ) comes before 1509
    (enemy controlled, French-held) and 1610 (enemy controlled, empty); the drag of a defender in
    the attacker's Combat Phase is judged as a retreat."""
    b = _fig10()
    v = judge_drag(DW, b, "FR", "1510")
    assert v.legal and v.extra["drag"] == "retreat" and "priority 2" in v.effects[0]
    assert _rule(judge_drag(DW, b, "FR", "1509")) == "R14-11; R14-8"
    v = judge_drag(DW, b, "FR", "1610")
    assert _rule(v) == "R14-11; R14-8" and "priority-7" in v.reasons[0].message


def test_a_retreat_is_one_hex_and_never_into_enemy_units_r14_6_r14_12():
    """R14-6: one hex; R14-12: never into enemy units; R14-13: fortresses never retreat."""
    b = _fig10()
    assert _rule(judge_drag(DW, b, "FR", "1611")) == "R14-6"  # two hexes away
    assert _rule(judge_drag(DW, b, "FR", "1608")) == "R14-12"  # the Germans' hex
    fort = unit("FORT", "1609", "fortress", side_="entente", nation="france", strength=3)
    b = _fig10(fort=fort)
    assert _rule(judge_drag(DW, b, "FORT", "1510")) == "R14-13"  # fortresses never retreat


def test_an_advance_enters_the_vacated_hex_and_never_artillery_r15_1_r15_3():
    """R15-1: the attacker moves into the hex the defender vacated; R15-3: not artillery."""
    m = hex_map()
    units = [unit("G1", "1608"), unit("ART", "1708", "artillery"), unit("FR", "1610", **FRENCH)]
    b = position(m, units, phase="combat")
    v = judge_drag(DW, b, "G1", "1609")
    assert v.legal and v.extra["drag"] == "advance"
    assert _rule(judge_drag(DW, b, "ART", "1609")) == "R15-3"
    assert _rule(judge_drag(DW, b, "G1", "1610")) == "R15-1"  # not next to it
    b = position(m, [*units, unit("FR2", "1609", **FRENCH)], phase="combat")
    v = judge_drag(DW, b, "G1", "1609")
    assert _rule(v) == "R15-1" and "still holds enemy units" in v.reasons[0].message


def test_the_advance_order_by_losses_is_listed_as_not_judged_r15_4():
    """R15-4: units that lost a greater share of their strength advance first; a log gives neither
    who fought the combat nor the losses. An advance by the only German unit next to the vacated
    hex keeps the order by itself; with another German division next to it, which may have fought
    and lost more, the drag the other rules allow is not judged, naming R15-4 and that division."""
    m = hex_map()
    units = [unit("G1", "1608"), unit("FR", "1610", **FRENCH)]
    v = judge_drag(DW, position(m, units, phase="combat"), "G1", "1609")
    assert v.legal and any(e.startswith("R15-4: no other unit") for e in v.effects)
    v = judge_drag(DW, position(m, [*units, unit("G2", "1709")], phase="combat"), "G1", "1609")
    assert isinstance(v, NotJudged) and "R15-4" in v.reason and "G2 next to 1609" in v.reason
    assert v.reason.startswith("the rules judged allow it, but not judged")


def test_artillery_never_retreats_and_a_rail_based_retreat_is_not_judged_r29_13_r14_20():
    """R29-13: artillery does not retreat; R14-20: a rail-based (RR) unit retreats only along an
    active rail line, which is not judged: listed, saying so."""
    b = _fig10(art=unit("ART", "1609", "artillery", **FRENCH))
    v = judge_drag(DW, b, "ART", "1510")
    assert _rule(v) == "R29-13"
    b = _fig10(rr=unit("RR", "1609", "artillery", movement="RR", **FRENCH))
    v = judge_drag(DW, b, "RR", "1510")
    assert isinstance(v, NotJudged) and "R14-20" in v.reason


def test_stacking_limits_retreats_and_advances_r14_10_r15_2():
    """R14-10: no retreat over the stacking limits (1510 full: the retreat goes to the next
    priority); R15-2: no more units advance into the vacated hex than stacking allows."""
    full = [unit(f"F{k}", "1510", **FRENCH) for k in range(6)]
    b = _fig10(**{f"f{k}": u for k, u in enumerate(full)})
    v = judge_drag(DW, b, "FR", "1510")
    assert _rule(v) == "R14-10" and "stacking" in v.reasons[0].message
    m = hex_map()
    germans = [unit(f"G{k}", "1609") for k in range(6)]
    b = position(m, [unit("G", "1608"), *germans, unit("FR", "1611", **FRENCH)], phase="combat")
    assert _rule(judge_drag(DW, b, "G", "1609")) == "R15-2"
    assert judge_drag(DW, b, "G", "1508").legal


def test_a_retreat_without_an_hq_to_rank_it_is_not_judged_r14_7():
    """R14-7: the priorities are distances to the HQ that supplied the unit; with no HQ that
    could have, the drag is not judged, and says why."""
    b = position(hex_map(), [unit("FR", "1609", **FRENCH), unit("G1", "1608")], phase="combat")
    v = judge_drag(DW, b, "FR", "1510")
    assert isinstance(v, NotJudged) and "R14-7" in v.reason


def _reinforcement_board(phase="reinforcement_arrival", active="central", enemy_at=None):
    m = hex_map(attrs={"country": "germany"}, lines=[rail(*LINE)])
    units = [unit("NEW", "0101")]
    if enemy_at:
        units.append(unit("FR", enemy_at, **FRENCH))
    return m, position(m, units, phase=phase, active=active)


def test_a_reinforcement_arrives_in_its_scheduled_hex_r25_2():
    _, b = _reinforcement_board()
    v = judge_drag(DW, b, "NEW", "1210")
    assert v.legal and v.extra["drag"] == "place" and "R25-2" in v.effects[0]
    _, b = _reinforcement_board(active="entente")  # the Entente's Reinforcement Arrival Phase
    assert _rule(judge_drag(DW, b, "NEW", "1210")) == "R25-2"
    _, b = _reinforcement_board(phase="movement")  # placed in the Movement Phase: a move, refused
    assert _rule(judge_drag(DW, b, "NEW", "1210", "place")) == "R5; R25-2"


def test_a_reinforcement_never_arrives_in_an_enemy_zoc_but_at_the_nearest_open_rail_hex_r25_3():
    """R25-3: not in a hex an enemy unit controls (ZOC, R10-1); its scheduled hex closed, the
    nearest friendly Operative Rail Hex not in an enemy ZOC instead."""
    _, b = _reinforcement_board(enemy_at="1211")  # its ZOC covers 1210, not 1110 nor 1310
    v = judge_drag(DW, b, "NEW", "1210")
    assert _rule(v) == "R25-3" and "enemy controlled" in v.reasons[0].message
    from railhead.engine.queries import judge_action

    v = judge_action(DW, b, "place", {"unit": "NEW", "hex": "1110", "scheduled": "1210"})
    assert v.legal and "R25-3" in v.effects[0]
    v = judge_action(DW, b, "place", {"unit": "NEW", "hex": "1510", "scheduled": "1210"})
    assert _rule(v) == "R25-3" and "(1110, 1310)" in v.reasons[0].message  # the nearest, not 1510
    _, b = _reinforcement_board()
    v = judge_action(DW, b, "place", {"unit": "NEW", "hex": "1010", "scheduled": "1210"})
    assert _rule(v) == "R25-2"  # its scheduled hex is open: it arrives there


def test_place_from_the_command_line(tmp_path):
    """``railhead act MAP STATE place unit=... hex=...``: exit 0 when R25-2 allows it, exit 1 with
    R25-3 when an enemy ZOC closes the hex, exit 1 with the phase's rule outside the Reinforcement
    Arrival Phase."""
    m = hex_map(attrs={"country": "germany"}, lines=[rail(*LINE)])
    write_mapdata(m, tmp_path / "map.json")

    def state(phase, *units):
        doc = {
            "format": "railhead.state/1",
            "ruleset": "der-weltkrieg",
            "turn": 1,
            "phase": phase,
            "active_side": "central",
            "units": [unit("NEW", "0101"), *units],
            "hexes": {},
            "ledgers": {},
        }
        (tmp_path / "state.json").write_text(json.dumps(doc))
        return [str(tmp_path / "map.json"), str(tmp_path / "state.json")]

    r = CliRunner().invoke(main, ["act", *state("reinforcement_arrival"), "place", "unit=NEW", "hex=1210"])
    assert r.exit_code == 0, r.output
    files = state("reinforcement_arrival", unit("FR", "1211", **FRENCH))
    r = CliRunner().invoke(main, ["act", *files, "place", "unit=NEW", "hex=1210", "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["reasons"][0]["rule"] == "R25-3"
    r = CliRunner().invoke(main, ["act", *state("movement"), "place", "unit=NEW", "hex=1210"])
    assert r.exit_code == 1 and "R25-2" in r.output and "reinforcement arrival" in r.output
