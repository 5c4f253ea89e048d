"""Checks that may skip on a developer's machine but never in CI.

A test that needs a tool ``make test`` installs (VASSAL's engine, the Java libraries it needs, Xvfb,
poppler's pdftoppm) calls the ``tool_missing`` fixture, or carries ``@pytest.mark.needs_tools(...)``
naming programs on PATH: without the tool it skips, saying why, except under ``CI=true``, where it
fails, so that a green CI run means every such check really ran."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from typing import NoReturn

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def missing_tool(why: str) -> NoReturn:
    """Skip the test, saying why; under CI=true fail it instead."""
    if in_ci():
        pytest.fail(f"CI=true, and a tool this test needs is missing: {why}", pytrace=False)
    pytest.skip(why)


@pytest.fixture(autouse=True, scope="session")
def _map_cache_in_a_temporary_folder(tmp_path_factory):
    """The tests' maps are cached in a folder of their own, never in the user's cache."""
    os.environ["RAILHEAD_CACHE_DIR"] = str(tmp_path_factory.mktemp("map-cache"))


@pytest.fixture(scope="session")
def tool_missing() -> Callable[[str], NoReturn]:
    return missing_tool


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "needs_tools(*programs): programs on PATH the test needs (skip, or fail under CI=true)"
    )


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs_tools"):
        absent = [name for name in mark.args if shutil.which(name) is None]
        if absent:
            missing_tool(f"{', '.join(absent)} not installed (`make test` installs it)")


@pytest.fixture
def check_inputs(tmp_path):
    """Writes what `railhead check` reads, beside the test: a map, its VASSAL module and a roster;
    gives back the check options naming them."""
    from railhead.exporters.vassal.module import write_module
    from railhead.mapdata.io import write_mapdata

    def write(m, roster: str) -> list[str]:
        write_mapdata(m, tmp_path / "map.json")
        write_module(m, tmp_path / "game.vmod")
        (tmp_path / "roster.csv").write_text(roster)
        return ["--module", str(tmp_path / "game.vmod"), "--map", str(tmp_path / "map.json"),
                "--roster", str(tmp_path / "roster.csv")]  # fmt: skip

    return write
