"""The spec's §10 decisions as named options, each both ways (data.toml [options])."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

DIAGRAM = {f"mission_diagram.germany.{d}": "both" for d in range(6)}


def test_hold_doubles_terrain_or_terrain_and_zoc():
    """§10 #13, 7.15.C: Hold doubles TEC costs: entering a clear ZOC hex costs 2 + 1 (terrain) or
    2 + 2 (terrain_and_zoc)."""
    units = [du("A", h(3, 3), mission="hold"), du("R", h(5, 3), "entente")]
    assert move(board(pointy_map(), units), "A", [h(4, 3)]).mp == 3
    b = board(pointy_map(), units, options={"hold_doubles": "terrain_and_zoc"})
    assert move(b, "A", [h(4, 3)]).mp == 4


def test_rail_mixed_route():
    """§10 #19: 24 double-track + 12 single-track hexes: 1 + 1 = 2 MP per hex rate, or 36 / 12 = 3
    MP at the slowest rate."""
    line = [h(c, 2) for c in range(1, 38)]
    m = pointy_map(cols=40, lines=[rail(line[:25], "double"), rail(line[24:], "single")])
    units = [du("T", h(1, 2), mode="rail")]
    b = board(m, units, impulse_days=2, rail_points={"central": 9})
    assert move(b, "T", line[1:], mode="rail").extra["rail_mp"] == 2
    b = board(
        m, units, impulse_days=2, rail_points={"central": 9}, options={"rail_mixed_route": "slowest_rate"}
    )
    assert move(b, "T", line[1:], mode="rail").extra["rail_mp"] == 3


def test_rail_zoc_negation():
    """§10 #19, 8.53: a rail hex in enemy ZOC with a friendly unit on it: closed (none) or open
    (friendly_units)."""
    line = [h(c, 2) for c in range(1, 10)]
    units = [du("T", h(1, 2), mode="rail"), du("F", h(4, 2), pfi="F"), du("R", h(4, 3), "entente")]
    b = board(pointy_map(lines=[rail(line)]), units, rail_points={"central": 9})
    assert not move(b, "T", line[1:4], mode="rail").legal
    b = board(
        pointy_map(lines=[rail(line)]),
        units,
        rail_points={"central": 9},
        options={"rail_zoc_negation": "friendly_units"},
    )
    assert move(b, "T", line[1:4], mode="rail").legal


def test_single_sp_zoc_current_or_printed():
    """§10 #22, 3.41: an enemy unit down to 1 SP (printed 4) exerts no ZOC (current) or does (printed)."""
    units = [du("A", h(3, 3)), du("R", h(5, 3), "entente", strength=1, printed_sp=4)]
    assert move(board(pointy_map(), units), "A", [h(4, 3)]).mp == 1
    assert move(board(pointy_map(), units, options={"single_sp_zoc": "printed"}), "A", [h(4, 3)]).mp == 2


def test_mission_distance_hexes_or_ignore():
    """§10 #26, 7.15.A: on Advance a unit may not increase its distance to the closest enemy unit
    (hexes), or the check is left to the players (ignore)."""
    units = [du("A", h(5, 3), mission="advance"), du("R", h(8, 3), "entente")]
    v = move(board(pointy_map(), units, values=DIAGRAM), "A", [h(4, 3)])
    assert not v.legal and v.reasons[0].rule == "7.15.A"
    b = board(pointy_map(), units, values=DIAGRAM, options={"mission_distance": "ignore"})
    assert move(b, "A", [h(4, 3)]).legal


def test_mission_diagram_hexsides():
    """7.15.A/B: Advance may not cross exclusively-retire hexsides; the diagram is a chart cell."""
    values = {**DIAGRAM, "mission_diagram.germany.4": "retire"}
    units = [du("A", h(5, 3), mission="advance"), du("R", h(5, 5), "entente")]
    b = board(pointy_map(), units, values=values, options={"mission_distance": "ignore"})
    v = move(b, "A", [h(4, 3)])  # west = direction 4
    assert not v.legal and "exclusively-retire" in v.reasons[0].message


