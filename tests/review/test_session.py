"""A review session on a small generated scan: every edit written at once to the labels or
overrides file ``railhead digitize`` reads, undo, bad input refused, the classifier re-run on the
labels without reading the scan again, and the map saved as ``railhead digitize`` writes it."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.mapdata.io import read_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline import digitize as digitize_module
from railhead.pipeline.images import write_image
from railhead.pipeline.overrides import read_labels, read_overrides
from railhead.pipeline.synth import degrade, render, sample_legend
from railhead.review.records import PAGE_KEYS, terrain_keys
from railhead.review.session import ReviewSession


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A 10 x 8 hex scan, its legend and the map ``railhead digitize`` made of it (no labels)."""
    d = tmp_path_factory.mktemp("made")
    legend = sample_legend()
    scan = degrade(render(sample_map(cols=10, rows=8), legend, seed=5), 1, seed=3)
    write_image(d / "scan.png", scan.image)
    (d / "legend.toml").write_text(legend.to_toml())
    r = CliRunner().invoke(main, _digitize(d, d / "MAP.json"))
    assert r.exit_code == 0, r.output
    return d, scan.truth


def _digitize(d: Path, out: Path, *more: Path | str) -> list[str]:
    return [str(a) for a in ("digitize", d / "scan.png", "--legend", d / "legend.toml", "--out", out, *more)]


def _digest(*paths: Path) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() for p in paths]


@pytest.fixture
def work(made, tmp_path):
    """A copy of the made files in a folder of the test's own."""
    d, truth = made
    for name in ("scan.png", "legend.toml", "MAP.json"):
        shutil.copy(d / name, tmp_path / name)
    return tmp_path, truth


@pytest.fixture
def session(work):
    d, _ = work
    return ReviewSession([d / "scan.png"], d / "legend.toml", d / "MAP.json")


def test_state_is_the_map_as_the_page_draws_it(session, work):
    d, truth = work
    st = session.state()
    assert st["total"] == len(truth.hexes) == len(st["hexes"]) and st["labelled"] == 0
    img = cv2.imdecode(np.frombuffer(session.image_png(), np.uint8), cv2.IMREAD_COLOR)
    assert [img.shape[1], img.shape[0]] == [st["image"]["width"], st["image"]["height"]]
    one = next(h for h in st["hexes"] if h["id"] == "0305")
    assert len(one["polygon"]) == 6 and not one["labelled"] and 0 <= one["confidence"] <= 1
    inside = cv2.pointPolygonTest(np.array(one["polygon"], np.float32), tuple(one["centre"]), False)
    assert inside > 0
    keys = [t["key"] for t in st["legend"]["terrain"]]
    assert len(set(keys)) == len(keys) and not set(keys) & set(PAGE_KEYS)
    assert st["legend"]["line_kinds"] == ["rail", "road"] and "river" in st["legend"]["hexside_features"]
    right = sum(h["terrain"] == truth.hexes[h["id"]].terrain for h in st["hexes"])
    assert right > 0.8 * len(st["hexes"])  # the digitizer's guesses, not placeholders
    assert st["hexsides"] and all(len(s["segment"]) == 2 and s["features"] for s in st["hexsides"])
    assert st["edges"] and {e["kind"] for e in st["edges"]} <= {"rail", "road"}
    assert len(st["next"]) == 20 and st["cv"]["accuracy"] is None and "no labels" in st["cv"]["text"]
    assert st["files"] == {
        "labels": str(d / "MAP.labels.toml"),
        "overrides": str(d / "MAP.overrides.toml"),
        "map": str(d / "MAP.json"),
    }


def test_terrain_keys_are_unique_letters_of_the_names_never_the_page_s():
    keys = terrain_keys(["clear", "city", "coast", "nz", "zn", "woods"])
    assert keys == {"clear": "c", "city": "i", "coast": "o", "nz": "1", "zn": "2", "woods": "w"}


