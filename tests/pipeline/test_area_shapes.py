"""The shapes of found areas made sound (pipeline/area_shapes.py) and the corner contacts told from
borders (pipeline/area_contacts.py), on small label images drawn here."""

from __future__ import annotations

import numpy as np

from railhead.pipeline import area_contacts
from railhead.pipeline.area_contacts import border_zone, corner_limit, corner_seams, short_contacts
from railhead.pipeline.area_shapes import trim_strips, whole_areas
from railhead.pipeline.areas import shared_borders


def test_a_stray_piece_of_an_area_goes_to_the_area_around_it():
    """Area 1 owns a far piece inside area 2: it becomes area 2's, so 1 no longer touches 3."""
    lab = np.ones((60, 90), np.int32)
    lab[:, 30:] = 2
    lab[:, 60:] = 3
    lab[20:30, 50:60] = 1  # a piece of 1 inside 2, against 3
    assert (1, 3) in shared_borders(lab)
    out = whole_areas(lab)
    assert not (out[:, 30:] == 1).any()
    assert (1, 3) not in shared_borders(out)
    assert (out[:, :30] == 1).all()  # the main piece stays
    assert (whole_areas(out) == out).all()


def test_a_long_strip_of_an_area_is_shared_by_the_areas_along_it():
    """Area 1 reaches along a 6 px strip between areas 2 and 3 (the inside of a double border) to
    area 4: the strip goes to 2 and 3, and 1 no longer borders 4; a short stub would stay."""

    def board(stub_end: int) -> np.ndarray:
        lab = np.full((100, 220), 2, np.int32)
        lab[53:, :] = 3
        lab[:, :40] = 1
        lab[:, 190:] = 4
        lab[47:53, 40:stub_end] = 1
        return lab

    lab = board(190)  # the strip, 6 px wide, 150 long
    assert shared_borders(lab).get((1, 4), 0) >= 6
    out = trim_strips(lab, min_width=12, strip_area=4)
    assert (1, 4) not in shared_borders(out)
    assert (out[47:50, 60:170] == 2).all() and (out[50:53, 60:170] == 3).all()
    assert (out[:, :38] == 1).all()
    assert (trim_strips(lab, 12, 0) == lab).all()  # 0: nothing trimmed
    short = board(48)  # an 8 px stub: under 4 squares of 12 px
    assert (trim_strips(short, 12, 4) == short).all()


