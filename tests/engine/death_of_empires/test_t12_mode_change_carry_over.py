"""T12 (8.51 ex, 8.54 ex): entraining and detraining cost MP per BE; what a segment cannot pay carries
over on an SP marker under the Rail marker."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 11)]
STATIONS = {h(2, 2): {"features": ["station"], "attrs": {"station_capacity": 9}}}
VALUES = {"rail.entrain.mp_per_be": 1, "rail.detrain.mp_per_be": 1}


def test_entrain_carry_over():
    """8.51 ex: a 3-BE formation with 2 MP left spends them entraining: marker 2, 1 MP still needed
    in the next segment."""
    m = pointy_map(lines=[rail(LINE)], hexes=dict(STATIONS))
    b = board(m, [du("F", h(2, 2), multiplicity=3, mp_spent=2)], values=VALUES, rail_points={"central": 9})
    v = move(b, "F", [h(2, 2)], mode="rail", entrain="yes")
    assert v.legal
    assert v.extra["carry_over"]["mp_spent_entraining"] == 2 and v.extra["carry_over"]["still_needed"] == 1
    state = ruleset().apply(b, v, ["F"], [h(2, 2)], "rail")
    assert state.unit("F").attr("mode_change_mp") == 2


def test_entrain_completes_with_the_carried_mp():
    """8.51: next segment the formation needs only 1 more MP."""
    m = pointy_map(lines=[rail(LINE)], hexes=dict(STATIONS))
    b = board(
        m, [du("F", h(2, 2), multiplicity=3, mode_change_mp=2)], values=VALUES, rail_points={"central": 9}
    )
    v = move(b, "F", [h(2, 2)], mode="rail", entrain="yes")
    assert v.legal and v.extra["entrain_mp"] == 1 and v.changes.unit_fields["F"]["mode"] == "rail"


def test_detrain_carry_over():
    """8.54 ex: a 3-BE formation with 1 MP left spends it detraining: marker 1, 2 more needed."""
    m = pointy_map(lines=[rail(LINE)], hexes=dict(STATIONS))
    b = board(m, [du("F", h(2, 2), multiplicity=3, mode="rail", mp_spent=3)], values=VALUES)
    v = move(b, "F", [h(2, 2)], mode="rail", detrain="deployed")
    assert v.legal
    assert v.extra["carry_over"] == {"mp_spent_detraining": 1.0, "still_needed": 2.0, "rule": "8.54"}
    assert v.changes.unit_fields["F"]["mode"] == "rail"


def test_station_capacity_per_day_or_per_impulse():
    """8.55: a station lets at most its capacity of BE entrain per day (x 2 days = 8 here); option
    station_capacity_period = per_impulse: 4 in all."""
    m = pointy_map(
        lines=[rail(LINE)], hexes={h(2, 2): {"features": ["station"], "attrs": {"station_capacity": 4}}}
    )
    units = [du(f"B{k}", h(2, 2), pfi="X", multiplicity=3 if k < 2 else 1) for k in range(2)]
    b = board(m, units, values=VALUES, impulse_days=4, rail_points={"central": 9})
    assert move(b, "B0", [h(2, 2)], mode="rail", entrain="yes", stack=["B1"]).legal  # 6 BE <= 4 x 4
    b = board(m, units, values=VALUES, impulse_days=4, options={"station_capacity_period": "per_impulse"})
    v = move(b, "B0", [h(2, 2)], mode="rail", entrain="yes", stack=["B1"])
    assert not v.legal and v.reasons[0].rule == "8.55"
