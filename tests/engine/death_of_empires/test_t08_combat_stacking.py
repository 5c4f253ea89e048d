"""T8 (3.33 example): a corps with two attached divisions - Corps HQ 2 + two cavalry regiments 1 +
four infantry brigades 4 + two artillery brigades 2 = 9 BE - fights as one formation (First Combat
Stacking Criterion) when its units face one way or sit in its HQ Holding Box; with one unit from
outside the corps only 2 BE may fight (Second Criterion)."""

from helpers import board, du, pointy_map, ruleset

from railhead.engine.rulesets.death_of_empires.boxes import on_map
from railhead.engine.rulesets.death_of_empires.combat_stacking import combat_stack

HEX = "0303"


def corps(where=HEX, facing=1):
    hq = du("VHQ", HEX, cls="hq", size="corps", hq_level="corps", pfi="V", ccr=3, facing=1)
    units = [hq]
    for div in ("9", "10"):
        kw = {"pfi": div, "corps": "V"}
        if where == HEX:
            kw["facing"] = facing
        units.append(du(f"cav{div}", where, size="regiment", mr="C", type="cavalry", **kw))
        units += [du(f"inf{div}{k}", where, **kw) for k in "ab"]
        units.append(du(f"art{div}", where, cls="artillery", mr="D", **kw))
    return units


def _stack(b):
    placed = on_map(b)
    return [u for u in placed.state.units if u.hex == HEX and u.side == "central"]


def test_the_corps_is_one_nine_be_formation():
    """3.33 ex: 2 + 1 + 4 + 2 = 9 BE, all may attack or defend (First Criterion)."""
    b = board(pointy_map(), corps())
    s = combat_stack(ruleset(), _stack(b))
    assert s.legal and s.criterion == "one_formation" and s.be == 9


def test_in_the_hq_holding_box_it_is_one_formation_too():
    """3.33 ex, 2.66: the divisions in the Corps HQHB count as one formation with it."""
    m = pointy_map(boxes=[{"id": "hb-V", "attrs": {"host": "VHQ"}}])
    b = board(m, corps(where="hb-V"))
    s = combat_stack(ruleset(), _stack(b))
    assert s.legal and s.be == 9 and s.formations == 1


def test_facing_apart_they_are_two_formations_and_only_two_be_fight():
    """3.14, 3.33: a division facing another way is a separate formation; 9 BE of two formations
    may not all fight."""
    units = corps()
    units = [
        {**u, "attrs": {**u["attrs"], "facing": 2}} if u["attrs"].get("pfi") == "10" else u for u in units
    ]
    b = board(pointy_map(), units)
    s = combat_stack(ruleset(), _stack(b))
    assert not s.legal and s.formations == 2 and "3.33" in s.reason


def test_an_outside_unit_joining_allows_only_two_be():
    """3.33 ex: with a unit not of the corps, at most 2 BE may fight (Second Criterion)."""
    b = board(pointy_map(), [*corps(), du("X", HEX, pfi="77", facing=1)])
    units = _stack(b)
    assert not combat_stack(ruleset(), units).legal
    pick = [u for u in units if u.id in ("X", "inf9a")]
    s = combat_stack(ruleset(), pick)
    assert s.legal and s.criterion == "two_be" and s.be == 2
    pick = [u for u in units if u.id in ("X", "inf9a", "cav9")]
    assert not combat_stack(ruleset(), pick).legal  # 2 1/2 BE of two formations