def test_corps_hq_be():
    """§10 #8: a Corps HQ is 2 BE (3.32) or 1 BE (9.0 example): road crowding with the HQ and a
    brigade is 1 1/2 -> 1 MP, or 3 BE -> 1 1/2 MP."""
    units = [
        du("HQ", h(4, 3), cls="hq", size="corps", pfi="IV", corps="IV", hq_level="corps", ccr=3, mr="H"),
        du("B", h(4, 3), pfi="B", corps="IV"),
        du("M", h(3, 3), pfi="M", corps="IV", mode="road"),
    ]
    assert move(board(pointy_map(), units), "M", [h(4, 3)]).mp == 2.5
    assert move(board(pointy_map(), units, options={"corps_hq_be": 1}), "M", [h(4, 3)]).mp == 2


def test_supply_loss_per_formation():
    """§10 #33: two units of one PF out of supply in a 2-day impulse: -2 once per PF, or -2 each."""
    units = [du("P1", h(8, 4), pfi="P", army="A"), du("P2", h(8, 5), pfi="P", army="A")]
    r = ruleset().supply_report(board(pointy_map(), units), "central")
    assert r["formations"][0]["supply_ml"] == -2
    b = board(pointy_map(), units, options={"supply_loss_per_formation": False})
    assert ruleset().supply_report(b, "central")["formations"][0]["supply_ml"] == -4


def test_force_march_to_entrain():
    """§10 #5: 9.11 forbids Force March while entraining (default: the rest carries over); 8.51
    allows it (the formation entrains at once, with a Force-March Morale Check)."""
    m = pointy_map(
        lines=[rail([h(c, 2) for c in range(1, 8)])],
        hexes={h(2, 2): {"features": ["station"], "attrs": {"station_capacity": 9}}},
    )
    units = [du("F", h(2, 2), multiplicity=2)]
    values = {"rail.entrain.mp_per_be": 1}
    b = board(m, units, values=values, segment="counter_march", impulse_days=1)
    v = move(b, "F", [h(2, 2)], mode="rail", entrain="yes")
    assert v.legal and v.extra["carry_over"]["still_needed"] == 1
    b = board(
        m,
        units,
        values=values,
        segment="counter_march",
        impulse_days=1,
        options={"force_march_to_entrain": True},
    )
    v = move(b, "F", [h(2, 2)], mode="rail", entrain="yes")
    assert v.legal and v.extra["carry_over"]["still_needed"] == 1  # not asked: no Force March (9.11)
    v = move(b, "F", [h(2, 2)], mode="rail", entrain="yes", force_march="yes")
    assert v.legal and "carry_over" not in v.extra and v.extra["force_march"]["mp"] == 1


def test_advance_infantry_stops_in_enemy_zoc_and_places_a_marker():
    """7.15.A: Advance-mission infantry entering an enemy ZOC stops there and places a Combat Marker
    at once (§10 #32: the marker's MP count; a move that cannot pay them is illegal)."""
    units = [du("A", h(3, 3), mission="advance", type="infantry"), du("R", h(6, 3), "entente")]
    b = board(pointy_map(), units, values=DIAGRAM)
    assert not move(b, "A", [h(4, 3), h(5, 3)]).legal  # no marker
    assert move(b, "A", [h(4, 3), h(5, 3)], activities="regular_marker").legal
    v = move(b, "A", [h(4, 3), h(5, 3), common(h(5, 3), h(6, 3))], activities="regular_marker")
    assert not v.legal and v.reasons[0].rule == "7.15.A"


def common(a, b):
    m = pointy_map()
    return sorted(set(m.neighbours(a)) & set(m.neighbours(b)))[0]


def test_crowding_counts_entrained():
    """§10 #20: an entrained brigade (2 BE) in the hex entered adds 1 MP of Road-Mode crowding, or
    nothing (crowding_counts_entrained = false)."""
    units = [du("T", h(4, 3), pfi="T", mode="rail", multiplicity=2), du("M", h(3, 3), pfi="M", mode="road")]
    assert move(board(pointy_map(), units), "M", [h(4, 3)]).mp == 2
    b = board(pointy_map(), units, options={"crowding_counts_entrained": False})
    assert move(b, "M", [h(4, 3)]).mp == 1