def test_set_terrain_labels_the_hex_in_the_labels_file_at_once(session, work):
    d, _ = work
    h = session.state()["next"][0]
    out = session.set_terrain(h, "swamp")
    assert read_labels(d / "MAP.labels.toml")["terrain"] == {h: "swamp"}
    assert not (d / "MAP.overrides.toml").exists()
    assert out["revision"] == 1 and out["labelled"] == 1 and h not in out["next"]
    assert [x["id"] for x in out["changed"]["hexes"]] == [h]
    assert out["changed"]["hexes"][0] | {"polygon": None} == {
        **out["changed"]["hexes"][0],
        "polygon": None,
        "terrain": "swamp",
        "labelled": True,
        "confidence": 1.0,
    }
    session.set_terrain("0101", "ocean")
    session.set_terrain(h, "woods")  # a second answer replaces the first
    assert read_labels(d / "MAP.labels.toml")["terrain"] == {h: "woods", "0101": "ocean"}
    st = session.state()
    assert st["labelled"] == 2 and {x["id"]: x["terrain"] for x in st["hexes"]}[h] == "woods"


def test_a_hex_the_overrides_file_labels_is_relabelled_there(work):
    d, _ = work
    (d / "fix.toml").write_text('format = "railhead.overrides/1"\n[terrain]\n"0202" = "rough"\n')
    s = ReviewSession([d / "scan.png"], d / "legend.toml", d / "MAP.json", overrides=d / "fix.toml")
    assert s.state()["labelled"] == 1
    s.set_terrain("0202", "clear")
    assert read_overrides(d / "fix.toml")["terrain"] == {"0202": "clear"}  # else the labels file would lose
    assert not (d / "MAP.labels.toml").exists()


def test_toggle_hexside_writes_the_side_s_features_to_the_overrides_file(session, work):
    d, _ = work
    side = session.state()["hexsides"][0]
    a, b = side["hexes"]
    feature = side["features"][0]
    out = session.toggle_hexside(b, a, feature)  # either order
    entry = read_overrides(d / "MAP.overrides.toml")["hexside"]
    assert entry == [{"hexes": [a, b], "features": [f for f in side["features"] if f != feature]}]
    assert out["changed"]["hexsides"] == [{**side, "features": entry[0]["features"]}]
    out = session.toggle_hexside(a, b, feature)  # back on: one entry, rewritten
    assert read_overrides(d / "MAP.overrides.toml")["hexside"] == [{"hexes": [a, b], "features": [feature]}]
    assert out["changed"]["hexsides"][0]["features"] == [feature]
    session.toggle_hexside("0101", "0102", "border")
    assert {tuple(e["hexes"]): e["features"] for e in read_overrides(d / "MAP.overrides.toml")["hexside"]}[
        ("0101", "0102")
    ] == ["border"]
    shown = {tuple(s["hexes"]): s["features"] for s in session.state()["hexsides"]}
    assert "border" in shown[("0101", "0102")]


def test_toggle_edge_adds_or_removes_a_line_edge_in_the_overrides_file(session, work):
    d, _ = work
    e = session.state()["edges"][0]
    out = session.toggle_edge(*e["hexes"], e["kind"])
    assert read_overrides(d / "MAP.overrides.toml")["edge"] == [{**e, "present": False}]
    assert out["changed"]["edges"] == [{**e, "present": False}]
    assert e not in session.state()["edges"]
    out = session.toggle_edge(*e["hexes"], e["kind"])
    assert read_overrides(d / "MAP.overrides.toml")["edge"] == [{**e, "present": True}]
    assert e in session.state()["edges"] and out["changed"]["edges"] == [{**e, "present": True}]


def test_undo_rewrites_the_files_as_they_were(session, work):
    d, _ = work
    labels, fixes = d / "MAP.labels.toml", d / "MAP.overrides.toml"
    with pytest.raises(InputError, match="nothing to undo"):
        session.undo()
    session.set_terrain("0303", "rough")
    first = labels.read_bytes()
    session.set_terrain("0404", "clear")
    session.toggle_edge("0101", "0102", "road")
    out = session.undo()
    assert not fixes.exists()  # the edit made the file: undone, there is none
    assert out["changed"]["edges"] == [{"kind": "road", "hexes": ["0101", "0102"], "present": False}]
    out = session.undo()
    assert labels.read_bytes() == first and [x["id"] for x in out["changed"]["hexes"]] == ["0404"]
    assert not out["changed"]["hexes"][0]["labelled"] and out["labelled"] == 1
    session.undo()
    assert not labels.exists() and session.state()["labelled"] == 0