def _crossing(w: int) -> tuple[np.ndarray, np.ndarray]:
    """Four areas round a crossing of two borders ``w`` px wide (the barrier), shared out as the
    digitizer shares them (each pixel to the nearest inside)."""
    from scipy import ndimage

    n = 200
    barrier = np.zeros((n, n), bool)
    barrier[100 - w // 2 : 100 + (w - w // 2), :] = True
    barrier[:, 100 - w // 2 : 100 + (w - w // 2)] = True
    inside = np.zeros((n, n), np.int32)
    inside[:100, :100], inside[:100, 100:], inside[100:, :100], inside[100:, 100:] = 1, 2, 3, 4
    inside[barrier] = 0
    idx = ndimage.distance_transform_edt(inside == 0, return_distances=False, return_indices=True)
    # a crossing drawn a little askew: the nearest inside is not shared exactly on the diagonals
    lab = inside[idx[0], idx[1]]
    lab[92:108, 92:108] = 1
    return lab, barrier


def test_areas_across_a_crossing_meet_at_a_corner_not_a_border():
    lab, barrier = _crossing(12)
    seams = shared_borders(lab)
    assert seams.get((1, 4), 0) > 12  # the askew share-out gives the diagonal a seam of 16 px
    zone = border_zone(lab, barrier, 6)
    assert 10 <= zone <= 14  # the borders are 12 px wide
    limit = corner_limit(12, zone)
    assert seams[(1, 4)] <= limit < min(seams[(1, 2)], seams[(1, 3)], seams[(2, 4)], seams[(3, 4)])
    unsure = short_contacts(seams, {1: "a", 2: "b", 3: "c", 4: "d"}, limit)
    assert [c["areas"] for c in unsure] == [["a", "d"]]
    assert unsure[0]["border"] is False and 0.5 <= unsure[0]["confidence"] < 1.0


def _double_crossing() -> tuple[np.ndarray, np.ndarray]:
    """Four areas round a crossing of two borders drawn double (lines 2 px wide, 12 px apart) whose
    lines open into a square where they cross; shared out to the nearest inside, the square going
    to areas 1 and 4 (diagonally across) along its diagonal, as an askew scan shares it."""
    from scipy import ndimage

    n = 200
    ink = np.zeros((n, n), bool)
    for c in (93, 106):
        ink[c : c + 2, :93] = ink[c : c + 2, 107:] = True  # the horizontal border's lines
        ink[:93, c : c + 2] = ink[107:, c : c + 2] = True  # the vertical border's lines
    inside = np.zeros((n, n), np.int32)
    inside[:93, :93], inside[:93, 107:], inside[107:, :93], inside[107:, 107:] = 1, 2, 3, 4
    idx = ndimage.distance_transform_edt(inside == 0, return_distances=False, return_indices=True)
    lab = inside[idx[0], idx[1]]
    y, x = np.mgrid[93:107, 93:107]
    lab[93:107, 93:107] = np.where(x + y < 200, 1, 4)
    return lab, ink


def test_areas_facing_across_the_open_square_of_a_crossing_are_no_neighbours():
    """The diagonal seam (1, 4) is as long as the borders are wide, but no line runs between 1 and
    4 along it (each one's nearest ink is its corner): no border. The four true borders have a
    line on either side all along: kept, whatever their length."""
    lab, ink = _double_crossing()
    seams = shared_borders(lab)
    assert seams[(1, 4)] >= 20 and (2, 3) not in seams
    found = corner_seams(lab, ink, seams, 0)
    assert list(found) == [(1, 4)] and found[(1, 4)] < 0.2
    assert corner_seams(lab, ink, seams, seams[(1, 4)]) == {}  # only seams longer than the limit
    saved = area_contacts.SLIDE
    try:
        area_contacts.SLIDE = 0  # 0: every seam longer than the limit is a border
        assert corner_seams(lab, ink, seams, 0) == {}
    finally:
        area_contacts.SLIDE = saved


def test_a_box_reached_through_a_neck_becomes_an_area_of_its_own():
    """Area 1 (named at (20, 50)) reaches a box through a 6 px break in the box's outline: the box
    is cut off as a new area; the area keeps its own part and the neck."""
    from railhead.pipeline.area_shapes import cut_necks

    lab = np.full((100, 200), 2, np.int32)
    lab[10:90, 5:80] = 1
    lab[20:80, 120:190] = 1  # the box
    lab[47:53, 80:120] = 1  # the break through which it was reached
    out, origin = cut_necks(lab, [(20.0, 50.0)], width=12, min_area=400)
    assert out.max() == 3 and list(origin) == [0, 1, 2, 1]
    assert (out[25:75, 125:185] == 3).all()
    assert (out[15:85, 10:75] == 1).all() and out[50, 100] == 1
    same, _ = cut_necks(lab, [(20.0, 50.0)], width=12, min_area=10_000)  # the box is too small
    assert (same == lab).all()


def test_the_fork_of_a_blunt_line_end_is_one_end():
    from railhead.pipeline.areas import AreaSpec, _End, _merge_forks

    spec = AreaSpec(np.zeros((1, 3), np.float32), ("border",), 3.0, 11.0, 60.0, 12.0, 400.0)
    comp = np.ones((50, 50), np.int32)
    down = np.array([0.0, 1.0])
    fork = [_End(np.array([20.0, 30.0]), down, True), _End(np.array([24.0, 31.0]), down, True)]
    merged = _merge_forks(fork, comp, spec)
    assert len(merged) == 1 and np.allclose(merged[0].point, [22.0, 30.5])
    apart = [fork[0], _End(np.array([24.0, 31.0]), np.array([1.0, 0.0]), True)]  # not one way
    assert len(_merge_forks(apart, comp, spec)) == 2
    comp[:, 22:] = 2  # two lines, not one
    assert len(_merge_forks(fork, comp, spec)) == 2


def test_a_small_area_whose_name_falls_on_a_line_is_kept():
    """A 30 x 30 px area (under min_area) with the gazetteer's point on its outline: without the
    point it is no area (its pixels go to the big area around); with it, it is one."""
    from railhead.pipeline.areas import regions

    barrier = np.zeros((200, 200), bool)
    barrier[[0, -1], :] = barrier[:, [0, -1]] = True
    barrier[100:103, 100:135] = barrier[132:135, 100:135] = True
    barrier[100:135, 100:103] = barrier[100:135, 132:135] = True
    plain = regions(barrier, 2000, 6, 1)
    assert plain.max() == 1
    seeded = regions(barrier, 2000, 6, 1, seeds=[(102.0, 102.0)])
    assert seeded.max() == 2 and seeded[117, 117] != seeded[50, 50]
    far = regions(barrier, 2000, 6, 1, seeds=[(50.0, 50.0)])  # a point in the big area: no change
    assert far.max() == 1


def test_the_slide_test_says_how_sure_it_is():
    """A verdict of the slide test carries a confidence: 0.5 at the threshold, 1.0 at a corner
    (slide 0) or a line all the way (slide 1); the corner of the crossing is dropped surely, the
    true borders kept surely, and a seam judged near the threshold is listed to check, either way."""
    from railhead.pipeline.area_contacts import SLIDE, seam_slides, slide_confidence, weak_contacts

    assert slide_confidence(SLIDE) == 0.5
    assert slide_confidence(0.0) == slide_confidence(1.0) == 1.0
    assert slide_confidence(SLIDE - 0.1) < slide_confidence(SLIDE - 0.3)
    assert slide_confidence(SLIDE + 0.1) < slide_confidence(SLIDE + 0.3)
    lab, ink = _double_crossing()
    seams = shared_borders(lab)
    slides = seam_slides(lab, ink, seams, 0)
    assert slide_confidence(slides[(1, 4)]) >= 0.8  # surely a corner
    assert all(slide_confidence(s) >= 0.8 for p, s in slides.items() if p != (1, 4))  # surely borders
    ids = {1: "a", 2: "b", 3: "c", 4: "d"}
    assert weak_contacts(slides, seams, ids) == []
    near = {(1, 2): SLIDE + 0.05, (1, 4): SLIDE - 0.05}
    weak = weak_contacts(near, seams, ids)
    assert [(c["areas"], c["border"]) for c in weak] == [(["a", "b"], True), (["a", "d"], False)]
    assert all(c["confidence"] < 0.8 for c in weak)
