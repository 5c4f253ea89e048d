"""The review page in a real browser: Debian's chromium, driven by Playwright from PyPI.

``railhead review`` is started as a user starts it (a subprocess, a free port, ``--no-browser``) on a
generated scan; the test clicks and types as a person does and reads, after each edit, the labels and
overrides files ``railhead digitize`` reads; at the end the page saves the map and ``railhead
digitize`` with those files must give the same map. Nothing is downloaded: Playwright launches
/usr/bin/chromium (``make test`` installs it); without chromium or playwright these tests skip,
saying why, and fail under CI=true.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from railhead.cli import main

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser(tool_missing):
    if not os.access(CHROMIUM, os.X_OK):
        tool_missing(f"{CHROMIUM} not installed (Debian package chromium; `make test` installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        tool_missing("playwright is not installed (pip install playwright; the dev extra lists it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def review(scan_files, tmp_path):
    """``railhead review`` serving the generated scan; yields (url, folder of its files)."""
    folder = tmp_path / "maps"
    folder.mkdir()
    cmd = [sys.executable, "-m", "railhead.cli", "review", str(scan_files.scan), "--legend",
           str(scan_files.legend), "--map", str(folder / "map.json"), "--no-browser"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, f"no address printed: {line!r} {proc.stderr.read() if proc.poll() is not None else ''}"
        yield found.group(0), folder
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()


def _toml(path: Path) -> dict:
    return tomllib.loads(path.read_text()) if path.exists() else {}


def _state(page) -> dict:
    return page.evaluate("fetch('/api/state').then(r => r.json())")


def _screen(page, xy) -> tuple[float, float]:
    """Image pixels -> the page's coordinates, through the overlay's own transform."""
    return tuple(
        page.evaluate(
            """([x, y]) => { const m = document.getElementById('world').getScreenCTM();
               return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }""",
            list(xy),
        )
    )


def _after_edit(page, revision: int) -> int:
    page.wait_for_function("(r) => Number(document.body.dataset.revision) > r", arg=revision, timeout=30_000)
    return int(page.evaluate("document.body.dataset.revision"))


def _neighbours(state: dict, hex_id: str) -> list[str]:
    """The hexes whose centres are less than two circumradii away: the six around (fewer at the edge)."""
    by = {h["id"]: h for h in state["hexes"]}
    c = by[hex_id]["centre"]
    r = max(math.dist(p, c) for p in by[hex_id]["polygon"])
    return [h["id"] for h in state["hexes"] if h["id"] != hex_id and math.dist(h["centre"], c) < 2 * r]


def _document(path: Path) -> dict:
    return json.loads(path.read_text())


def test_a_person_corrects_the_map_in_the_browser(browser, review, scan_files, tmp_path):
    url, folder = review
    labels, overrides, saved = folder / "map.labels.toml", folder / "map.overrides.toml", folder / "map.json"
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    state = _state(page)
    rev = state["revision"]
    by = {h["id"]: h for h in state["hexes"]}

    first, second = state["next"][:2]  # the first two hexes worth labelling
    # another hex inside the map, with a neighbour whose side has no river and edge no rail
    rivers = {tuple(sorted(s["hexes"])) for s in state["hexsides"] if "river" in s["features"]}
    rails = {tuple(sorted(e["hexes"])) for e in state["edges"] if e["kind"] == "rail"}
    a, b = next(
        (a, b)
        for a in sorted(by)
        for b in _neighbours(state, a)
        if a != first and len(_neighbours(state, a)) == 6 and tuple(sorted((a, b))) not in rivers | rails
    )
    keys = {t["name"]: t["key"] for t in state["legend"]["terrain"]}
    terrain = next(t for t in keys if t != by[a]["terrain"])

    # 0. the numbered hexes: n selects the first, its key labels it, and the page goes on to the second
    showing = "(id) => document.getElementById('info').textContent.startsWith(id)"
    page.keyboard.press("n")
    page.wait_for_function(showing, arg=first)
    page.keyboard.press(keys[by[first]["terrain"]])
    rev = _after_edit(page, rev)
    page.wait_for_function(showing, arg=second)
    assert _toml(labels)["terrain"] == {first: by[first]["terrain"]}
    page.click("#fit")

    # 1. terrain: click the hex, press the terrain's key (the key is on screen)
    assert page.locator("#keys li", has_text=terrain.replace("_", " ")).count() == 1
    page.mouse.click(*_screen(page, by[a]["centre"]))
    page.keyboard.press(keys[terrain])
    rev = _after_edit(page, rev)
    assert _toml(labels)["terrain"] == {first: by[first]["terrain"], a: terrain}
    assert next(h for h in _state(page)["hexes"] if h["id"] == a)["labelled"]
    page.click("#fit")

    # 2. a river on the side between a and b: the hexside tool, a click near that side
    page.check("input[name=tool][value=hexside]")
    page.select_option("#feature", "river")
    ca, cb = by[a]["centre"], by[b]["centre"]
    near_side = (0.55 * ca[0] + 0.45 * cb[0], 0.55 * ca[1] + 0.45 * cb[1])
    page.mouse.click(*_screen(page, near_side))
    rev = _after_edit(page, rev)
    sides = _toml(overrides)["hexside"]
    assert [(sorted(s["hexes"]), "river" in s["features"]) for s in sides] == [(sorted([a, b]), True)]

    # 3. a rail edge from a to b: the line tool, two clicks
    page.check("input[name=tool][value=edge]")
    page.select_option("#kind", "rail")
    page.mouse.click(*_screen(page, ca))
    page.mouse.click(*_screen(page, cb))
    rev = _after_edit(page, rev)
    edges = _toml(overrides)["edge"]
    assert [(e["kind"], sorted(e["hexes"]), e.get("present", True)) for e in edges] == [
        ("rail", sorted([a, b]), True)
    ]
    assert any(e["kind"] == "rail" and sorted(e["hexes"]) == sorted([a, b]) for e in _state(page)["edges"])

    # 4. undo (z): the rail edge goes, the river and the label stay
    page.keyboard.press("z")
    rev = _after_edit(page, rev)
    assert not _toml(overrides).get("edge")
    assert _toml(overrides)["hexside"] and _toml(labels)["terrain"][a] == terrain
    assert not any(
        e["kind"] == "rail" and sorted(e["hexes"]) == sorted([a, b]) for e in _state(page)["edges"]
    )

    # 5. learn again: it runs in the background, the page follows its progress and then shows the
    # guesses learnt from the label, no longer saying that labels were given since
    assert page.is_visible("#stale")
    page.click("#learn")
    learned = "() => document.getElementById('learnmsg').textContent.startsWith('learned in')"
    page.wait_for_function(learned, timeout=120_000)
    assert not page.is_visible("#stale")
    assert page.inner_text("#counts") == f"Labelled 2 / {state['total']} hexes"

    # 6. save; railhead digitize with the same files gives the same map
    page.click("#save")
    page.wait_for_function(
        "() => document.getElementById('toast').textContent.startsWith('saved')", timeout=60_000
    )
    again = tmp_path / "again.json"
    result = CliRunner().invoke(
        main,
        [
            "digitize",
            str(scan_files.scan),
            "--legend",
            str(scan_files.legend),
            "--out",
            str(again),
            "--labels",
            str(labels),
            "--overrides",
            str(overrides),
        ],  # fmt: skip
    )
    assert result.exit_code == 0, result.output
    assert _document(saved) == _document(again)
    m = _document(saved)
    assert next(h for h in m["hexes"] if h["id"] == a)["terrain"] == terrain
    assert errors == []
