"""How the confidences the area digitizer reports are scored against a truth
(pipeline/area_accuracy.py: ``confidence_split``, ``report_contacts``)."""

from __future__ import annotations

from railhead.mapdata.model import Area, Border, MapData
from railhead.pipeline.area_accuracy import confidence_split, confidence_text, report_contacts


def _found() -> tuple[MapData, dict]:
    areas = [Area(i, i, {"kind": "land"}) for i in ("a", "b", "c", "d", "e")]
    borders = [
        Border(("a", "b")),  # kept, no confidence: sure
        Border(("b", "c"), attrs={"confidence": 0.6}),  # kept, unsure (both tests listed it)
        Border(("c", "d"), attrs={"confidence": 0.9}),
    ]
    report = {
        "short_contacts": [
            {"areas": ["b", "c"], "length_px": 20, "border": True, "confidence": 0.7},
            {"areas": ["a", "e"], "length_px": 9, "border": False, "confidence": 0.95},
        ],
        "weak_contacts": [
            {"areas": ["b", "c"], "length_px": 20, "slide": 0.55, "border": True, "confidence": 0.6},
            {"areas": ["d", "e"], "length_px": 40, "slide": 0.45, "border": False, "confidence": 0.55},
        ],
        "corner_seams": [{"areas": ["d", "e"], "length_px": 40, "slide": 0.45, "confidence": 0.55}],
    }
    return MapData.build("t", [], kind="area", areas=areas, borders=borders), report


def test_every_judged_contact_is_counted_once_per_test_by_verdict_and_confidence():
    found, report = _found()
    judged = report_contacts(found, report, lambda f: f.upper())
    border = {tuple(sorted(p)): (kept, conf) for p, kept, conf in judged["border"]}
    assert border == {
        ("A", "B"): (True, 1.0),
        ("B", "C"): (True, 0.6),
        ("C", "D"): (True, 0.9),
        ("A", "E"): (False, 0.95),
        ("D", "E"): (False, 0.55),
    }
    slide = {tuple(sorted(p)): (kept, conf) for p, kept, conf in judged["slide"]}
    assert slide[("B", "C")] == (True, 0.6) and slide[("D", "E")] == (False, 0.55)
    assert slide[("A", "B")] == (True, 1.0) and ("A", "E") not in slide  # not judged by the slide
    length = {tuple(sorted(p)): (kept, conf) for p, kept, conf in judged["length"]}
    assert length == {("B", "C"): (True, 0.7), ("A", "E"): (False, 0.95)}
    truth = {frozenset(p) for p in (("A", "B"), ("C", "D"), ("D", "E"))}
    split = confidence_split(judged["border"], truth, 0.8)
    assert split == {
        "kept_sure": {"true": 2, "false": 0},
        "kept_unsure": {"true": 0, "false": 1},
        "dropped_unsure": {"true": 1, "false": 0},
        "dropped_sure": {"true": 0, "false": 1},
    }
    assert "kept sure 2/2 true (1.00)" in confidence_text(split)


def test_pairs_the_truth_cannot_name_are_left_out():
    found, report = _found()
    judged = report_contacts(found, report, lambda f: None if f == "e" else f)
    assert all("e" not in p for rows in judged.values() for p, _, _ in rows)
