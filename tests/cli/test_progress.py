"""Long commands show one kind of progress bar (tqdm, on stderr) on a terminal only: never in a
pipe or a file, never with --json; and every command says what it wrote."""

from __future__ import annotations

import io
import json
import sys

from click.testing import CliRunner

from railhead.cli import _progress, main


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_is_drawn_on_a_terminal_only(monkeypatch):
    monkeypatch.setattr(sys, "stderr", _Terminal())
    bar, step = _progress(3, "digitize")
    step("grid")
    assert not bar.disable
    bar.close()
    assert "digitize" in sys.stderr.getvalue()
    bar, _ = _progress(3, "digitize", quiet=True)  # --json
    assert bar.disable
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a pipe, a file
    bar, _ = _progress(3, "digitize")
    assert bar.disable


def test_digitize_says_what_it_wrote_and_json_stays_pure(demo, tmp_path):
    d = demo.folder
    out, overlay, report = tmp_path / "m.json", tmp_path / "review.png", tmp_path / "r.json"
    args = ["digitize", d / "sample-scan.png", "--legend", d / "sample-legend.toml", "--out", out,
            "--overlay", overlay, "--report", report, "--json"]  # fmt: skip
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    json.loads(r.stdout)  # nothing but the report on stdout
    for p in (out, overlay, report):
        assert p.exists() and f"wrote {p}" in r.stderr, r.stderr


def test_supply_png_says_every_picture_it_wrote(demo, tmp_path):
    d = demo.folder / "gmt-great-war"
    png = tmp_path / "s.png"
    args = ["supply", d / "gmt-map.json", d / "gmt-state.json", "--side", "cp", "--png", png]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    written = [line.split()[1] for line in r.stderr.splitlines() if line.startswith("wrote ")]
    assert len(written) == 6 and str(png) in written  # one picture per front map, each said
    assert all(tmp_path.joinpath(p).exists() for p in written)
