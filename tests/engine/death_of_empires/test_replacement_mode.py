"""Replacement Mode (9.12) as a Counter-March activity, and its option ``replacement_between``
(spec §10 #38) both ways."""

from helpers import board, du, h, move, pointy_map

BOTH = ("every_shortest_path", "any_shortest_path")


def _b(units, segment="counter_march", option=None, **kw):
    opts = {"replacement_between": option} if option else None
    return board(pointy_map(cols=12, rows=5, **kw), units, segment=segment, options=opts)


def test_four_hexes_from_the_enemy_for_3_mp():
    """9.12 (1): at least 4 hexes from the nearest enemy unit; 3 MP after moving (a 2-day
    Counter-March has 2 MP: 1 + 3 = 4 takes 2 MP of Force March, 9.11)."""
    b = _b([du("A", h(2, 3)), du("R", h(6, 3), "entente")])
    v = move(b, "A", [h(1, 3)], activities="replacement_mode", force_march="yes")
    assert v.legal and v.mp == 4 and v.changes.unit_fields["A"]["replacement_mode"] is True
    assert v.extra["force_march"]["mp"] == 2


def test_or_by_spending_no_mp_at_all():
    """9.12 procedure (2): no MP spent in the whole Counter-March Segment."""
    b = _b([du("A", h(2, 3)), du("R", h(6, 3), "entente")])
    v = move(b, "A", [h(2, 3)], activities="replacement_mode")
    assert v.legal and v.mp == 0
    b = _b([du("A", h(2, 3), mp_spent=1), du("R", h(6, 3), "entente")])
    v = move(b, "A", [h(2, 3)], activities="replacement_mode", force_march="yes")
    assert v.legal and v.mp == 3  # after spending 1 MP the marker costs 3 (2 of Force March)


def test_only_in_the_counter_march():
    b = _b([du("A", h(2, 3)), du("R", h(6, 3), "entente")], segment="march")
    v = move(b, "A", [h(2, 3)], activities="replacement_mode")
    assert not v.legal and v.reasons[0].rule == "9.12"


def test_not_on_advance_or_retire_unless_shattered():
    """7.15.A/B, 12.21."""
    b = _b([du("A", h(2, 3), mission="advance"), du("R", h(7, 3), "entente")])
    assert not move(b, "A", [h(2, 3)], activities="replacement_mode").legal
    b = _b([du("A", h(2, 3), mission="advance", shattered=True), du("R", h(7, 3), "entente")])
    assert move(b, "A", [h(2, 3)], activities="replacement_mode").legal


def test_two_hexes_needs_something_between():
    """9.12 (2): 2 hexes from the enemy: only with a friendly unit between."""
    alone = [du("A", h(2, 3)), du("R", h(4, 3), "entente")]
    assert not move(_b(alone), "A", [h(2, 3)], activities="replacement_mode").legal
    screened = [*alone, du("S", h(3, 3), pfi="S")]
    assert move(_b(screened), "A", [h(2, 3)], activities="replacement_mode").legal


def test_permanent_entrenchment_is_enough():
    """9.12 (3)."""
    b = _b([du("A", h(2, 3), entrenchment="permanent"), du("R", h(3, 3), "entente")])
    assert move(b, "A", [h(2, 3)], activities="replacement_mode").legal


def test_between_on_every_or_on_any_shortest_path():
    """§10 #38: from 0301 to an enemy 2 hexes away in 0303 there are two shortest paths, through
    0302 or 0402. A friend on one of them is "between" only for any_shortest_path."""
    a, enemy = h(3, 1), h(3, 3)
    for option, legal in zip(BOTH, (False, True), strict=True):
        units = [du("A", a), du("R", enemy, "entente"), du("S", h(4, 2), pfi="S")]
        v = move(_b(units, option=option), "A", [a], activities="replacement_mode")
        assert v.legal is legal, (option, v.reasons)
    for option in BOTH:  # both paths screened: legal either way
        units = [du("A", a), du("R", enemy, "entente"), du("S", h(4, 2), pfi="S"), du("T", h(3, 2), pfi="T")]
        assert move(_b(units, option=option), "A", [a], activities="replacement_mode").legal
