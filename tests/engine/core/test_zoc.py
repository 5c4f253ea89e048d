"""The core's zone of control (engine/zoc.py): the hexes next to the units that exert one, not
across a blocked hexside, only into the hexes allowed; per side for the enemy of a side."""

from __future__ import annotations

import numpy as np
from builders import hex_map, position, side, unit

from railhead.engine.api import enemy_zone_of_control, zone_of_control

CENTRE = "0505"


def ids(board, mask):
    return {board.arrays.ids[i] for i in np.flatnonzero(mask)}


def neighbours(board, hex_id):
    return {board.arrays.ids[j] for j in board.nbr[board.idx(hex_id)] if j >= 0}


def test_enemy_zone_covers_the_six_neighbours_of_each_exerting_enemy_unit():
    m = hex_map((1, 10), (1, 10))
    b = position(
        m,
        [
            unit("E", CENTRE, side_="entente"),
            unit("C", "0909", side_="entente", cls="cavalry"),
            unit("F", "0202"),  # a unit of the side asking: exerts nothing against itself
        ],
    )
    zone = enemy_zone_of_control(b, "central", lambda u: u.cls == "infantry", "test-inf")
    assert ids(b, zone) == neighbours(b, CENTRE)  # the cavalry does not exert here; F is friendly
    assert not zone[b.idx(CENTRE)]  # the exerting hex itself is not in it
    theirs = enemy_zone_of_control(b, "entente", lambda u: True, "test-all")
    assert ids(b, theirs) == neighbours(b, "0202")


def test_a_blocked_hexside_and_the_into_mask_keep_the_zone_out():
    m = hex_map((1, 10), (1, 10), hexsides=[side(CENTRE, "0504", "major_river")])
    b = position(m, [unit("E", CENTRE, side_="entente")])
    blocked = b.arrays.side_terrain() == "major_river"
    into = np.ones(b.n, dtype=bool)
    into[b.idx("0605")] = False
    zone = zone_of_control(b, b.unit_side == "entente", blocked, into)
    assert ids(b, zone) == neighbours(b, CENTRE) - {"0504", "0605"}


def test_own_puts_the_exerting_units_hexes_in_the_zone():
    m = hex_map((1, 10), (1, 10))
    b = position(m, [unit("E", CENTRE, side_="entente")])
    exerting = np.array([True])
    assert not zone_of_control(b, exerting)[b.idx(CENTRE)]
    assert zone_of_control(b, exerting, own=True)[b.idx(CENTRE)]
