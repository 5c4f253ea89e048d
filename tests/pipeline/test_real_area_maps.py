"""Real printed AREA maps with ground truth (``../shared/realmaps``, ``realmap-area-truth/1``),
digitized as a user would: the legend written from the printed map
(``tests/pipeline/realmaps/<map>.areas.toml``), names from a gazetteer of the truth's names and
points, no other help. Scored as ``bench/digitize_real_areas.py`` scores them; the floors are the
figures measured, a little under (the issue's goals, areas >= 98 % and adjacency F1 >= 0.95, are
not all reached yet: the bench prints where each map stands).

A clone without ``../shared`` skips these tests, saying why; under CI (``CI=true``) its absence is
a failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from railhead.pipeline.area_truth import read_area_truth, score_area_map, truth_gazetteer
from railhead.pipeline.areas import digitize_areas, report_text
from railhead.pipeline.digitize import load_image
from railhead.pipeline.legend import read_legend

HERE = Path(__file__).resolve().parent
LEGENDS = HERE / "realmaps"


def _realmaps() -> Path | None:
    for up in HERE.parents:
        cand = up / "shared" / "realmaps"
        if cand.is_dir():
            return cand
    return None


# map -> (areas, adjacency F1, border kind or None when the truth's kinds are no ink of the legend)
# Marengo prints its turn track, unit boxes and legend as boxes over the map: they are found
BOXES = {"triomphe-a-marengo"}

FLOORS = {
    "richard-iii": (0.97, 0.95, 0.78),  # measured 1.000, 0.959, 0.831
    "triomphe-a-marengo": (0.97, 0.92, None),  # measured 0.978, 0.929 (kinds: roads, no ink)
}


def _folder(name: str) -> Path:
    root = _realmaps()
    folder = None if root is None else root / name
    if folder is None or not (folder / "truth.json").is_file():
        if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
            pytest.fail(f"CI=true but the real map {name} is missing (../shared must sit beside the project)")
        pytest.skip(f"real map {name} not present (../shared/realmaps beside the project)")
    return folder


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_real_area_map_unaided(name):
    folder = _folder(name)
    truth = read_area_truth(folder / "truth.json")
    legend_file = LEGENDS / f"{name}.areas.toml"
    legend = read_legend(legend_file)
    kinds = {a.name for a in legend.area if a.extra.get("kind") == "border"}
    found = digitize_areas(load_image(folder / truth.image), legend, truth_gazetteer(truth))
    got = score_area_map(found.map, truth, kinds)
    areas, adjacency, kind = FLOORS[name]
    assert got["areas"] >= areas, got
    assert got["adjacency_f1"] >= adjacency, got
    if kind is not None:
        assert got["border_kind"] >= kind, got
    # what it is not sure of, it says: every area holding two true names is in the report, and
    # so is every area split between names whose border was not found whole (marked inferred)
    text = report_text(found.report)
    if got["merged"]:
        assert "falls in the same area as" in text
    inferred = [b for b in found.map.borders if b.attrs.get("inferred")]
    if inferred:
        assert found.report["split_by_names"]
    if found.report["split_by_names"]:
        assert "inferred" in text
    # contacts near the corner limit are listed with a confidence, and a border kept so carries it
    near = found.report["short_contacts"]
    assert all(0.5 <= c["confidence"] <= 1.0 for c in near)
    if any(c["confidence"] < 0.8 for c in near):
        assert "unsure" in text
    # and so are the seams the slide test judged weakly either way: a border kept so carries the
    # lower of its two confidences
    weak = found.report["weak_contacts"]
    assert all(0.5 <= c["confidence"] < 0.8 for c in weak)
    if any(c["border"] for c in weak):
        assert "only part of the way" in text
    kept = {frozenset(c["areas"]): c["confidence"] for c in near + weak if c["border"]}
    for b in found.map.borders:
        if frozenset(b.areas) in kept:
            assert b.attrs["confidence"] <= kept[frozenset(b.areas)]
    # the seams dropped as corner seams (no line between the two areas) are listed with how sure
    # that is, and are no border
    corners = found.report["corner_seams"]
    borders = {frozenset(b.areas) for b in found.map.borders}
    assert all(c["slide"] < 0.5 and frozenset(c["areas"]) not in borders for c in corners)
    assert all(0.5 <= c["confidence"] <= 1.0 for c in corners)
    if corners:
        assert "no line between the two areas" in text
    # the boxes left out as no area are listed, none of them holding a true area's point
    boxes = found.report["boxes_left_out"]
    assert bool(boxes) == (name in BOXES)
    if boxes:
        assert "boxes printed on the map" in text
    for x, y, w, h in boxes:
        assert not any(
            x <= px < x + w and y <= py < y + h for px, py in (a["point"] for a in truth.areas.values())
        )
