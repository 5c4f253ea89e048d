"""A test that needs a missing tool skips on a developer's machine and fails under CI=true."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(("ci", "outcome"), [("", "1 skipped"), ("true", "1 failed, 1 error")])
def test_missing_tools_skip_locally_and_fail_in_ci(tmp_path, ci, outcome):
    shutil.copy(Path(__file__).parent / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_x.py").write_text(
        "import pytest\n"
        "@pytest.mark.needs_tools('railhead-no-such-tool')\n"
        "def test_marked():\n    pass\n"
        "def test_fixture(tool_missing):\n    tool_missing('VASSAL is not here')\n"
    )
    env = {**os.environ, "CI": ci}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    summary = done.stdout.strip().splitlines()[-1]
    if ci:
        assert done.returncode == 1 and outcome in summary, done.stdout
        assert "CI=true, and a tool this test needs is missing" in done.stdout
    else:
        assert done.returncode == 0 and "2 skipped" in summary, done.stdout
