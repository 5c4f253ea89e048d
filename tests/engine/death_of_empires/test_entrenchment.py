"""Entrenchments as movement, ZOC and supply read them (8.71-8.74, 3.42); option
``permanent_entrenchment_zoc`` (spec §10 #23) both ways."""

from helpers import W, board, du, h, move, pointy_map, ruleset

from railhead.engine.rulesets.death_of_empires.position import zone_of_control


def test_entrenching_costs_3_mp_and_places_a_marker_facing_forward():
    """8.71 (1): a Combat unit in Deployed Mode, 3 MP, marker through its centre frontal hexside."""
    b = board(pointy_map(), [du("A", h(3, 3))])
    v = move(b, "A", [h(3, 3)], activities="entrench")
    assert v.legal and v.mp == 3
    assert v.changes.unit_fields["A"]["entrenchment"] == "entrenched"
    assert v.changes.locations[h(3, 3)]["fields"] == {"entrenchment": "entrenched", "entrenchment_facing": 1}
    art = board(pointy_map(), [du("G", h(3, 3), cls="artillery", mr="D")])
    assert not move(art, "G", [h(3, 3)], activities="entrench").legal  # 8.7: Combat Class only
    road = board(pointy_map(), [du("A", h(3, 3), mode="road")])
    assert not move(road, "A", [h(3, 3)], activities="entrench").legal  # 8.41


def test_entering_a_marked_hex_and_aligning_is_entrenching():
    """8.71 (2), 8.72 (2): enter a hex with a marker (or a printed permanent entrenchment) and align
    the facing with it: no MP beyond the move."""
    marks = {h(4, 3): {"entrenchment": "entrenched", "entrenchment_facing": 1}}
    b = board(pointy_map(), [du("A", h(3, 3))], hexes=marks)
    v = move(b, "A", [h(4, 3)], facing=1)
    assert v.legal and v.mp == 1 and v.changes.unit_fields["A"]["entrenchment"] == "entrenched"
    v = move(b, "A", [h(4, 3)], facing=2)
    assert "entrenchment" not in v.changes.unit_fields["A"]  # not aligned
    printed = pointy_map(hexes={h(4, 3): {"attrs": {"permanent_entrenchment": 1}}})
    v = move(board(printed, [du("A", h(3, 3))]), "A", [h(4, 3)], facing=1)
    assert v.changes.unit_fields["A"]["entrenchment"] == "permanent"


def test_moving_off_leaves_entrenchment_mode():
    """8.74 (missing from the file; inferred): the unit leaves the mode, the marker stays."""
    marks = {h(3, 3): {"entrenchment": "entrenched", "entrenchment_facing": 1}}
    b = board(pointy_map(), [du("A", h(3, 3), entrenchment="entrenched")], hexes=marks)
    v = move(b, "A", [h(2, 3)])
    assert v.changes.unit_fields["A"]["entrenchment"] == "none" and not v.changes.locations


def _zone(option, facing):
    """An entente unit in 0403, permanently entrenched facing W (toward 0303); a central unit in
    0303 (through its front) and one in 0502 (through a flank or rear hexside)."""
    marks = {h(4, 3): {"entrenchment": "permanent", "entrenchment_facing": facing}}
    units = [du("A", h(3, 3)), du("B", h(5, 2)), du("R", h(4, 3), "entente", entrenchment="permanent")]
    opts = {"permanent_entrenchment_zoc": option} if option else None
    b = board(pointy_map(), units, hexes=marks, options=opts)
    return b, zone_of_control(ruleset(), b, "central")


def test_no_zoc_across_the_frontal_hexsides_of_an_occupied_permanent_entrenchment():
    """3.42, §10 #23 frontal_hexsides (default): A, in front of the entrenchment, exerts no ZOC into
    it; B, on its flank, does."""
    b, zone = _zone(None, W)
    assert zone[b.idx(h(4, 3))]  # B's ZOC still reaches it
    b2 = board(pointy_map(), [du("A", h(3, 3)), du("R", h(4, 3), "entente", entrenchment="permanent")],
               hexes={h(4, 3): {"entrenchment": "permanent", "entrenchment_facing": W}})  # fmt: skip
    assert not zone_of_control(ruleset(), b2, "central")[b2.idx(h(4, 3))]


def test_across_any_hexside_with_all_hexsides():
    """§10 #23 all_hexsides: neither A nor B exerts a ZOC into the entrenched hex."""
    b, zone = _zone("all_hexsides", W)
    assert not zone[b.idx(h(4, 3))]


def test_a_plain_entrenchment_does_not_stop_a_zoc():
    """3.42 names Permanent Entrenchments only."""
    marks = {h(4, 3): {"entrenchment": "entrenched", "entrenchment_facing": W}}
    b = board(pointy_map(), [du("A", h(3, 3)), du("R", h(4, 3), "entente")], hexes=marks)
    assert zone_of_control(ruleset(), b, "central")[b.idx(h(4, 3))]
