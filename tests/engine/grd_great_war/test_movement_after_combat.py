"""Movement after combat [9F] as a log shows it: a drag in the Combat Phase [4A3] is the defender's
retreat [9F2] or the attacker's advance [9F3] (the phase's ``drags``), judged from where the unit
stood to where the drag ended."""

from __future__ import annotations

from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.api import NotJudged, judge_drag

CP = "central_powers"


def _division(uid, side, where, **kw):
    nation = "germany" if side == CP else "france"
    return unit_doc(uid, side, nation, "rifle", where, 3, size="division", **kw)


def _board(*units, hexes=None):
    return mini_board(mini_map(), list(units), phase="combat", active_side=CP, hexes=hexes or {})


def _rule(v):
    assert not isinstance(v, NotJudged), v
    return None if v.legal else v.reasons[0].rule


def test_a_retreat_goes_out_of_enemy_zoc_first_9f2():
    """9F2: the German division in 0602 puts 0601 and 0503 (and 0502) in its ZOC: a retreat from
    0502 goes to 0401, 0402 or 0501 (priority 1), never into the ZOC while those are open, nor into
    the German hex; the French unit's drag in the Central Powers' Combat Phase is a retreat."""
    b = _board(_division("F", "entente", "GW2:0502"), _division("G", CP, "GW2:0602"))
    v = judge_drag(RS, b, "F", "GW2:0402")
    assert v.legal and v.extra["drag"] == "retreat" and v.effects[0] == "9F2: priority 1 retreat hex"
    v = judge_drag(RS, b, "F", "GW2:0503")
    assert _rule(v) == "9F2" and "priority-3" in v.reasons[0].message
    assert _rule(judge_drag(RS, b, "F", "GW2:0602")) == "9F2"  # enemy occupied
    v = judge_drag(RS, b, "F", "GW2:0302")  # two hexes: 9F4 or a continued retreat, not judged
    assert isinstance(v, NotJudged) and "9F4" in v.reason


def test_a_strong_or_fast_unit_ignores_the_zoc_into_a_friendly_hex_9f2():
    """9F2: a non-artillery unit of attack strength 8 or more retreats into a friendly-occupied
    hex in an enemy ZOC as if it were not in one."""
    units = [_division("F", "entente", "GW2:0502", strength=8), _division("G", CP, "GW2:0602")]
    b = _board(*units, _division("F2", "entente", "GW2:0601"))
    assert judge_drag(RS, b, "F", "GW2:0601").legal
    b = _board(units[0] | {"strength": 3}, units[1], _division("F2", "entente", "GW2:0601"))
    assert _rule(judge_drag(RS, b, "F", "GW2:0601")) == "9F2"


def test_among_equal_hexes_the_one_nearest_a_friendly_depot_9f2():
    """9F2: of the hexes of one priority, the one closest to a friendly supply depot [11C1]."""
    depot = {"GW2:0104": {"depot": "operational", "owner": "entente"}}  # 3 hexes from 0402, 4 from 0401
    b = _board(_division("F", "entente", "GW2:0502"), _division("G", CP, "GW2:0602"), hexes=depot)
    assert judge_drag(RS, b, "F", "GW2:0402").legal
    v = judge_drag(RS, b, "F", "GW2:0401")
    assert _rule(v) == "9F2" and "closest to a friendly supply depot: GW2:0402" in v.reasons[0].message


def test_an_advance_enters_the_cleared_hex_9f3():
    """9F3: the attacker advances into the adjacent hex the combat cleared of enemy units."""
    b = _board(_division("G", CP, "GW2:0602"), _division("F", "entente", "GW2:0503"))
    v = judge_drag(RS, b, "G", "GW2:0502")
    assert v.legal and v.extra["drag"] == "advance"
    v = judge_drag(RS, b, "G", "GW2:0503")
    assert _rule(v) == "9F3" and "still holds enemy units" in v.reasons[0].message
