"""``railhead check --phases-template`` on modules whose turn tracker names no phases."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.saves import piece_command, write_save

B = "VASSAL.build"


def _counter_only_module(path):
    """Many real modules' tracker: one turn counter, no list of phases (its level often unnamed)."""
    root = ET.Element(f"{B}.GameModule", name="turns", version="1")
    tt = ET.SubElement(root, f"{B}.module.turn.TurnTracker", name="Turn")
    ET.SubElement(tt, f"{B}.module.turn.CounterTurnLevel", start="1", incr="1")
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", ET.tostring(root, encoding="utf-8", xml_declaration=True))


def test_a_tracker_that_only_counts_turns_gets_no_empty_template(tmp_path):
    _counter_only_module(tmp_path / "m.vmod")
    write_save(tmp_path / "g.vsav", [piece_command("1", "GE 1. ID", "Main Map", 100, 100)])
    out = tmp_path / "p.toml"
    r = CliRunner().invoke(
        main,
        [
            "check",
            str(tmp_path / "g.vsav"),
            "--module",
            str(tmp_path / "m.vmod"),
            "--phases-template",
            str(out),
        ],
    )
    assert r.exit_code == 2, r.output
    assert "m.vmod" in r.stderr and "count turns only" in r.stderr and "'Turn'" in r.stderr
    assert not out.exists()  # no template with nothing to fill in
