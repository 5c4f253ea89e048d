"""Area maps printed as real ones are: borders in several inks (each a kind the legend names),
coasts with no line drawn, a textured ground. Small generated maps, drawn here."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from railhead.pipeline import areas as area_mod
from railhead.pipeline.areas import digitize_areas, report_text
from railhead.pipeline.gazetteer import Place
from railhead.pipeline.legend import parse_legend

LAND, SEA = (120, 128, 60), (170, 185, 185)
MAJOR, MINOR = (205, 196, 130), (150, 80, 40)  # a pale ink and a dark one over the painted land


def _legend(kinds: dict[str, tuple[int, int, int]]) -> object:
    def hx(c):
        return "#{:02x}{:02x}{:02x}".format(*c)

    return parse_legend(
        {
            "format": "railhead.legend/1",
            "areas": {"border": "#202018", "border_width_px": 3, "min_area_px": 1500, "max_gap_px": 40},
            "area": [
                {"name": "land", "color": hx(LAND), "kind": "land"},
                {"name": "sea", "color": hx(SEA), "kind": "sea"},
                *({"name": k, "color": hx(c), "kind": "border"} for k, c in kinds.items()),
            ],
        }
    )


def _ground(shape, seed: int) -> np.ndarray:
    """A painted, textured ground: smooth blotches and grain, up to about 20 levels."""
    rng = np.random.default_rng(seed)
    small = rng.normal(0, 8, size=(shape[0] // 20, shape[1] // 20, 1)).astype(np.float32)
    blot = cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)[..., None]
    return blot + rng.normal(0, 5, size=(*shape, 1)).astype(np.float32)


def _map(seed: int = 0) -> tuple[np.ndarray, list[Place]]:
    """Sea on the left (x < 150), land to the right with no line along the coast; the land cut in
    three by a pale 'major' line (x = 330) and a dark 'minor' one (y = 200 right of the major)."""
    h, w = 320, 520
    img = np.zeros((h, w, 3), np.float32)
    img[:] = LAND
    img[:, :150] = SEA
    img += _ground((h, w), seed)
    out = np.clip(img, 0, 255).astype(np.uint8)
    cv2.line(out, (330, 0), (330, h - 1), MAJOR, 3, cv2.LINE_AA)
    cv2.line(out, (330, 200), (w - 1, 200), MINOR, 3, cv2.LINE_AA)
    out = cv2.GaussianBlur(out, (3, 3), 0.8)
    places = [
        Place("Sea", (60, 160), "sea", "sea"),
        Place("West", (240, 160), "west", "land"),
        Place("North", (430, 90), "north", "land"),
        Place("South", (430, 270), "south", "land"),
    ]
    return out, places


def _pairs(found) -> dict[frozenset, str]:
    return {frozenset(b.areas): b.kind for b in found.map.borders}


@pytest.mark.parametrize("seed", [0, 1])
def test_each_ink_is_the_border_kind_the_legend_names(seed):
    """Two border inks, a pale one over a darker painted ground and a dark one: each border found
    with its ink's kind; a legend naming only one ink loses the other border (two areas merge)."""
    image, places = _map(seed)
    found = digitize_areas(image, _legend({"major": MAJOR, "minor": MINOR}), places)
    pairs = _pairs(found)
    assert pairs.get(frozenset(("west", "north"))) == "major"
    assert pairs.get(frozenset(("west", "south"))) == "major"
    assert pairs.get(frozenset(("north", "south"))) == "minor"
    assert not found.report["conflicts"]
    assert not found.report["split_by_names"]
    assert not any(b.attrs.get("inferred") for b in found.map.borders)
    # a legend naming only the major ink: North and South fall in one found area; it is split
    # between them and the border said to be inferred (not silently merged, not silently drawn)
    one = digitize_areas(image, _legend({"major": MAJOR}), places)
    assert [sorted(s["places"]) for s in one.report["split_by_names"]] == [["North", "South"]]
    inferred = {frozenset(b.areas) for b in one.map.borders if b.attrs.get("inferred")}
    assert inferred == {frozenset(("north", "south"))}
    assert "inferred" in report_text(one.report)


@pytest.mark.parametrize("seed", [0, 1])
def test_coast_where_land_meets_sea_with_no_line(seed, monkeypatch):
    """No line is drawn along the coast: land and sea are still two areas, bordering by a coast
    (without the rule the sea and the land west of the major line are one area, and the report
    says two names fell in it)."""
    image, places = _map(seed)
    legend = _legend({"major": MAJOR, "minor": MINOR})
    found = digitize_areas(image, legend, places)
    pairs = _pairs(found)
    assert pairs.get(frozenset(("sea", "west"))) == "coast"
    assert found.map.areas["sea"].attrs["kind"] == "sea"
    assert frozenset(("sea", "north")) not in pairs
    monkeypatch.setattr(area_mod, "fill_coasts", lambda cls, spec: np.zeros(cls.shape, bool))
    merged = digitize_areas(image, legend, places)
    assert [sorted(s["places"]) for s in merged.report["split_by_names"]] == [["Sea", "West"]]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_broken_frame_keeps_the_margin_out(seed, monkeypatch):
    """A map printed inside a frame, the frame broken in places (names, symbols over it), a margin
    of land colour between it and the picture's edge: the frame is drawn whole, so the margin is
    no part of the areas along it and joins none of them to another (without it West and East
    meet through the margin: a border found that the map does not print)."""
    h, w = 320, 520
    img = np.zeros((h, w, 3), np.float32)
    img[:] = LAND
    img += _ground((h, w), seed)
    out = np.clip(img, 0, 255).astype(np.uint8)
    cv2.rectangle(out, (20, 20), (w - 21, h - 21), MINOR, 3, cv2.LINE_AA)
    cv2.line(out, (200, 20), (200, h - 21), MINOR, 3, cv2.LINE_AA)  # West | Middle
    cv2.line(out, (340, 20), (340, h - 21), MINOR, 3, cv2.LINE_AA)  # Middle | East
    for x in (80, 420):  # breaks in the frame wider than max_gap_px, above West and above East
        out[15:26, x : x + 60] = LAND
    out = cv2.GaussianBlur(out, (3, 3), 0.8)
    places = [
        Place("West", (110, 160), "west", "land"),
        Place("Middle", (270, 160), "middle", "land"),
        Place("East", (430, 160), "east", "land"),
    ]
    legend = _legend({"minor": MINOR})
    pairs = _pairs(digitize_areas(out, legend, places))
    assert frozenset(("west", "middle")) in pairs and frozenset(("middle", "east")) in pairs
    assert frozenset(("west", "east")) not in pairs
    monkeypatch.setattr(area_mod, "FRAME_COVER", 0.0)
    assert frozenset(("west", "east")) in _pairs(digitize_areas(out, legend, places))
