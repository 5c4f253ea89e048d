"""A generated scan to review, and a review session of it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import sample_legend, synthesize


@dataclass(frozen=True)
class ScanFiles:
    scan: Path
    legend: Path
    truth: Path


@pytest.fixture(scope="session")
def scan_files(tmp_path_factory) -> ScanFiles:
    """A small generated scan (10 x 8 hexes, mildly degraded) and its legend, which gives the printed
    ranges so that the grid is found with no clicks on so few hexes."""
    d = tmp_path_factory.mktemp("scan")
    legend = sample_legend()
    m = sample_map(cols=10, rows=8)
    scan = synthesize(m, legend, seed=3, level=1)
    write_image(d / "scan.png", scan.image)
    write_mapdata(scan.truth, d / "truth.json")
    text = legend.to_toml().replace("first = [1, 1]", "cols = [1, 10]\nrows = [1, 8]")
    assert "cols = [1, 10]" in text
    (d / "legend.toml").write_text(text)
    return ScanFiles(d / "scan.png", d / "legend.toml", d / "truth.json")


@pytest.fixture(scope="module")
def review_session_module(scan_files, tmp_path_factory):
    """One review session of the generated scan, shared by a module's tests (its files in a folder of
    its own)."""
    from railhead.review.session import ReviewSession

    folder = tmp_path_factory.mktemp("review")
    return ReviewSession([scan_files.scan], scan_files.legend, folder / "map.json")
