"""Digitizing synthetic scans: accuracy at every degradation level, asserted with margins.

Goals (issue): terrain >= 99.5 %, hexside and line F1 >= 0.97, grid error < 2 % of a hex width at
the hardest level. The margins below are what these small sample scans must keep."""

from __future__ import annotations

import numpy as np
import pytest

from railhead.pipeline.accuracy import accuracy
from railhead.pipeline.digitize import digitize
from railhead.pipeline.synth import degrade


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_digitized_sample_matches_its_truth(clean, legend, level):
    scan = degrade(clean, level, seed=11)
    found = digitize(scan.image, legend)
    a = accuracy(found.map, scan.truth)
    assert a["grid_numbering_matches"]
    assert a["grid_error_pct_of_hex_width"] < 1.0
    assert a["terrain_accuracy_pct"] >= 99.5
    assert a["hexsides"]["all"]["f1"] >= 0.95
    assert a["hexside_terrain_accuracy_pct"] >= 98.5  # Der Weltkrieg-style bands along hexsides
    for kind in ("rail", "road"):
        assert a["lines"][kind]["f1"] >= 0.97, (kind, a["lines"][kind])


def _stained(clean, legend, hexes: list[str]) -> np.ndarray:
    """The level-3 scan with a stain over each of ``hexes`` (clear hexes) in the colour half-way
    between clear and rough: a hex no one could name from its colour."""
    import cv2

    scan = degrade(clean, 3, seed=11)
    colours = {t.name: np.array(t.color, float) for t in legend.terrain}
    mix = tuple(int(c) for c in (colours["clear"] + colours["rough"]) / 2)
    radius = int(scan.truth.sheets[0].grid.pixels.hex_width * 0.45)
    image = scan.image.copy()
    for h in hexes:
        x, y = scan.truth.center(h)
        cv2.circle(image, (int(x), int(y)), radius, mix, -1)
    return image


def test_confidence_is_within_0_and_1_and_a_clean_scan_has_no_unflagged_error(clean, legend):
    scan = degrade(clean, 3, seed=11)
    found = digitize(scan.image, legend)
    conf = np.array([h.confidence for h in found.map.hexes.values()])
    assert ((conf >= 0) & (conf <= 1)).all()
    wrong = {e["hex"] for e in accuracy(found.map, scan.truth)["terrain_errors"]}
    doubtful = {d["hex"] for d in found.doubtful if "hex" in d}
    assert wrong <= doubtful  # every terrain error is flagged for review


def test_confidence_marks_the_doubtful(clean, legend):
    """A hex whose colour lies half-way between two terrains is a coin toss: the digitizer names it
    one or the other, and must list it among the doubtful places for a person to check. (The
    learnt classifier once named these stains rough with confidence 1.0: the colour rule's unsure
    hexes trained it, and nothing told it they were unlike every hex it learnt from.)"""
    clear = sorted(h for h, x in clean.truth.hexes.items() if x.terrain == "clear")
    stains = [clear[k] for k in np.random.default_rng(0).choice(len(clear), 12, replace=False)]
    found = digitize(_stained(clean, legend, stains), legend)
    doubtful = {d["hex"] for d in found.doubtful if "hex" in d}
    assert set(stains) <= doubtful, sorted(set(stains) - doubtful)


def test_rotation_and_scale_are_recovered(clean, legend):
    scan = degrade(clean, 3, seed=4)
    found = digitize(scan.image, legend)
    f, t = found.map.sheets[0].grid.pixels, scan.truth.sheets[0].grid.pixels
    assert f.angle_deg == pytest.approx(t.angle_deg, abs=0.05)
    assert f.hex_width == pytest.approx(t.hex_width, rel=0.002)
    assert f.hex_height == pytest.approx(t.hex_height, rel=0.002)


def _styled(style: str, level: int = 2):
    from railhead.mapdata.sample import sample_map
    from railhead.pipeline.synth import render, sample_legend

    legend = sample_legend(style)
    scan = degrade(render(sample_map(), legend, seed=5, style=style), level, seed=11)
    return accuracy(digitize(scan.image, legend).map, scan.truth)


def _terrain_rivers_and_lines_read(a: dict) -> None:
    """Terrain at least 99.5 %; river, major river, rail and road F1 at least 0.97."""
    assert a["terrain_accuracy_pct"] >= 99.5
    for kind in ("river", "major_river"):
        assert a["hexsides"][kind]["f1"] >= 0.97, (kind, a["hexsides"][kind])
    for kind in ("rail", "road"):
        assert a["lines"][kind]["f1"] >= 0.97, (kind, a["lines"][kind])


@pytest.mark.parametrize("style", ["classic", "atlas", "curvy"])
def test_every_art_style_is_read_at_level_2(style):
    """Issue 27 items 5 and 8: the sample map printed in each art style (classic; atlas: paler,
    thinner rivers, a solid sienna road, a railway of black and white dashes, a grey outline;
    curvy: roads and railways winding off the hex centres, cut by names on halos and hex
    numbers, bridges printed where roads cross rivers), aged at level 2: river, major river, rail
    and road F1 at least 0.97, and every bridge (a road crossing a river hexside) found, none
    wrong. Before a line's crossing of a hexside was kept (it was taken for the grid's outline)
    and a line cut by a name where it leaves a town still joined the hex it ran into, curvy roads
    read 0.947 here (recall 0.90) and bridges 1 of 2."""
    a = _styled(style)
    _terrain_rivers_and_lines_read(a)
    bridges = a["hexsides"]["bridge"]
    assert bridges["true"] >= 2 and bridges["f1"] == 1.0, bridges


@pytest.mark.parametrize("style", ["atlas", "curvy"])
def test_every_line_and_river_is_read_at_level_3(style):
    """Issue 27 item 8 at the hardest level (fading, colour cast, blur 1.3 px, JPEG 65): river,
    major river, rail and road F1 at least 0.97 in the atlas and curvy styles, and no bridge
    where there is none. Atlas prints every bridge found; curvy, whose faded brown roads on brown
    ground still break where a bridge's symbol cuts them, may miss one (not held here: see
    docs/digitizing-lines.md). Before the railway of black and white dashes was read at 30 below
    the paper (a blurred dash keeps less), atlas rail read 0.90 here."""
    a = _styled(style, level=3)
    _terrain_rivers_and_lines_read(a)
    bridges = a["hexsides"]["bridge"]
    assert bridges["true"] >= 2 and bridges["precision"] == 1.0, bridges
    if style == "atlas":
        assert bridges["f1"] == 1.0, bridges
