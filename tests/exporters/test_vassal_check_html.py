"""railhead check --html: one self-contained page, opened in a real headless Chromium.

Chromium comes from Debian's ``chromium`` package (``make test`` installs it). Without it these
browser tests skip on a developer's machine and fail under ``CI=true``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'
ROSTER = 'name\nGE 1. ID\n"FR, 3e Cav;1/2"\n'


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed (Debian package chromium; `make test` installs it)")
        pytest.skip("chromium is not installed (Debian package chromium; `make test` installs it)")
    return exe


def _browse(tmp_path, url: str, *args: str) -> subprocess.CompletedProcess:
    """Headless Chromium on ``url``; its console messages go to stderr as ``:CONSOLE`` lines."""
    profile = tmp_path / "chromium-profile"
    return subprocess.run(
        [
            _chromium(),
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1400,900",
            *args,
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def _console(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]


def _check(d, *extra):
    """``railhead check`` on the fixture's log, names-only roster."""
    files = ("turn.vlog", "--module", "game.vmod", "--map", "map.json", "--roster", "names.csv")
    args = ["check", *(f if f.startswith("--") else str(d / f) for f in files), *map(str, extra)]
    return CliRunner().invoke(main, args)


@pytest.fixture
def report(tmp_path, roster):
    """A log of four moves on the exported sample module: legal, illegal (too far), a piece with
    a hostile name that no roster names, and the French brigade's legal move."""
    m = sample_map()
    write_mapdata(m, tmp_path / "map.json")
    write_module(m, tmp_path / "game.vmod", roster=roster)
    (tmp_path / "names.csv").write_text(ROSTER)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    write_save(
        tmp_path / "turn.vlog",
        [
            piece_command("1", "GE 1. ID", *at("1401")),
            piece_command("2", "FR, 3e Cav;1/2", *at("1301")),
            piece_command("3", HOSTILE, *at("1004")),
            "Main MapBoardPicker\tMap\t0\t0",
        ],
        log=[
            move_command("1", *at("1602"), at("1401")),
            move_command("1", *at("2308"), at("1602")),
            move_command("3", *at("1105"), at("1004")),
            move_command("2", *at("1203"), at("1301")),
        ],
    )
    out = tmp_path / "report.html"
    r = _check(tmp_path, "--html", out)
    assert r.exit_code == 1, r.output  # move 2 is illegal
    return out


def test_the_page_is_self_contained_and_escapes_the_log(report):
    text = report.read_text()
    assert "data:image/png;base64," in text  # the board, inline
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", text)  # nothing fetched from anywhere
    assert "default-src 'none'" in text  # and the browser is told so
    assert HOSTILE not in text and "<img src=x" not in text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in text  # shown, as text
    assert text.count('class="mv ') == 4  # every move drawn
    assert text.count('class="mv illegal"') == 1 and text.count('class="mv unknown"') == 1
    assert "R6-3" in text and "8 MP exceeds the movement allowance of 5" in text


def test_the_page_in_headless_chromium(report, tmp_path):
    url = report.as_uri()
    shot = tmp_path / "check-report.png"
    proc = _browse(tmp_path, url, f"--screenshot={shot}")
    assert _console(proc) == []
    assert shot.stat().st_size > 20_000
    print(f"screenshot of the check report: {shot}")
    dom = _browse(tmp_path, url, "--dump-dom")
    assert _console(dom) == []  # no script error, no blocked request, nothing logged
    html = dom.stdout
    assert '<body data-step="4"' in html  # the script ran to its end
    illegal = re.search(r'<ul class="list" id="illegal">(.*?)</ul>', html, re.S).group(1)
    assert "R6-3" in illegal and "Move 2" in illegal
    # opened at move 2, later moves are hidden and move 2 is the current one
    at2 = _browse(tmp_path, url + "#move-2", "--dump-dom").stdout
    assert '<body data-step="2"' in at2
    classes = dict(re.findall(r'<g class="([^"]+)" data-step="(\d)"', at2)[k][::-1] for k in range(4))
    assert "current" in classes["2"] and "illegal" in classes["2"]
    assert "future" in classes["3"] and "future" in classes["4"] and "past" in classes["1"]
    assert "R6-3: 2005 -&gt; 2106" in re.search(r'<div id="detail"[^>]*>(.*?)</div>', at2, re.S).group(1)


def test_check_refuses_to_write_the_page_over_an_input(report, tmp_path):
    d = tmp_path
    before = (d / "names.csv").read_bytes()
    r = _check(d, "--html", d / "names.csv")
    assert r.exit_code == 2 and "is an input of the command" in r.stderr
    assert (d / "names.csv").read_bytes() == before


def test_boards_are_laid_out_as_vassal_places_them(tmp_path):
    """A sheet cut into 3 x 3 boards: each board image at its place in the map, the view as large
    as the map, and a move drawn in map pixels across boards."""
    from railhead.exporters.vassal.check_html import render_check_html

    m = sample_map()
    write_module(m, tmp_path / "cut.vmod", max_board_px=600)
    write_save(tmp_path / "empty.vlog", [piece_command("1", "x", "Main Map", 10, 10)])
    step = {
        "move": 1,
        "piece": "x",
        "unit": None,
        "from_xy": ("Main Map", 100, 120),
        "to_xy": ("Main Map", 900, 800),
    }
    text = render_check_html(
        {"moves": 0, "steps": [step], "supply": {}}, tmp_path / "empty.vlog", tmp_path / "cut.vmod"
    )
    images = re.findall(r'<image x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"', text)
    assert len(images) == 9
    assert ("534", "470", "534", "470") in images and ("1068", "940", "532", "468") in images
    assert 'viewBox="0 0 1600 1408"' in text
    assert '<line x1="100" y1="120" x2="900" y2="800"' in text


def test_board_images_are_taken_by_their_bytes_not_their_names(tmp_path):
    """A board whose image entry is not an image (whatever its name) is drawn as an empty frame;
    SVG boards are kept as SVG."""
    import zipfile

    from railhead.exporters.vassal.board_images import board_images, media_type

    assert media_type(b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>') == "image/svg+xml"
    assert media_type(b"\x89PNG\r\n\x1a\n....") == "image/png" and media_type(b"<html>") is None
    write_module(sample_map(), tmp_path / "game.vmod")
    with zipfile.ZipFile(tmp_path / "game.vmod") as src, zipfile.ZipFile(tmp_path / "bad.vmod", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, b"<script>alert(1)</script>" if info.filename.startswith("images/") else data)
    assert list(board_images(tmp_path / "game.vmod")) == [("Main Map", "Map")]
    assert board_images(tmp_path / "bad.vmod") == {}
    write_save(tmp_path / "empty.vlog", [piece_command("1", "x", "Main Map", 10, 10)])
    from railhead.exporters.vassal.check_html import render_check_html

    text = render_check_html({"steps": [], "supply": {}}, tmp_path / "empty.vlog", tmp_path / "bad.vmod")
    assert "<image" not in text and "no image in the module" in text and "alert(1)" not in text
