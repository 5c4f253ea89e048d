"""The demo's output, made once per test session: the demo test and the doc test both read it."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from railhead.cli import main

sys.path.insert(0, str(Path(__file__).parent))  # dw_cli_cases: shared with tests/serve


@dataclass(frozen=True)
class Demo:
    folder: Path  # demo-out/ as `railhead demo` writes it
    output: str  # what the demo printed


@pytest.fixture(scope="session")
def demo(tmp_path_factory) -> Demo:
    folder = tmp_path_factory.mktemp("doc") / "demo-out"
    r = CliRunner().invoke(main, ["demo", "--out", str(folder)])
    assert r.exit_code == 0, r.output[-2000:]
    return Demo(folder, r.output)
