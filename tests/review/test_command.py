"""``railhead review``: bad input is a message and exit 2 before anything is served."""

from __future__ import annotations

import socket

from click.testing import CliRunner

from railhead.cli import main
from railhead.review import server


def _review(*args: str):
    return CliRunner().invoke(main, ["review", *args, "--no-browser"])


def test_a_missing_scan_is_exit_2(scan_files, tmp_path):
    r = _review(
        str(tmp_path / "nope.png"), "--legend", str(scan_files.legend), "--map", str(tmp_path / "m.json")
    )
    assert r.exit_code == 2 and "nope.png" in r.output and "Traceback" not in r.output


def test_a_port_in_use_is_exit_2_before_the_scan_is_read(scan_files, tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = _review(
            str(scan_files.scan), "--legend", str(scan_files.legend), "--map", str(tmp_path / "m.json"),
            "--port", str(port),
        )  # fmt: skip
    assert r.exit_code == 2 and f"127.0.0.1:{port}" in r.output and "--port" in r.output
    assert not (tmp_path / "m.json").exists()


def test_the_map_may_not_name_an_input(scan_files):
    r = _review(str(scan_files.scan), "--legend", str(scan_files.legend), "--map", str(scan_files.legend))
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_an_area_legend_is_exit_2(scan_files, tmp_path):
    legend = tmp_path / "areas.toml"
    legend.write_text(scan_files.legend.read_text() + '\n[areas]\nborder = "#000000"\n')
    r = _review(str(scan_files.scan), "--legend", str(legend), "--map", str(tmp_path / "m.json"))
    assert r.exit_code == 2 and "area" in r.output and "Traceback" not in r.output


def test_a_browser_window_only_where_there_is_a_display(monkeypatch):
    monkeypatch.setattr(server.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not server.graphical_browser()
    assert not server.open_browser("http://127.0.0.1:1/")  # nothing opened, no text browser in the terminal
    monkeypatch.setenv("DISPLAY", ":0")
    assert server.graphical_browser()
