"""Outputs never harm an input, take the user's umask, and leave no temporary file behind: not when a
write fails, not when the process is stopped (SIGTERM), not after it is killed (the next write into
the folder removes what a dead process left)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.files import TMP_PREFIX, atomic_output
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map


@pytest.fixture
def files(tmp_path):
    m = sample_map()
    write_mapdata(m, tmp_path / "map.json")
    (tmp_path / "state.json").write_text(json.dumps(sample_state(m)))
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def snapshot(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in d.iterdir() if p.is_file()}


@pytest.mark.parametrize(
    "args",
    [
        ("map", "export", "{d}/map.json", "--to", "{d}/link.gpkg"),  # the input through a link
        ("reach", "{d}/map.json", "{d}/state.json", "GE-1", "--png", "{d}/hard.png"),  # a hard link
        ("print-map", "{d}/map.json", "--out", "{d}/link.pdf", "--no-scan"),
        ("vassal", "export", "{d}/map.json", "--out", "{d}/link.vmod"),
        ("charts", "der-weltkrieg", "--values", "{d}/v.toml", "--template", "{d}/v.toml"),
    ],
)
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(files, args):
    for name in ("link.gpkg", "link.pdf", "link.vmod"):
        (files / name).symlink_to(files / "map.json")
    os.link(files / "state.json", files / "hard.png")
    (files / "v.toml").write_text('format = "railhead.chart-values/1"\n')
    before = snapshot(files)
    r = run(*[a.format(d=files) for a in args])
    assert r.exit_code == 2 and "is an input of the command" in r.stderr, r.output
    assert snapshot(files) == before and "Traceback" not in r.output


def test_outputs_take_the_users_umask(files):
    old = os.umask(0o027)
    try:
        r = run("map", "export", files / "map.json", "--to", files / "map.gpkg")
        assert r.exit_code == 0, r.output
        r = run("reach", files / "map.json", files / "state.json", "GE-1", "--png", files / "r.png")
        assert r.exit_code == 0, r.output
    finally:
        os.umask(old)
    for name in ("map.gpkg", "r.png"):
        assert (files / name).stat().st_mode & 0o777 == 0o640, name


def test_a_dead_process_temporary_file_is_removed_by_the_next_write(files):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    stale = files / f"{TMP_PREFIX}{dead.stdout.strip()}-abc-old.json"
    stale.write_text("half a file")
    mine = files / f"{TMP_PREFIX}{os.getpid()}-xyz-busy.json"  # a live writer's: kept
    mine.write_text("being written")
    with atomic_output(files / "new.json") as fh:
        fh.write("{}")
    assert not stale.exists() and mine.exists() and (files / "new.json").read_text() == "{}"


def test_sigterm_leaves_no_temporary_file(files):
    """A print of a large map stopped half-way: no output, no temporary file, exit 143."""
    railhead = Path(sys.executable).with_name("railhead")
    if not railhead.exists():
        pytest.skip("the railhead command is not installed beside this Python")
    from railhead.mapdata.sample import sample_map as big

    write_mapdata(big(cols=80, rows=60), files / "big.json")
    proc = subprocess.Popen(
        [str(railhead), "print-map", str(files / "big.json"), "--out", str(files / "big.pdf"), "--no-scan",
         "--hex-mm", "60"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(p.name.startswith(TMP_PREFIX) for p in files.iterdir()):
        if proc.poll() is not None:
            pytest.fail(f"print-map ended before it was stopped: {proc.stderr.read().decode()}")
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    assert proc.returncode == 143, proc.stderr.read().decode()[-2000:]
    assert not (files / "big.pdf").exists()
    assert not [p.name for p in files.iterdir() if p.name.startswith(TMP_PREFIX)]


def test_a_stop_turned_into_a_library_error_still_exits_as_a_stop(files, monkeypatch):
    """SIGTERM raised while a C library works can surface as that library's own error (matplotlib
    says "Invalid affine transformation matrix"): the run still ends as stopped, exit 143."""
    import railhead.cli as cli_module
    import railhead.exporters.charts.mapprint as mapprint

    real_draw, drawn = mapprint._draw_map, []

    def stopped_inside_a_library(*args, **kwargs):  # the stop lands while the second page is drawn
        drawn.append(1)
        if len(drawn) < 2:
            return real_draw(*args, **kwargs)
        try:
            cli_module._stop(signal.SIGTERM, None)
        except SystemExit:
            raise ValueError("Invalid affine transformation matrix") from None

    monkeypatch.setattr(mapprint, "_draw_map", stopped_inside_a_library)
    write_mapdata(sample_map(), files / "m.json")
    result = CliRunner().invoke(
        main, ["print-map", str(files / "m.json"), "--out", str(files / "m.pdf"), "--no-scan"]
    )
    assert result.exit_code == 143, result.output
    assert len(drawn) == 2  # the real printer ran: its index page was written to the temporary file
    assert "Traceback" not in result.output and "affine" not in result.output
    assert not (files / "m.pdf").exists()
    assert not [p.name for p in files.iterdir() if p.name.startswith(TMP_PREFIX)]