def test_an_edit_shows_the_map_of_every_correction_applied(work, monkeypatch):
    """Each edit applies only what it changed (review/shown.py); the map shown, and the records the
    page is sent, are those of the round's map with every label and correction of the files
    applied again, after each of a sequence of edits and undos."""
    from railhead.mapdata.io import mapdata_document
    from railhead.pipeline.overrides import apply_overrides, terrain_labels
    from railhead.review import session as session_module
    from railhead.review.records import changes

    rounds = []
    learn = session_module.learn_map
    monkeypatch.setattr(
        session_module, "learn_map", lambda *a, **k: rounds.append(learn(*a, **k)) or rounds[-1]
    )
    d, _ = work
    s = ReviewSession([d / "scan.png"], d / "legend.toml", d / "MAP.json")
    legend = s.legend
    side, edge = s.state()["hexsides"][0], s.state()["edges"][0]
    edits = [
        lambda: s.set_terrain("0303", "rough"),
        lambda: s.set_terrain("0404", "swamp"),
        lambda: s.toggle_hexside(*side["hexes"], side["features"][0]),
        lambda: s.toggle_hexside("0101", "0102", "border"),
        lambda: s.toggle_edge(*edge["hexes"], edge["kind"]),
        lambda: s.toggle_edge("0505", "0506", "rail"),
        lambda: s.set_terrain("0303", "clear"),
        s.undo,
        s.undo,
        lambda: s.toggle_hexside("0101", "0102", "border"),
        s.undo,
    ]
    for edit in edits:
        before, was = s.map, set(s.edits.labels())
        out = edit()
        fixes = dict(read_overrides(d / "MAP.overrides.toml")) if (d / "MAP.overrides.toml").exists() else {}
        labels = read_labels(d / "MAP.labels.toml") if (d / "MAP.labels.toml").exists() else None
        fixes["terrain"] = dict(terrain_labels(labels, fixes or None))
        every = apply_overrides(rounds[-1].map, fixes, legend)
        shown, full = mapdata_document(s.map), mapdata_document(every)
        for doc in (shown, full):
            doc["hexsides"].sort(key=lambda x: x["hexes"])
        assert shown == full
        assert out["changed"] == changes(before, every, (was, set(fixes["terrain"])))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.set_terrain("9999", "clear"), "unknown hex '9999'"),
        (lambda s: s.set_terrain("0101", "lava"), "hex 0101: unknown terrain 'lava'"),
        (lambda s: s.toggle_hexside("0101", "0505", "river"), "0101 and 0505 are not adjacent"),
        (lambda s: s.toggle_hexside("0101", "0102", "canal"), "hexside 0101/0102: unknown hexside feature"),
        (lambda s: s.toggle_edge("0101", "0102", "canal"), "edge 0101-0102: unknown line kind 'canal'"),
        (lambda s: s.toggle_edge("0101", "x", "rail"), "unknown hex 'x'"),
    ],
)
def test_bad_edits_are_refused_naming_what_is_wrong_and_write_nothing(session, work, edit, message):
    d, _ = work
    with pytest.raises(InputError, match=message):
        edit(session)
    assert not (d / "MAP.labels.toml").exists() and not (d / "MAP.overrides.toml").exists()
    assert session.state()["revision"] == 0


def test_one_file_for_labels_and_overrides_is_refused(work):
    d, _ = work
    with pytest.raises(InputError, match="two files"):
        ReviewSession([d / "scan.png"], d / "legend.toml", d / "MAP.json", d / "x.toml", d / "x.toml")


