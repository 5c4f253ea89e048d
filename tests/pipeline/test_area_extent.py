"""The boxes printed over an area map are no area (pipeline/area_extent.py)."""

from __future__ import annotations

import numpy as np

from railhead.pipeline.area_extent import printed_boxes, void_labels


def _picture() -> np.ndarray:
    """A 200 x 300 barrier: a frame, a box with two cells at the top left, and a slanted border."""
    b = np.zeros((200, 300), bool)
    b[0, :] = b[-1, :] = b[:, 0] = b[:, -1] = True  # the frame
    b[10, 10:121] = b[70, 10:121] = True  # the box, 110 x 60
    b[10:71, 10] = b[10:71, 120] = True
    b[10:71, 65] = True  # two cells
    for x in range(150, 300):  # a slanted border: the areas beside it are no rectangles
        b[int(0.6 * (x - 150)) + 20, x] = True
    return b


def test_a_box_holding_no_name_is_found_with_its_cells():
    box = printed_boxes(_picture(), 30, [(200.0, 150.0), (280.0, 20.0)], 400)
    assert box[40, 40] and box[40, 90]  # both cells
    assert not box[150, 60] and not box[150, 200] and not box[20, 280]  # the map's areas


def test_a_box_holding_a_name_is_an_area():
    assert not printed_boxes(_picture(), 30, [(40.0, 40.0), (200.0, 150.0)], 400)[40, 40]


def test_too_small_a_box_is_left_alone():
    assert not printed_boxes(_picture(), 30, [(200.0, 150.0)], 100 * 100).any()


def test_void_labels_keeps_an_area_named_inside_the_void():
    labels = np.array([[1, 1, 2, 2], [1, 1, 2, 2]])
    void = np.array([[0, 1, 1, 0], [0, 1, 1, 0]], bool)
    out = void_labels(labels, void, [(2.5, 0.5)])  # a name in area 2, in the void
    assert out.tolist() == [[1, 0, 2, 2], [1, 0, 2, 2]]


def test_a_piece_at_the_pictures_edge_is_not_rejoined_whole():
    """The margin outside a map's frame, cut off from an area by a line carried on to the edge
    (a join the digitizer drew), is shared out, not joined whole to the area beside it."""
    from railhead.pipeline import areas
    from railhead.pipeline.area_synth import area_legend
    from railhead.pipeline.gazetteer import Place

    spec = areas.area_spec(area_legend())
    labels = np.ones((160, 160), np.int32)
    labels[:60] = 2  # a wide piece along the top edge, no name in it
    drawn = np.zeros(labels.shape, bool)
    drawn[59:61, :] = True  # its whole border with area 1 is a join
    places = [Place("inland", (80.0, 120.0), "inland", "land", {}, "row 1")]
    _, joined = areas.rejoin_cut_pieces(labels, drawn, places, spec)
    assert joined == 0
    inner = labels.copy()
    inner[:60] = 1
    inner[5:60, 5:155] = 2  # the same piece away from the edge is rejoined
    _, joined = areas.rejoin_cut_pieces(inner, drawn, places, spec)
    assert joined == 1


def test_a_box_divided_in_rows_thinner_than_a_box_is_found_whole():
    """A box 200 x 40 divided by a line along it into two rows 20 px high: no row is a box alone
    (thinner than ``min_side``), but the rows with the line between fill one rectangle."""
    b = np.zeros((200, 300), bool)
    b[0, :] = b[-1, :] = b[:, 0] = b[:, -1] = True
    b[10, 20:221] = b[30, 20:221] = b[50, 20:221] = True  # two rows
    b[10:51, 20] = b[10:51, 220] = True
    for x in range(20, 300):  # a slanted border below it
        b[int(0.5 * (x - 20)) + 60, x] = True
    box = printed_boxes(b, 30, [(150.0, 180.0), (280.0, 70.0)], 400, line_width=1)
    assert box[20, 100] and box[40, 100]  # both rows
    assert not box[120, 60] and not box[70, 280]  # the map's areas
    # a name in one row: the box is an area of the game, kept
    assert not printed_boxes(b, 30, [(150.0, 180.0), (100.0, 20.0)], 400, line_width=1)[40, 100]
