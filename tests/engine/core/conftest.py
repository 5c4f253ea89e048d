"""The core's tests run a small test-only ruleset (``toy_ruleset.py``), registered here."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from railhead.engine.registry import RulesetEntry, register, unregister  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def toy_ruleset():
    register(RulesetEntry("toy", "toy_ruleset:RULESET"))
    yield
    unregister("toy")
