"""Hex Skirmish's tests run against the installed distribution (``pip install -e
examples/hex_skirmish``; ``make test`` installs it), the way railhead finds an outside ruleset:
through its entry point. Without it they are skipped, saying so, and fail under CI=true."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
from pathlib import Path

import pytest

INSTALLED = importlib.util.find_spec("hex_skirmish") is not None
HOW = "Hex Skirmish is not installed: pip install -e examples/hex_skirmish (make test does)"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without the distribution, only test_installed.py is collected: it says what is missing."""
    if (
        not INSTALLED
        and collection_path.name.startswith("test_")
        and collection_path.name != "test_installed.py"
    ):
        return True
    return None


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


@pytest.fixture
def installed() -> None:
    """Skip (saying why) without the distribution; under CI=true fail instead."""
    if not INSTALLED:
        if in_ci():
            pytest.fail(f"CI=true: {HOW}", pytrace=False)
        pytest.skip(HOW)


@pytest.fixture
def sample(tmp_path):
    """The sample map and position, copied where a test may change them: (map, state) paths."""
    from hex_skirmish.sample import SAMPLE

    out = []
    for name in ("map.json", "state.json"):
        shutil.copy(SAMPLE / name, tmp_path / name)
        out.append(tmp_path / name)
    return tuple(out)


@pytest.fixture
def edit_state():
    """Rewrite a state file: ``edit_state(path, change)`` where ``change(doc)`` edits the document."""

    def edit(path: Path, change) -> Path:
        doc = json.loads(path.read_text())
        change(doc)
        path.write_text(json.dumps(doc))
        return path

    return edit
