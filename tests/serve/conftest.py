"""The `served` fixture: a referee on each ruleset's sample (served_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from served_helpers import Served, sample_files  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``served(key)``: the referee of one sample, started once per test module."""
    running: dict[str, Served] = {}

    def get(key: str) -> Served:
        if key not in running:
            running[key] = Served(sample_files(key, tmp_path_factory.mktemp(key.replace("/", "-"))))
        return running[key]

    yield get
    for s in running.values():
        s.stop()
