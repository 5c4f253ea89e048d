from __future__ import annotations

import sys
from pathlib import Path

import pytest

from railhead.mapdata.sample import sample_map
from railhead.pipeline.synth import render, sample_legend

sys.path.insert(0, str(Path(__file__).parent))  # the tests' helper modules (shared_maps)


@pytest.fixture(scope="session")
def legend():
    return sample_legend()


@pytest.fixture(scope="session")
def clean(legend):
    """The sample map printed cleanly (degradation is applied per test)."""
    return render(sample_map(), legend, seed=5)
