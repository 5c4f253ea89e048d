"""7.23.C: involuntary isolation (every neighbour enemy-occupied or in interlocking enemy ZOC), and
the §10 #25 options, each both ways."""

from helpers import board, du, h, pointy_map, ruleset

from railhead.engine.rulesets.death_of_empires.isolation import isolated_units


def ring(m, centre, skip=()):
    """Enemy stacks two hexes out, so that every neighbour of ``centre`` is in two ZOCs."""
    out = []
    for k, x in enumerate(sorted(m.neighbours(centre))):
        if x in skip:
            continue
        out.append(du(f"E{k}", x, "entente"))
    return out


def test_surrounded_by_enemy_units_is_isolated_and_ml_becomes_1():
    m = pointy_map()
    units = [du("U", h(6, 3), pfi="U"), *ring(m, h(6, 3))]
    b = board(m, units)
    assert isolated_units(ruleset(), b, "central") == ["U"]
    r = ruleset().supply_report(b, "central")
    (f,) = [x for x in r["formations"] if x["formation"] == "U"]
    assert f["isolated"] and f["ml_becomes"] == 1


def test_a_friendly_neighbour_breaks_the_ring_or_not():
    """§10 #25 isolation_friendly_breaks: a friendly unit in one neighbouring hex that lies in
    interlocking enemy ZOC."""
    m = pointy_map()
    gap = sorted(m.neighbours(h(6, 3)))[0]
    units = [du("U", h(6, 3), pfi="U"), du("F", gap, pfi="F"), *ring(m, h(6, 3), skip=(gap,))]
    assert isolated_units(ruleset(), board(m, units), "central") == []
    b = board(m, units, options={"isolation_friendly_breaks": False})
    assert "U" in isolated_units(ruleset(), b, "central")


def test_the_map_edge_closes_the_ring_or_not():
    """§10 #25 isolation_impassable_surrounds: a unit on the map edge with enemies in every hex it
    has."""
    m = pointy_map()
    units = [du("U", h(1, 3), pfi="U"), *ring(m, h(1, 3))]
    assert isolated_units(ruleset(), board(m, units), "central") == []
    b = board(m, units, options={"isolation_impassable_surrounds": True})
    assert isolated_units(ruleset(), b, "central") == ["U"]
