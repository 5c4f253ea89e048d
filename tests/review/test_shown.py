"""An edit on the review page applies only what it changed (review/shown.py), and the map is the
one re-applying every label and correction gives: after each step of a long sequence of edits
(labels set and taken off, hexside features, line edges of a kind the map has and of one it has
not, entries taken back as an undo does), both maps' documents are the same (their sides in one
order)."""

from __future__ import annotations

import copy
import random

from railhead.mapdata.io import mapdata_document
from railhead.mapdata.model import Line
from railhead.mapdata.sample import sample_map
from railhead.pipeline.overrides import apply_overrides
from railhead.pipeline.synth import sample_legend
from railhead.review.shown import Fixes, apply_changed, changed


def _found():
    """The sample map with only its roads (rail is then a kind the corrections bring in), its
    lines given confidences, as a learnt map has them."""
    m = sample_map(cols=10, rows=8)
    m.lines = [
        Line(ln.kind, ln.hexes, confidence=0.5 + 0.1 * (k % 4))
        for k, ln in enumerate(m.lines)
        if ln.kind == "road"
    ]
    return m


def _content(m) -> dict:
    """The map's document, its hexsides in key order (a side's place in the map's dict of sides
    is none of its content: the page and the records sort them)."""
    doc = mapdata_document(m)
    doc["hexsides"] = sorted(doc["hexsides"], key=lambda s: s["hexes"])
    return doc


def _step(rng: random.Random, doc: dict, m, legend, history: list[dict]) -> dict:
    doc = copy.deepcopy(doc)
    sides = sorted(m.hexsides)
    what = rng.choice(["label", "unlabel", "hexside", "hexside", "edge", "edge", "edge", "undo"])
    if what == "label":
        doc["terrain"][rng.choice(sorted(m.hexes))] = rng.choice(legend.terrain_names())
    elif what == "unlabel" and doc["terrain"]:
        del doc["terrain"][rng.choice(sorted(doc["terrain"]))]
    elif what == "hexside":
        feats = [f.name for f in legend.hexside]
        doc["hexside"].append(
            {"hexes": list(rng.choice(sides)), "features": rng.sample(feats, rng.randint(0, 2))}
        )
    elif what == "edge":
        a, b = rng.choice(sides[:40])  # few sides, so that edges meet and chain
        doc["edge"].append(
            {"kind": rng.choice(["road", "rail"]), "hexes": [b, a], "present": rng.random() < 0.7}
        )
    elif what == "undo" and history:
        doc = copy.deepcopy(history[rng.randrange(len(history))])
    return doc


def test_applying_what_changed_gives_the_map_of_every_correction_applied():
    found, legend = _found(), sample_legend()
    rng = random.Random(7)
    doc: dict = {"_file": "fix.toml", "terrain": {}, "hexside": [], "edge": []}
    shown, fixes = apply_overrides(found, doc, legend), Fixes.of(doc)
    history = [doc]
    kinds = set()
    for _ in range(150):
        doc = _step(rng, doc, found, legend, history)
        history.append(doc)
        new = Fixes.of(doc)
        shown = apply_changed(found, shown, new, changed(fixes, new), legend, "fix.toml")
        fixes = new
        assert _content(shown) == _content(apply_overrides(found, doc, legend))
        kinds |= {ln.kind for ln in shown.lines}
    assert kinds == {"road", "rail"}  # the sequence brought rail lines in


def test_only_the_changed_items_are_applied_again():
    """A label changes one hex: the hexsides and lines are the very objects they were."""
    found, legend = _found(), sample_legend()
    doc = {"_file": None, "terrain": {}, "hexside": [], "edge": []}
    shown = apply_overrides(found, doc, legend)
    new = Fixes.of({**doc, "terrain": {"0303": "swamp"}})
    what = changed(Fixes.of(doc), new)
    assert (what.hexes, what.sides, what.kinds) == ({"0303"}, set(), set())
    after = apply_changed(found, shown, new, what, legend)
    assert after.hexes["0303"].terrain == "swamp" and after.hexes["0303"].confidence == 1.0
    assert all(after.hexes[h] is shown.hexes[h] for h in shown.hexes if h != "0303")
    assert after.lines is shown.lines and after.hexsides == shown.hexsides
