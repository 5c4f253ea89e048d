"""T09 [10.13], [9.5], [11.2.4]: a retreat result: who may, must or cannot retreat, and the
doubled Combat Loss paid from the bank when the defenders stay."""

from gwa_build import RS, area_map, position, unit

MAP = area_map(
    {
        "z": {"country": "france"},
        "o": {"country": "france"},
        "e": {"country": "france"},
        "f": {"country": "france"},
        "w": {"country": "france"},
        "n": {"country": "holland"},
    },
    [("z", "o", "operational_obstacle"), ("z", "e", "land"), ("w", "f", "narrow_sea"), ("w", "n", "land")],
)
ATTACKER = unit("GE-1A", "z", "army", "germany")


def board(units, banks=None):
    return position(MAP, [*units, ATTACKER], control={"e": "central"}, banks=banks or {"france": 10})


def test_field_defenders_behind_an_operational_obstacle_stay_at_double_loss():
    """[9.4.2], [10.13]: the only friendly neighbour lies across an Operational Obstacle: no
    retreat; the defenders stay and pay the loss twice (2 NRC due -> 4 from the bank)."""
    b = board([unit("FR-1A", "z", "army"), unit("FR-1C", "z")])
    r = RS.retreat_result(b, ["FR-1A", "FR-1C"])
    assert r["retreat_into"] == [] and r["must_stay"] and not r["may_stay"]
    v = RS.judge_combat_loss(b, "france", 2, ["FR-1A", "FR-1C"], doubled=r["must_stay"])
    assert v.legal and v.extra["nrc"] == 4 and v.changes.removed == ()
    entry = v.extra["ledgers"]["nrc"]["pools"]["france"][-1]
    assert entry["amount"] == 4 and entry["rule"] == "10.11.5; 10.13"
    assert "nrc-turn" not in v.extra["ledgers"]  # a combat loss is outside the ceiling [5.3]


def test_trench_majority_may_stay_or_retreat():
    """[10.13]: at least half the defence in Trench units: the defender may stay (at double loss)
    or retreat; not against a printed R of a Tank/Infiltration or Motorized Attack."""
    units = [unit("FR-1A", "w", "army", status="trench", strength=10), unit("FR-1C", "w")]
    m = area_map({"w": {"country": "france"}, "f": {"country": "france"}}, [("w", "f", "land")])
    b = position(m, [*units, unit("GE-1A", "w", "army", "germany")], banks={"france": 10})
    r = RS.retreat_result(b, ["FR-1A", "FR-1C"])
    assert r["may_stay"] and r["retreat_into"] == ["f"]
    assert not RS.retreat_result(b, ["FR-1A", "FR-1C"], printed_r=True)["may_stay"]
    field = position(
        m, [unit("FR-1A", "w", "army"), unit("FR-1C", "w"), unit("GE-1A", "w", "army", "germany")]
    )
    assert not RS.retreat_result(field, ["FR-1A", "FR-1C"])["may_stay"]


def test_an_out_of_supply_unit_in_the_stack_is_destroyed():
    """[10.13], [11.2.4], spec A44: only the out-of-supply unit is destroyed; the others retreat."""
    m = area_map({"w": {"country": "france"}, "f": {"country": "france"}}, [("w", "f", "land")])
    units = [
        unit("FR-1A", "w", "army"),
        unit("FR-1C", "w", in_supply=False),
        unit("GE-1A", "w", "army", "germany"),
    ]
    r = RS.retreat_result(position(m, units), ["FR-1A", "FR-1C"])
    assert r["destroyed"] == ["FR-1C"] and r["retreat_into"] == ["f"]


def test_narrow_sea_no_retreat_after_combat_unless_interned():
    """[9.5], [10.13.2]: the only friendly neighbour lies across a narrow sea: no Retreat-after-
    Combat; the defender stays at double loss, or chooses internment in the adjacent neutral."""
    b = position(MAP, [unit("FR-1C", "w"), unit("GE-1C", "w", nation="germany")], control={"e": "central"})
    r = RS.retreat_result(b, ["FR-1C"])
    assert r["retreat_into"] == [] and r["internment_into"] == ["n"] and not r["must_stay"]