def test_relearn_runs_the_classifier_again_without_reading_the_scan(session, work, monkeypatch):
    d, truth = work
    first = session.state()
    for h in first["next"][:12]:
        session.set_terrain(h, truth.hexes[h].terrain)

    def no_reading(*args, **kwargs):
        raise AssertionError("the scan was read again")

    monkeypatch.setattr(digitize_module, "read_scan", no_reading)
    monkeypatch.setattr("railhead.review.session.read_scan", no_reading)
    said = []
    st = session.relearn(lambda f, m: said.append((f, m)))
    assert said[0][0] == 0.0 and said[-1] == (1.0, "done")
    assert st["labelled"] == 12 and st["revision"] == 13
    assert 0 <= st["cv"]["accuracy"] <= 1 and "cross-validated on your 12 labels" in st["cv"]["text"]
    assert st["next"] and not set(st["next"]) & set(first["next"][:12])
    assert st["next"] != first["next"][12:]  # fresh proposals, not the first round's leftovers
    guessed = {h["id"]: h for h in st["hexes"]}
    assert all(
        guessed[h]["labelled"] and guessed[h]["terrain"] == truth.hexes[h].terrain for h in first["next"][:12]
    )


def test_save_writes_what_digitize_writes_with_the_same_files(session, work):
    d, truth = work
    inputs = _digest(d / "scan.png", d / "legend.toml")
    st = session.state()
    for h in st["next"][:6]:
        session.set_terrain(h, truth.hexes[h].terrain)
    session.toggle_hexside(*st["hexsides"][0]["hexes"], st["hexsides"][0]["features"][0])
    session.toggle_edge(*st["edges"][0]["hexes"], st["edges"][0]["kind"])
    session.toggle_edge("0101", "0102", "road")
    assert session.save() == d / "MAP.json"
    r = CliRunner().invoke(
        main,
        _digitize(
            d, d / "cli.json", "--labels", d / "MAP.labels.toml", "--overrides", d / "MAP.overrides.toml"
        ),
    )
    assert r.exit_code == 0, r.output
    assert (d / "MAP.json").read_text() == (d / "cli.json").read_text()
    saved = read_mapdata(d / "MAP.json")
    assert ("0101", "0102") in saved.line_edges("road")
    assert all(saved.hexes[h].terrain == truth.hexes[h].terrain for h in st["next"][:6])
    assert _digest(d / "scan.png", d / "legend.toml") == inputs  # the inputs are never touched


def test_a_session_reopened_on_the_saved_map_reuses_its_grid_and_files(session, work, monkeypatch):
    d, _ = work
    session.set_terrain("0505", "mountain")
    session.save()

    def no_search(*args, **kwargs):
        raise AssertionError("the grid was searched for again")

    monkeypatch.setattr(digitize_module, "find_grid", no_search)
    again = ReviewSession([d / "scan.png"], d / "legend.toml", d / "MAP.json")
    st = again.state()
    assert st["labelled"] == 1 and {h["id"]: h["terrain"] for h in st["hexes"]}["0505"] == "mountain"
    assert st["hexes"] == session.state()["hexes"]


def test_a_session_with_no_map_yet_finds_the_grid_as_digitize_does(work):
    d, _ = work
    s = ReviewSession([d / "scan.png"], d / "legend.toml", d / "new.json")
    assert s.save() == d / "new.json"
    assert (d / "new.json").read_text() == (d / "MAP.json").read_text()


def test_terrains_of_one_colour_are_labelled_on_the_page_before_the_map_is_saved(work):
    """``railhead digitize`` refuses a legend giving two terrains one colour until a hex of them is
    labelled; the page is where a person labels, so the session opens, says so, and refuses to save."""
    d, truth = work
    text = (d / "legend.toml").read_text()
    assert text.count('"#a07850"') == 1  # mountain's colour, given rough's below
    (d / "same.toml").write_text(text.replace('"#a07850"', '"#c9a872"'))
    before = (d / "MAP.json").read_bytes()
    s = ReviewSession([d / "scan.png"], d / "same.toml", d / "MAP.json")
    assert any("mountain" in n and "rough" in n for n in s.state()["notes"])
    with pytest.raises(InputError, match="no labelled hex names any of them"):
        s.save()
    assert (d / "MAP.json").read_bytes() == before
    s.set_terrain(next(h for h, x in truth.hexes.items() if x.terrain == "mountain"), "mountain")
    s.save()
    assert (d / "MAP.json").read_bytes() != before
