"""A scan on which no hex grid is found: exit 2, naming three hexes to click (#27, build 1)."""

from __future__ import annotations

import numpy as np
from click.testing import CliRunner

from railhead.cli import main
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import sample_legend


def _refusal(tmp_path, legend_text: str) -> str:
    (tmp_path / "legend.toml").write_text(legend_text)
    paper = np.full((600, 800, 3), 235, np.uint8)  # paper with nothing printed: no grid to find
    write_image(tmp_path / "blank.png", paper)
    out = tmp_path / "map.json"
    r = CliRunner().invoke(
        main,
        [
            "digitize",
            str(tmp_path / "blank.png"),
            "--legend",
            str(tmp_path / "legend.toml"),
            "--out",
            str(out),
        ],
    )
    assert r.exit_code == 2, r.output
    assert not out.exists() and "Traceback" not in r.output
    return r.stderr


def test_no_grid_found_names_the_legend_s_first_hex_to_click(tmp_path):
    err = _refusal(tmp_path, sample_legend().to_toml())
    assert "blank.png" in err and "--calibrate X,Y=ID" in err
    assert "0101 and two hexes far from it, one along its row and one along its column" in err


def test_no_grid_found_names_three_hexes_at_the_corners_of_the_legend_s_ranges(tmp_path):
    text = sample_legend().to_toml().replace("first = [1, 1]", "cols = [1, 20]\nrows = [1, 15]", 1)
    err = _refusal(tmp_path, text)
    assert "0101, 2001 and 0115, or any three far apart" in err
