"""The engine's import graph, read from the source: every import statement counts (at the top,
inside functions and under TYPE_CHECKING alike)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import railhead.engine

ENGINE = Path(railhead.engine.__file__).parent


def _module(path: Path) -> str:
    rel = path.relative_to(ENGINE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return "railhead." + ".".join(parts)


def _imports(path: Path, name: str) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            target = (
                (base + ("." + node.module if node.module else "")) if node.level else (node.module or "")
            )
            out.add(target)
            out.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def outside_imports() -> dict[str, set[str]]:
    """Per engine module, every module outside ``engine/`` it imports (absolute names)."""
    files = {_module(p): p for p in ENGINE.rglob("*.py")}
    return {
        name: {t for t in _imports(path, name) if not t.startswith("railhead.engine")}
        for name, path in files.items()
    }


def import_graph() -> nx.DiGraph:
    files = {_module(p): p for p in ENGINE.rglob("*.py")}
    g = nx.DiGraph()
    g.add_nodes_from(files)
    for name, path in files.items():
        for target in _imports(path, name):
            if target in files and target != name:
                g.add_edge(name, target)
    return g
