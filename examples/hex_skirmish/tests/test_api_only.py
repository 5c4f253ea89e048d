"""Hex Skirmish uses railhead's author API (railhead.engine.api) and nothing else of railhead."""

from __future__ import annotations

import ast
from pathlib import Path

import hex_skirmish


def railhead_imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.split(".")[0] == "railhead"}


def test_the_ruleset_imports_only_the_public_api():
    files = sorted(Path(hex_skirmish.__file__).parent.glob("*.py"))
    assert len(files) >= 3
    used = {m for f in files for m in railhead_imports(f)}
    assert used == {"railhead.engine.api"}


def test_every_name_the_api_lists_exists():
    import railhead.engine.api as api

    missing = [n for n in api.__all__ if not hasattr(api, n)]
    assert not missing and len(api.__all__) == len(set(api.__all__))
