"""The shared real maps the pipeline tests read (``../shared/realmaps`` beside the project)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def need_real_map(folder: Path) -> Path:
    """``folder`` if it holds a real map's ``truth.json``; otherwise skip the test, saying why, or
    under ``CI=true`` fail it (../shared must sit beside the project there)."""
    if not (folder / "truth.json").exists():
        if os.environ.get("CI") == "true":
            pytest.fail(
                f"CI=true but the real map {folder} is missing (../shared must sit beside the project)"
            )
        pytest.skip(f"real map {folder} not present (../shared/realmaps beside the project)")
    return folder
