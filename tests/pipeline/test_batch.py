"""digitize-batch: a folder of scans on a local Dask cluster, one report; a bad sheet is reported,
the good ones still written."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.mapdata.io import read_mapdata
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import degrade


def test_a_folder_of_sheets(tmp_path, clean, legend):
    scans = tmp_path / "scans"
    scans.mkdir()
    for k in (1, 2):
        write_image(scans / f"sheet{k}.png", degrade(clean, k, seed=k).image)
    (scans / "broken.jpg").write_bytes(b"not a picture")
    (scans / "notes.txt").write_text("ignored")
    (tmp_path / "legend.toml").write_text(legend.to_toml())
    out = tmp_path / "maps"
    args = ["digitize-batch", scans, "--legend", tmp_path / "legend.toml", "--out", out, "--workers", 1]
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--report", tmp_path / "r.json", "--json"]])
    assert r.exit_code == 2, r.output  # one sheet failed
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["digitized"] == 2 and rep["failed"] == 1
    bad = [s for s in rep["sheets"] if "error" in s]
    assert bad[0]["scan"].endswith("broken.jpg") and "not an image" in bad[0]["error"]
    for k in (1, 2):
        m = read_mapdata(out / f"sheet{k}.json")
        assert len(m.hexes) == len(clean.truth.hexes)
    r = CliRunner().invoke(
        main,
        [
            "digitize-batch",
            str(tmp_path / "none"),
            "--legend",
            str(tmp_path / "legend.toml"),
            "--out",
            str(out),
        ],
    )
    assert r.exit_code == 2 and "no such folder" in r.output
