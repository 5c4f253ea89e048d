"""Bridging the gaps of a line traced as a curve (:func:`railhead.pipeline.curves.bridge_gaps`):
where two roads cross under a symbol, where a road meets another whose junction was cut out, and
where the letters of a word lie ahead of a line."""

from __future__ import annotations

import cv2
import numpy as np

from railhead.pipeline.curves import bridge_gaps, line_pieces, symbol_footprints

H = 100.0  # hex height in pixels


def _canvas():
    return np.zeros((400, 400), np.uint8)


def _segment(img, a, b):
    cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), 1, 1)


def _parts(skel):
    return cv2.connectedComponents(skel.astype(np.uint8), connectivity=8)[1]


def _at(parts, x, y):
    """The piece at (x, y), or next to it (a thick line's skeleton may lie a pixel off)."""
    return parts[y - 2 : y + 3, x - 2 : x + 3].max()


def test_two_roads_crossing_under_a_symbol_are_each_bridged_straight_on():
    """Two roads cross at 60 degrees under a village symbol that hides 0.14 hex of each: each end
    is joined to the end straight across from it (the two roads cross), not to the nearer end of
    the other road (which would bend both roads back on themselves)."""
    img = _canvas()
    centre = np.array([200.0, 200.0])
    r = 7.0  # the symbol hides r px of each arm around the crossing
    arms = []
    for deg in (30.0, 150.0, 210.0, 330.0):
        u = np.array([np.cos(np.radians(deg)), np.sin(np.radians(deg))])
        arms.append(centre + u * (r + 10))
        _segment(img, centre + u * r, centre + u * 150)
    out = bridge_gaps(img > 0, H)
    parts = _parts(out)
    at = [parts[int(p[1]) - 1 : int(p[1]) + 2, int(p[0]) - 1 : int(p[0]) + 2].max() for p in arms]
    # the 30 degree arm continues as the 210 degree one, the 150 degree arm as the 330 one
    assert at[0] == at[2] and at[1] == at[3]
    assert out[int(centre[1]), int(centre[0])]  # straight across, through the crossing


def test_a_road_ending_at_a_road_whose_junction_was_cut_is_joined_to_it():
    """A road running into another (a T junction) whose junction was cut out (too much ink around
    it reads as clutter) ends 0.2 hex short of the other road: it is joined to it."""
    img = _canvas()
    _segment(img, (50, 200), (350, 200))  # the through road
    _segment(img, (200, 380), (200, 220))  # the road ending at it, 20 px short
    out = bridge_gaps(img > 0, H)
    parts = _parts(out)
    assert parts[200, 100] == parts[300, 200]


def test_a_chain_of_letters_pointing_at_a_line_is_not_joined_to_it():
    """The letters of a word (short pieces bridged into a chain) that point at a railway a fifth
    of a hex away are not joined to it: only a stretch of line of its own (:data:`STUB`) may end
    at another line."""
    img = _canvas()
    _segment(img, (50, 200), (350, 200))  # the line
    for y in (380, 342, 304, 266):  # four 'letters' 0.28 hex long, 0.1 hex apart
        _segment(img, (200, y), (200, y - 28))
    out = bridge_gaps(img > 0, H)
    parts = _parts(out)
    assert parts[375, 200] == parts[240, 200]  # the letters are chained (they face each other)
    assert parts[200, 100] != parts[240, 200]  # but not joined to the line


def test_a_road_ending_where_the_through_road_was_bridged_is_joined_to_the_bridge():
    """The through road is itself cut at the junction (and bridged, its two ends facing each
    other); the road ending at it points into that gap: it is joined to the bridge."""
    img = _canvas()
    _segment(img, (50, 200), (192, 200))  # the through road, cut for 0.16 hex at the junction
    _segment(img, (208, 200), (350, 200))
    _segment(img, (200, 380), (200, 215))  # the road ending at it, 15 px short
    out = bridge_gaps(img > 0, H)
    parts = _parts(out)
    assert parts[200, 100] == parts[200, 300] == parts[300, 200]


def test_roads_entering_a_village_symbol_meet_under_it():
    """Two roads run into a village symbol from the west and from the south (the village is their
    junction; under the symbol only specks of road show between its blocks): they are joined
    through the symbol's middle, while without the symbol's footprint they stay apart."""
    mask = np.zeros((400, 400), np.uint8)
    cv2.line(mask, (40, 200), (188, 200), 1, 4)  # from the west, to the symbol's edge
    cv2.line(mask, (200, 380), (200, 212), 1, 4)  # from the south
    for x, y in ((194, 196), (203, 205)):  # specks of road between the blocks
        cv2.circle(mask, (x, y), 2, 1, -1)
    symbols = np.zeros((400, 400), np.uint8)
    cv2.circle(symbols, (200, 200), 11, 1, -1)  # the village's footprint, 0.22 hex across
    joined = line_pieces(mask > 0, H, symbols > 0)
    apart = line_pieces(mask > 0, H)
    assert _at(_parts(joined), 100, 200) == _at(_parts(joined), 200, 300) != 0
    assert _at(_parts(apart), 100, 200) != _at(_parts(apart), 200, 300)


def test_the_footprint_of_a_symbol_keeps_blobs_and_drops_lines_and_letters():
    """A village's blocks (the legend's feature ink) make a footprint; a line and the thin strokes
    of a word printed in the same ink do not."""
    ink = np.zeros((300, 300), np.uint8)
    for x in (100, 110, 120):
        for y in (100, 110, 120):
            cv2.rectangle(ink, (x, y), (x + 6, y + 6), 1, -1)  # blocks 0.07 hex, 0.03 apart
    cv2.line(ink, (10, 250), (290, 250), 1, 3)  # a line
    cv2.putText(ink, "Bernsdorf", (150, 60), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1, 1)  # a word
    foot = symbol_footprints(ink > 0, H)
    assert foot[113, 113] and foot[100:127, 100:127].mean() > 0.8
    assert not foot[240:260].any() and not foot[30:70, 140:300].any()


def test_a_line_is_not_bridged_to_a_hook_ahead_of_it():
    """A long gap is bridged only between two ends that both run straight into it: a road's end
    0.3 hex from a hook of the same ink (a letter's stroke, a texture's swirl) whose tip faces it
    is not joined to it (the tip's heading, read off a bent stroke, means nothing)."""
    img = _canvas()
    _segment(img, (40, 200), (170, 200))  # the road, ending at x = 170
    hook = np.array([[200, 190], [207, 189], [203, 179], [200, 174]], np.int32)  # 0.25 hex of ink
    cv2.polylines(img, [hook], False, 1, 1)
    out = bridge_gaps(img > 0, H)
    assert _parts(out)[200, 100] != _parts(out)[174, 200]


def test_a_line_is_not_bridged_to_a_speck_ahead_of_it():
    """A long gap is bridged only between two stretches of line: a road's end 0.35 hex from a
    speck of the same ink in line with it (a bit of texture, straight because it is short) is not
    joined to it; chains of such bridges made roads of rough ground's blobs."""
    img = _canvas()
    _segment(img, (40, 200), (170, 200))  # the road, ending at x = 170
    _segment(img, (205, 200), (213, 200))  # a speck 0.08 hex long, in line with it
    out = bridge_gaps(img > 0, H)
    assert not out[200, 175:200].any()
