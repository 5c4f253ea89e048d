"""Cavalry Reaction Movement (3.46, 8.21.G) and re-facing by the non-moving side (3.45.A); option
``cavalry_reaction_trigger`` (spec §10 #10) both ways."""

from helpers import board, du, h, move, pointy_map

CAV = h(4, 2)


def cav(**kw):
    kw.setdefault("mr", "C")
    return du("C", CAV, "entente", type="cavalry", size="brigade", **kw)


def _b(units, option=None):
    opts = {"cavalry_reaction_trigger": option} if option else None
    return board(pointy_map(), units, options=opts)


def react(b, path, vacated, **kw):
    return move(b, "C", path, reaction_to="E", vacated=vacated, **kw)


def test_enemy_stepping_between_two_hexes_next_to_the_cavalry():
    """3.46: E moves 0302 -> 0303, both next to the cavalry: it may move one hex (not into the
    vacated hex) or just re-face; either trigger wording allows it."""
    for option in ("adjacent", "zoc_to_zoc"):
        b = _b([cav(), du("E", h(3, 3))], option)
        v = react(b, [h(4, 1)], h(3, 2))
        assert v.legal and v.mp == 0 and v.extra["rule"] == "3.46"
        assert react(b, [CAV], h(3, 2), facing=3).changes.unit_fields["C"]["facing"] == 3
        no = react(b, [h(3, 2)], h(3, 2))
        assert not no.legal and "vacated" in no.reasons[0].message
        assert react(b, [h(4, 3)], h(3, 2)).legal  # into the triggering unit's own ZOC
        assert not react(b, [h(4, 1), h(5, 1)], h(3, 2)).legal  # one hex at most


def test_next_to_another_friendly_unit_triggers_only_by_3_46():
    """§10 #10: E moves 0302 -> 0202, away from the cavalry but next to a friendly 1-SP unit (no
    ZOC): 3.46 ("and/or any other friendly unit") triggers; 8.21.G (ZOC to ZOC) does not."""
    units = [cav(), du("E", h(2, 2)), du("F", h(1, 2), "entente", strength=1)]
    assert react(_b(units, "adjacent"), [h(4, 1)], h(3, 2)).legal
    v = react(_b(units, "zoc_to_zoc"), [h(4, 1)], h(3, 2))
    assert not v.legal and "cavalry_reaction_trigger=zoc_to_zoc" in v.reasons[0].message


def test_zoc_to_zoc_where_the_cavalry_exerts_one_triggers_only_by_8_21_g():
    """§10 #10: E moves 0202 (a friendly infantry's ZOC) -> 0302 (the cavalry's ZOC); 0202 is not
    next to the cavalry, so 3.46 does not trigger; 8.21.G does."""
    units = [cav(), du("E", h(3, 2)), du("G", h(1, 2), "entente")]
    assert not react(_b(units, "adjacent"), [h(4, 1)], h(2, 2)).legal
    assert react(_b(units, "zoc_to_zoc"), [h(4, 1)], h(2, 2)).legal


def test_not_into_another_enemy_zoc_unless_friends_stand_there():
    """3.46: no enemy ZOC but the triggering unit's; a friendly unit in the hex negates it."""
    units = [cav(), du("E", h(3, 3)), du("H", h(5, 1))]
    b = _b(units)
    v = react(b, [h(4, 1)], h(3, 2))
    assert not v.legal and "other than E" in v.reasons[0].message
    b = _b([*units, du("S", h(4, 1), "entente", pfi="S")])
    assert react(b, [h(4, 1)], h(3, 2)).legal


def test_who_may_react_and_the_combat_marker():
    """3.46: Cavalry PF, Deployed, MR M/C/H; a Regular marker is removed, an Intensive flipped."""
    b = _b([cav(mr="I"), du("E", h(3, 3))])
    assert "MR I" in react(b, [h(4, 1)], h(3, 2)).reasons[0].message
    b = _b([cav(combat_marker="intensive"), du("E", h(3, 3))])
    assert react(b, [h(4, 1)], h(3, 2)).changes.unit_fields["C"]["combat_marker"] == "regular"
    b = _b([cav(), du("E", h(3, 3))])
    b2 = board(pointy_map(), [cav(), du("E", h(3, 3))], active_side="entente")
    assert not react(b2, [h(4, 1)], h(3, 2)).legal  # the moving side does not react
    assert react(b, [h(4, 1)], h(3, 2)).legal


def test_non_phasing_infantry_may_only_re_face_zoc_to_zoc():
    """3.45.A: E moves from one hex of the infantry's ZOC to another: it may change facing, not move."""
    inf = du("C", CAV, "entente")
    b = _b([inf, du("E", h(3, 3))])
    v = react(b, [CAV], h(3, 2), facing=2)
    assert v.legal and v.extra["rule"] == "3.45.A" and v.changes.unit_fields["C"]["facing"] == 2
    assert not react(b, [h(4, 1)], h(3, 2)).legal
    b = _b([inf, du("E", h(3, 2))])
    assert not react(b, [CAV], h(2, 2), facing=2).legal  # 0202 is not in its ZOC


def test_a_move_lists_who_may_re_face_or_react():
    """3.45.A, 3.46: the mover's verdict names them after each step."""
    b = _b([cav(), du("I", h(2, 3), "entente", pfi="I"), du("E", h(3, 2))])
    v = move(b, "E", [h(3, 3)])
    (w,) = v.extra["reaction_windows"]
    assert w["may_react"] == ["C"] and "C" in w["may_reface"] and "I" in w["may_reface"]


def test_from_a_holding_box_it_is_placed_on_the_map():
    """3.46: a reacting unit in a Holding Box is simply placed on the map (its HQ's hex) and moves on."""
    m = pointy_map(boxes=[{"id": "hb-IX", "attrs": {"host": "IXHQ"}}])
    hq = du("IXHQ", CAV, "entente", cls="hq", size="corps", hq_level="corps", pfi="IX", ccr=3)
    units = [hq, cav(corps="IX", pfi="2C"), du("E", h(3, 3))]
    units[1]["hex"] = "hb-IX"
    b = board(m, units)
    v = react(b, [CAV, h(4, 1)], h(3, 2))
    assert v.legal and v.steps[-1].to == h(4, 1)
