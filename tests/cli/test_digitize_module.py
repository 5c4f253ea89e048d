"""`railhead digitize --module`: a board of a VASSAL module digitized with the grid the module states,
so every hex id is the name VASSAL gives that hex."""

from __future__ import annotations

import io
import json

import numpy as np
from click.testing import CliRunner
from PIL import Image

from railhead.cli import main
from railhead.exporters.vassal.module import write_module
from railhead.mapdata.io import read_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.synth import sample_legend, synthesize


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_module_board_digitized_has_vassals_names_and_its_terrain(tmp_path):
    legend = sample_legend()
    scan = synthesize(sample_map(), legend, seed=7, level=0)
    m = scan.truth  # the map with its grid where the printed scan has it
    buf = io.BytesIO()
    Image.fromarray(np.asarray(scan.image)).save(buf, "PNG")
    write_module(m, tmp_path / "game.vmod", image_for=lambda _m, _s: buf.getvalue())
    text = legend.to_toml()
    (tmp_path / "legend.toml").write_text(text)
    r = run("digitize", "--module", tmp_path / "game.vmod", "--legend", tmp_path / "legend.toml",
            "--out", tmp_path / "board.json")  # fmt: skip
    assert r.exit_code == 0, r.output
    whole = read_mapdata(tmp_path / "board.json")  # every hex VASSAL names on the board, margins too
    assert set(whole.hexes) > set(m.hexes)
    g = m.sheets[0].grid  # the legend says which of them the map prints
    printed = text.replace("first = [1, 1]", f"cols = {list(g.cols)}\nrows = {list(g.rows)}")
    (tmp_path / "legend.toml").write_text(printed)
    r = run("digitize", "--module", tmp_path / "game.vmod", "--legend", tmp_path / "legend.toml",
            "--out", tmp_path / "map.json", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    got = read_mapdata(tmp_path / "map.json")
    assert set(got.hexes) == set(m.hexes)  # the module's names, not a grid found or clicked
    same = sum(got.hexes[h].terrain == m.hexes[h].terrain for h in m.hexes)
    assert same / len(m.hexes) > 0.95
    assert (tmp_path / "map-board.png").read_bytes()[:4] == b"\x89PNG"
    assert got.sheets[0].image == "map-board.png"
    assert json.loads(r.stdout)["hexes"] == len(m.hexes)


def test_module_and_scans_together_or_neither_exit_2(tmp_path):
    (tmp_path / "legend.toml").write_text(sample_legend().to_toml())
    write_module(sample_map(cols=8, rows=6), tmp_path / "g.vmod")
    r = run("digitize", tmp_path / "legend.toml", "--module", tmp_path / "g.vmod", "--legend",
            tmp_path / "legend.toml", "--out", tmp_path / "m.json")  # fmt: skip
    assert r.exit_code == 2 and "not both" in r.stderr
    r = run("digitize", "--legend", tmp_path / "legend.toml", "--out", tmp_path / "m.json")
    assert r.exit_code == 2 and "--module" in r.stderr
    r = run("digitize", "--module", tmp_path / "g.vmod", "--board", "Nope",
            "--legend", tmp_path / "legend.toml", "--out", tmp_path / "m.json")  # fmt: skip
    assert r.exit_code == 2 and "no board named 'Nope'" in r.stderr
